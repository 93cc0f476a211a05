// Cold start: a fresh process importing dist/index.js, against one running an empty script.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { runtimeBin } from '../../test/runtimes/tools.ts'
import { median } from '../lib/measure.ts'
import { figure, row, type Section } from '../lib/report.ts'

interface Runtime { name: string; command: string; args: string[] }

/** Called when the case runs, not on import: Deno is fetched into .cache/runtimes on first use. */
const runtimes = (): Runtime[] => [
  { name: 'Node', command: process.execPath, args: [] },
  { name: 'Deno', command: runtimeBin('deno'), args: ['run', '--quiet', '--no-prompt'] },
]

function wallMs(runtime: Runtime, script: string): number {
  const started = performance.now()
  const result = spawnSync(runtime.command, [...runtime.args, script], { encoding: 'utf8' })
  const elapsed = performance.now() - started
  if (result.status !== 0) throw new Error(`${runtime.name} ${script} failed: ${result.stderr || result.error}`)
  return elapsed
}

export function coldStartCase(runs: number): Section {
  const section: Section = { id: 'cold-start', title: `Cold start (ms per process, median of ${runs} runs, lower is better)`, rows: [], notes: [] }
  for (const runtime of runtimes()) {
    if (!existsSync(runtime.command)) {
      section.notes.push(`${runtime.name}: not run, ${runtime.command} is missing.`)
      continue
    }
    // One discarded run of each first: disk cache and Deno's code cache are warm for every measured run.
    const times: Record<string, number[]> = { empty: [], fetch: [], import: [] }
    for (const script of Object.keys(times)) wallMs(runtime, `bench/cold/${script}.js`)
    for (let i = 0; i < runs; i++) {
      for (const [script, list] of Object.entries(times)) list.push(wallMs(runtime, `bench/cold/${script}.js`))
    }
    const [empty, fetch, loaded] = [median(times.empty!), median(times.fetch!), median(times.import!)]
    const common = { case: runtime.name, subject: 'import dist/index.js', value: loaded, unit: 'ms', better: 'lower' } as const
    section.rows.push(
      row({ ...common, baseline: 'empty script', baselineValue: empty }),
      row({ ...common, baseline: 'script touching fetch', baselineValue: fetch }),
    )
    section.notes.push(`${runtime.name}: importing the library adds ${figure(loaded - empty)} ms to an empty script's start, ${figure(loaded - fetch)} ms to one that touches fetch (min ${figure(Math.min(...times.import!))} / ${figure(Math.min(...times.empty!))} / ${figure(Math.min(...times.fetch!))} ms).`)
  }
  return section
}
