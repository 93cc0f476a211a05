// The size figures the docs quote, each marked with the measurement it comes from, e.g.
//   **15.3 KB<!--size:core.gzip-->**   (ids: scripts/size.ts; fields: gzip, minified, limit)
// The mark is an HTML comment: invisible on a rendered page. `node scripts/size.ts --write-docs` rewrites
// every marked figure from a new measurement; test/docs/size-figures.test.ts fails when one differs from
// the last measurement (test-output/size.json, which `npm test`'s size stage writes).
import { readFileSync, writeFileSync } from 'node:fs'

export interface Measured {
  id: string
  name: string
  minified: number
  gzip: number
  limit?: number
}

type Field = 'gzip' | 'minified' | 'limit'

/** The docs that quote sizes; performance.md quotes every measurement's gzip figure. */
export const DOCS_WITH_FIGURES = ['README.md', 'docs/performance.md', 'docs/guide.md']
const EVERY_FIGURE_IN = 'docs/performance.md'

const MARKED = /(\d+(?:\.\d+)?) KB<!--size:([\w-]+)\.(\w+)-->/g

/** 1 KB = 1,000 bytes, one decimal, as scripts/size.ts prints it. */
export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`

function value(measured: readonly Measured[], id: string, field: string): number | undefined {
  const found = measured.find((m) => m.id === id)
  return field === 'gzip' || field === 'minified' || field === 'limit' ? found?.[field as Field] : undefined
}

/** Each marked figure that is not what was measured, and each measurement performance.md does not quote. */
export function staleFigures(measured: readonly Measured[], read = (file: string) => readFileSync(file, 'utf8')): string[] {
  const problems: string[] = []
  for (const file of DOCS_WITH_FIGURES) {
    const text = read(file)
    for (const [mark, quoted, id, field] of text.matchAll(MARKED)) {
      const bytes = value(measured, id!, field!)
      if (bytes === undefined) problems.push(`${file}: ${mark} names no measurement`)
      else if (`${quoted} KB` !== kb(bytes)) problems.push(`${file}: ${mark} measures ${kb(bytes)}`)
    }
    if (file === EVERY_FIGURE_IN) {
      for (const { id } of measured) if (!text.includes(`<!--size:${id}.gzip-->`)) problems.push(`${file} does not quote ${id}.gzip`)
    }
  }
  return problems
}

/** Rewrites every marked figure from `measured`; returns the files it changed. */
export function writeFigures(measured: readonly Measured[]): string[] {
  const changed: string[] = []
  for (const file of DOCS_WITH_FIGURES) {
    const text = readFileSync(file, 'utf8')
    const next = text.replace(MARKED, (mark, _quoted: string, id: string, field: string) => {
      const bytes = value(measured, id, field)
      return bytes === undefined ? mark : `${kb(bytes)}<!--size:${id}.${field}-->`
    })
    if (next !== text) {
      writeFileSync(file, next)
      changed.push(file)
    }
  }
  return changed
}
