// The sizes README.md and docs/ quote are the last measurement of scripts/size.ts, not figures typed in once
// and left to drift: each is marked with the measurement it comes from (scripts/size-docs.ts), and
// `node scripts/size.ts --write-docs` rewrites them.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { DOCS_WITH_FIGURES, staleFigures, type Measured } from '../../scripts/size-docs.ts'

const REPORT = 'test-output/size.json'

/** `npm test`'s size stage writes the report before this runs; alone, this measures (and builds if dist/ is missing). */
function lastMeasurement(): Measured[] {
  const read = () => (existsSync(REPORT) ? (JSON.parse(readFileSync(REPORT, 'utf8')) as { budgets: Measured[]; figures: Measured[] }) : undefined)
  let report = read()
  if (!report || [...report.budgets, ...report.figures].some((m) => m.id === undefined)) {
    const build = existsSync('dist/index.js') ? ['--no-build'] : []
    spawnSync(process.execPath, ['scripts/size.ts', ...build, '--report', REPORT], { stdio: 'ignore' })
    report = read()
  }
  if (!report) throw new Error(`scripts/size.ts wrote no ${REPORT}`)
  return [...report.budgets, ...report.figures]
}

describe('size figures in the docs', () => {
  it('every marked figure is what scripts/size.ts last measured, and docs/performance.md quotes every measurement', () => {
    const measured = lastMeasurement()
    expect(measured.map((m) => m.id)).toEqual(expect.arrayContaining(['core', 'method', 'area', 'entry', 'iife', 'client', 'strict']))
    expect(staleFigures(measured), 'run node scripts/size.ts --write-docs').toEqual([])
  })

  it('the README quotes what ExchangeCore and ExchangeClient cost', () => {
    const readme = readFileSync('README.md', 'utf8')
    for (const id of ['core', 'method', 'client']) expect(readme).toContain(`<!--size:${id}.gzip-->`)
  })

  it('a figure that drifted, or names no measurement, is caught', () => {
    const measured: Measured[] = [{ id: 'core', name: 'core', minified: 40_900, gzip: 15_292 }]
    const docs: Record<string, string> = {
      'README.md': 'core: 15.3 KB<!--size:core.gzip--> and 41.0 KB<!--size:core.minified-->',
      'docs/performance.md': 'core: 15.3 KB<!--size:core.gzip-->, 9.9 KB<!--size:nope.gzip-->',
      'docs/guide.md': '',
    }
    expect(Object.keys(docs)).toEqual(DOCS_WITH_FIGURES)
    expect(staleFigures(measured, (file) => docs[file]!)).toEqual([
      'README.md: 41.0 KB<!--size:core.minified--> measures 40.9 KB',
      'docs/performance.md: 9.9 KB<!--size:nope.gzip--> names no measurement',
    ])
    expect(staleFigures(measured, (file) => (file === 'docs/performance.md' ? '' : docs[file]!))).toContain('docs/performance.md does not quote core.gzip')
  })
})
