// Cold start: a fresh process importing the package (which Node and Deno resolve to the one-file build,
// dist/runtime/) and building an ExchangeClient, against one running an empty script (and one that only
// touches fetch), in alternating process pairs; the per-module files (dist/index.js, what bundlers read) beside it.
// `npm test` holds Node's figure to a bound with scripts/cold-start.ts.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { runtimeBin } from '../../test/runtimes/tools.ts'
import { median } from '../lib/measure.ts'
import { row, type Section } from '../lib/report.ts'

interface Runtime { name: string; command: string; args: string[]; target?: number }

/** Importing the root and building a client costs at most this multiple of an empty Node script (issue #23). */
const NODE_TARGET = 1.6

/** Called when the case runs, not on import: Deno is fetched into .cache/runtimes on first use. */
const runtimes = (): Runtime[] => [
  { name: 'Node', command: process.execPath, args: [], target: NODE_TARGET },
  { name: 'Deno', command: runtimeBin('deno'), args: ['run', '--quiet', '--no-prompt'] },
]

function wallMs(runtime: Runtime, script: string): number {
  const started = performance.now()
  const result = spawnSync(runtime.command, [...runtime.args, `bench/cold/${script}.js`], { encoding: 'utf8' })
  const elapsed = performance.now() - started
  if (result.status !== 0) throw new Error(`${runtime.name} ${script} failed: ${result.stderr || result.error}`)
  return elapsed
}

const spread = (values: number[], digits = 2) => `min ${Math.min(...values).toFixed(digits)} / median ${median(values).toFixed(digits)} / max ${Math.max(...values).toFixed(digits)}`

export function coldStartCase(runs: number): Section {
  const section: Section = { id: 'cold-start', title: `Cold start (ms per process, ${runs} alternating runs each, lower is better)`, rows: [], notes: [] }
  for (const runtime of runtimes()) {
    if (!existsSync(runtime.command)) {
      section.notes.push(`${runtime.name}: not run, ${runtime.command} is missing.`)
      continue
    }
    // One discarded run of each first: disk cache and Deno's code cache are warm for every measured run.
    const scripts = ['empty', 'fetch', 'import', 'import-modules'] as const
    for (const script of scripts) wallMs(runtime, script)
    const times: Record<(typeof scripts)[number], number[]> = { empty: [], fetch: [], import: [], 'import-modules': [] }
    for (let i = 0; i < runs; i++) {
      // The order rotates, so no script always runs right after another.
      for (let j = 0; j < scripts.length; j++) {
        const script = scripts[(i + j) % scripts.length]!
        times[script].push(wallMs(runtime, script))
      }
    }
    // Each run's ratio against the baseline run of the same turn: a slow spell hits both.
    const ratios = (subject: number[], baseline: number[]) => subject.map((value, i) => value / baseline[i]!)
    const common = { case: runtime.name, subject: "import 'exchange-client' + new ExchangeClient", value: median(times.import), unit: 'ms', better: 'lower' } as const
    const modules = { ...common, subject: 'import dist/index.js (per-module) + new ExchangeClient', value: median(times['import-modules']) }
    const emptyRatios = ratios(times.import, times.empty)
    section.rows.push(
      row({ ...common, baseline: 'empty script', baselineValue: median(times.empty), ratio: median(emptyRatios), target: runtime.target }),
      row({ ...common, baseline: 'script touching fetch', baselineValue: median(times.fetch), ratio: median(ratios(times.import, times.fetch)) }),
      row({ ...modules, baseline: 'empty script', baselineValue: median(times.empty), ratio: median(ratios(times['import-modules'], times.empty)) }),
    )
    section.notes.push(
      `${runtime.name}: ratio to an empty script per turn ${spread(emptyRatios)}; import + client ${spread(times.import, 1)} ms (per-module files ${spread(times['import-modules'], 1)} ms), empty ${spread(times.empty, 1)} ms, touching fetch ${spread(times.fetch, 1)} ms.`,
    )
  }
  return section
}
