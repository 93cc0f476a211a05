import type { Plugin } from 'vite'

/**
 * valibot's schema factories are side-effect free, and valibot marks them so (`@__NO_SIDE_EFFECTS__`), but
 * esbuild does not honour that mark across modules: a program bundled by esbuild kept every schema of every
 * module it touched (a one-method program carried the kline, wallet and prediction-price schemas). The
 * published build marks each call of a factory `/* @__PURE__ *\/`, which every bundler honours, so an unused
 * schema is dropped. Only the factories: a check run for its effect (`parse`, `safeParse`) is never marked.
 */
const FACTORIES = new Set([
  'array', 'boolean', 'check', 'forward', 'function', 'integer', 'literal', 'maxLength', 'maxValue', 'minLength',
  'minValue', 'multipleOf', 'never', 'nonEmpty', 'nullable', 'nullish', 'number', 'object', 'optional', 'picklist',
  'pipe', 'record', 'regex', 'safeInteger', 'strictObject', 'string', 'transform', 'tuple', 'union', 'unknown',
])

interface Node {
  type?: string
  start: number
  callee?: { type: string; object?: { type: string; name?: string }; property?: { type: string; name?: string } }
}

export function markSchemasPure(): Plugin {
  return {
    name: 'mark-schemas-pure',
    enforce: 'post',
    transform(code, id) {
      if (!/\/src\/(?!testing\/).+\.ts$/.test(id) || !/import \* as v from ['"]valibot['"]/.test(code)) return undefined
      const marks: number[] = []
      const visit = (node: unknown): void => {
        if (Array.isArray(node)) return node.forEach(visit)
        if (typeof node !== 'object' || node === null) return
        const { type, callee, start } = node as Node
        if (type === 'CallExpression' && callee?.type === 'MemberExpression' && callee.object?.name === 'v' && FACTORIES.has(callee.property?.name ?? '')) {
          marks.push(start)
        }
        for (const value of Object.values(node)) if (typeof value === 'object') visit(value)
      }
      visit(this.parse(code))
      let out = code
      for (const at of marks.sort((a, b) => b - a)) out = `${out.slice(0, at)}/* @__PURE__ */ ${out.slice(at)}`
      return { code: out, map: null }
    },
  }
}
