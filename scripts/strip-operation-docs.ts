import type { Plugin } from 'vite'

/**
 * The `summary`, `example` and `specName` of an operation descriptor document it: the operations table and the
 * conformance tests read them from the sources. The published build leaves them out, so users do not
 * download documentation with every method.
 */
export function stripOperationDocs(): Plugin {
  return {
    name: 'strip-operation-docs',
    enforce: 'post',
    transform(code, id) {
      if (!/\/src\/api\/.+\.ts$/.test(id) || !/\b(summary|example)\s*:/.test(code)) return undefined
      const cuts: [number, number][] = []
      const visit = (node: unknown): void => {
        if (Array.isArray(node)) return node.forEach(visit)
        if (typeof node !== 'object' || node === null) return
        const object = node as { type?: string; properties?: Property[] }
        if (object.type === 'ObjectExpression' && isDescriptor(object.properties!)) {
          for (const property of object.properties!) {
            if (DOC_FIELDS.has(keyName(property) ?? '')) cuts.push([property.start, endOfProperty(code, property.end)])
          }
        }
        for (const value of Object.values(node)) if (typeof value === 'object') visit(value)
      }
      visit(this.parse(code))
      let out = code
      for (const [start, end] of cuts.sort((a, b) => b[0] - a[0])) out = out.slice(0, start) + out.slice(end)
      return { code: out, map: null }
    },
  }
}

interface Property {
  type: string
  start: number
  end: number
  key?: { type: string; name?: string; value?: unknown }
}

const DOC_FIELDS = new Set(['summary', 'example', 'specName'])

function keyName(property: Property): string | undefined {
  if (property.type !== 'Property' || !property.key) return undefined
  return property.key.type === 'Identifier' ? property.key.name : typeof property.key.value === 'string' ? property.key.value : undefined
}

/** An operation descriptor: an object literal with a method, a path and a summary. */
function isDescriptor(properties: Property[]): boolean {
  const names = new Set(properties.map(keyName))
  return names.has('method') && names.has('path') && names.has('summary')
}

/** Past the property's trailing comma, so the object stays well-formed. */
function endOfProperty(code: string, end: number): number {
  const comma = /^\s*,/.exec(code.slice(end))
  return comma ? end + comma[0].length : end
}
