// npm run bench [-- --quick] [-- --only signing,request] [-- --time <ms> --rounds <n>] [-- --no-build]
// Runs every bench case, prints it, and writes bench/results.json and bench/results.md (only after a
// full run, so a partial run never replaces the table docs/performance.md includes).
import { execFileSync } from 'node:child_process'
import { loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import { coldStartCase } from './cases/cold-start.ts'
import { exchangeCase } from './cases/exchange.ts'
import { growthCase } from './cases/growth.ts'
import { journalCase } from './cases/journal.ts'
import { requestCase } from './cases/request.ts'
import { signingCase } from './cases/signing.ts'
import { validationCase } from './cases/validation.ts'
import type { Settings } from './lib/measure.ts'
import { machine, printSection, writeResults, type Section } from './lib/report.ts'

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    time: { type: 'string' },
    rounds: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
  },
})

const settings: Settings = {
  // Many short rounds: on a shared machine a slow spell then hits every candidate of a round alike.
  timeMs: Number(values.time ?? (values.quick ? 40 : 80)),
  rounds: Number(values.rounds ?? (values.quick ? 5 : 15)),
}
const coldRuns = values.quick ? 4 : 10

const CASES: Record<string, () => Promise<Section> | Section> = {
  signing: () => signingCase(settings),
  request: () => requestCase(settings),
  journal: () => journalCase(settings),
  validation: () => validationCase(settings),
  'cold-start': () => coldStartCase(coldRuns),
  growth: () => growthCase(settings),
  exchange: () => exchangeCase(settings),
}

const only = values.only?.split(',').map((s) => s.trim())
const unknown = only?.filter((id) => !(id in CASES)) ?? []
if (unknown.length) throw new Error(`unknown case ${unknown.join(', ')}; cases: ${Object.keys(CASES).join(', ')}`)
const selected = only ?? Object.keys(CASES)

// Cold start times what users load: dist/ as built from these sources now.
if (selected.includes('cold-start') && !values['no-build']) execFileSync(process.execPath, ['scripts/build.ts'], { stdio: 'inherit' })

const meta = { generatedAt: new Date().toISOString(), machine: machine(), settings, coldRuns, quick: values.quick }
console.log(`bench: ${settings.rounds} round(s) × ${settings.timeMs} ms per candidate; ${meta.machine.cpus} cores, load ${meta.machine.loadAverageAtStart.join(' / ')}`)
const started = performance.now()
const sections: Section[] = []
for (const id of selected) {
  // One failing case is reported, and the others still run.
  const section = await Promise.resolve()
    .then(CASES[id]!)
    .catch((error: unknown): Section => {
      process.exitCode = 1
      return { id, title: id, rows: [], notes: [], failed: error instanceof Error ? error.message : String(error) }
    })
  printSection(section)
  sections.push(section)
}
console.log(`\nbench took ${((performance.now() - started) / 1000).toFixed(1)} s`)
if (only) console.log('partial run (--only): bench/results.json and bench/results.md left as they were')
else {
  writeResults('bench', sections, { ...meta, loadAverageAtEnd: loadavg().map((l) => Number(l.toFixed(2))) })
  console.log('wrote bench/results.json and bench/results.md')
}
