// Cold start: a fresh process importing dist/index.js, against one running an empty script.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { median } from '../lib/measure.ts'
import { figure, row, type Section } from '../lib/report.ts'

interface Runtime { name: string; command: string; args: string[] }

const RUNTIMES: Runtime[] = [
  { name: 'Node', command: process.execPath, args: [] },
  { name: 'Deno', command: 'node_modules/.bin/deno', args: ['run', '--quiet', '--no-prompt'] },
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
  for (const runtime of RUNTIMES) {
    if (!existsSync(runtime.command)) {
      section.notes.push(`${runtime.name}: not run, ${runtime.command} is missing.`)
      continue
    }
    // One discarded pair first: disk cache and Deno's code cache are warm for every measured run.
    wallMs(runtime, 'bench/cold/empty.js')
    wallMs(runtime, 'bench/cold/import.js')
    const empty: number[] = []
    const loaded: number[] = []
    for (let i = 0; i < runs; i++) {
      empty.push(wallMs(runtime, 'bench/cold/empty.js'))
      loaded.push(wallMs(runtime, 'bench/cold/import.js'))
    }
    const subject = median(loaded)
    const baseline = median(empty)
    section.rows.push(row({ case: runtime.name, subject: 'import dist/index.js', value: subject, baseline: 'empty script', baselineValue: baseline, unit: 'ms', better: 'lower' }))
    section.notes.push(`${runtime.name}: importing the library adds ${figure(subject - baseline)} ms to process start (min ${figure(Math.min(...loaded))} vs ${figure(Math.min(...empty))} ms).`)
  }
  return section
}
