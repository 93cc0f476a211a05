// Node's cold start, a stage of `npm test`: whole processes importing the package and building a client
// (bench/cold/import.js, which Node resolves to dist/runtime/ by its export conditions), against an empty
// script (bench/cold/empty.js, an ES module as the program is) in the same run; `node -e ''` and the
// per-module build bundlers read (bench/cold/import-modules.js) beside them.
//   node scripts/cold-start.ts [--rounds 31] [--report <file.json>] [--write]
// --write puts the figures into docs/performance.md (between its cold-start markers).
import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'

/**
 * Import + `new ExchangeClient` (with a key) may take at most this multiple of the CPU time of an empty script
 * (bench/cold/empty.js: Node starts its ES module loader for it, as for any program that imports the package;
 * `node -e ''` skips that, about 2 ms, and is reported beside), each ratio taken within one round, the median of
 * the rounds deciding. CPU time (user + system, as the process reports it on exit) and not wall time: on a
 * loaded 2-core machine the wall time of a 30-50 ms process is mostly the time it waits for a core (wall ratios
 * over one run spread 0.2-5x at a load of 2-3). The issue's target was 1.6x, met at 1.37-1.46x before the key
 * was imported when the client is built; since then (the secret's text must not outlive the constructor, issue
 * 30) Node loads its WebCrypto at start: +0.23x (2026-12-02, idle machine: 1.40x without a key, 1.57-1.67x with
 * one over five runs, the commit before the journal alike), so 1.6 left no margin. The bound keeps one above
 * that; a regression it guards against costs more: the per-module files (about 3.2x), or ky loaded at start
 * instead of on the first call (importing ky makes Node load its fetch: about 45 ms of CPU, more than the whole start).
 */
export const BOUND = 1.8

/** Each round runs the four programs once, in rotating order; each ratio is taken within its round. */
const PROGRAMS = {
  script: ['bench/cold/empty.js'],
  eval: ['-e', ''],
  runtime: ['bench/cold/import.js'],
  modules: ['bench/cold/import-modules.js'],
} as const
type Program = keyof typeof PROGRAMS
const CPU_REPORT = './bench/cold/cpu-time.cjs'

interface Run { wallMs: number; cpuMs: number }

/** One process: its wall time as the parent sees it, and its CPU time as it reported it on exit. */
function run(program: Program): Run {
  const started = performance.now()
  const result = spawnSync(process.execPath, ['--require', CPU_REPORT, ...PROGRAMS[program]], { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' })
  const wallMs = performance.now() - started
  const cpuUs = /^cpu-us (\d+)$/m.exec(result.stderr)?.[1]
  if (result.status !== 0 || !cpuUs) throw new Error(`node ${PROGRAMS[program].join(' ')} failed: ${result.stderr || result.error}`)
  return { wallMs, cpuMs: Number(cpuUs) / 1000 }
}

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

type Figures = Record<Program, number[]>

export interface ColdStart {
  rounds: number
  wallMs: Figures
  cpuMs: Figures
  load: { start: number[]; end: number[] }
}

const noFigures = (): Figures => ({ script: [], eval: [], runtime: [], modules: [] })

export function measureColdStart(rounds: number): ColdStart {
  const names = Object.keys(PROGRAMS) as Program[]
  const start = loadavg()
  // Not counted: the first run of each reads the files from disk.
  for (const name of names) run(name)
  const wallMs = noFigures()
  const cpuMs = noFigures()
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(round + i) % names.length]!
      const times = run(name)
      wallMs[name].push(times.wallMs)
      cpuMs[name].push(times.cpuMs)
    }
  }
  return { rounds, wallMs, cpuMs, load: { start, end: loadavg() } }
}

/** Per round: the program's time ÷ the baseline's (the empty script's, unless named) in the same round. */
export const ratios = (figures: Figures, program: Program, baseline: Program = 'script'): number[] =>
  figures[program].map((value, round) => value / figures[baseline][round]!)

/** Where Node resolves the package's own name from this directory: the build the measured program loads. */
function resolvedRoot(): string {
  const code = "process.stdout.write(import.meta.resolve('exchange-client'))"
  return spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' }).stdout
}

/** The one-method program of scripts/size.ts bundled for a browser from either build: what a single file costs bundlers. */
async function oneMethodGzip(dir: string): Promise<number> {
  const contents = `import { ExchangeCore, withKey } from './${dir}/index.js'
    import { placeOrder } from './${dir}/perp.js'
    placeOrder(withKey(new ExchangeCore({ baseUrl: 'https://api.example.com' }), { apiKey: 'demo_' + '0'.repeat(64), secretKey: '0'.repeat(64) }), { market: 'BTC-USDC', side: 'buy', type: 'limit', size: '0.01', price: '50000' })`
  const result = await build({ stdin: { contents, resolveDir: process.cwd() }, bundle: true, minify: true, format: 'esm', platform: 'browser', write: false, logLevel: 'error' })
  return gzipSync(result.outputFiles[0]!.contents, { level: 9 }).byteLength
}

const spread = (values: readonly number[], digits: number) =>
  `${Math.min(...values).toFixed(digits)} / ${median(values).toFixed(digits)} / ${Math.max(...values).toFixed(digits)}`

function table(result: ColdStart, sizes: { modules: number; runtime: number }): string {
  const { wallMs, cpuMs, load } = result
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`
  const ratio = (figures: Figures, program: Program, baseline: Program, bound = '') => (program === baseline ? '1' : `${spread(ratios(figures, program, baseline), 2)}${bound}`)
  const line = (name: string, program: Program, bound = '') =>
    `| ${name} | ${spread(cpuMs[program], 1)} | ${ratio(cpuMs, program, 'script', bound)} | ${ratio(cpuMs, program, 'eval')} | ${spread(wallMs[program], 1)} | ${ratio(wallMs, program, 'script')} |`
  return [
    `_\`node scripts/cold-start.ts --write\` on ${new Date().toISOString().slice(0, 10)}: Node ${process.version}, ${result.rounds} rounds, load ${load.start.map((l) => l.toFixed(1)).join(' / ')} at the start and ${load.end.map((l) => l.toFixed(1)).join(' / ')} at the end. Each cell: min / median / max over the rounds; each ratio is taken within its round._`,
    '',
    "| Node process | CPU ms | CPU ÷ empty script | CPU ÷ `node -e ''` | wall ms | wall ÷ empty script |",
    '|---|---:|---:|---:|---:|---:|',
    line('import + `new ExchangeClient`, one file per entry (`dist/runtime/`: Node, Deno, Bun)', 'runtime', ` (bound ${BOUND})`),
    line('the same from one file per module (`dist/`: what bundlers read)', 'modules'),
    line('an empty script (`bench/cold/empty.js`, an ES module)', 'script'),
    line("`node -e ''`", 'eval'),
    '',
    `The one-method program of the size budgets (\`placeOrder\` on \`ExchangeCore\`), bundled for a browser: ${kb(sizes.modules)} gzip from the per-module files, ${kb(sizes.runtime)} from the one-file build.`,
  ].join('\n')
}

const BEGIN = '<!-- cold-start:begin (written by node scripts/cold-start.ts --write) -->'
const END = '<!-- cold-start:end -->'

function writeDocs(text: string): void {
  const file = 'docs/performance.md'
  const docs = readFileSync(file, 'utf8')
  const [before, rest] = [docs.slice(0, docs.indexOf(BEGIN)), docs.slice(docs.indexOf(END))]
  if (!docs.includes(BEGIN) || !docs.includes(END)) throw new Error(`${file} has no ${BEGIN} … ${END} block`)
  writeFileSync(file, `${before}${BEGIN}\n${text}\n${rest}`)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { rounds: { type: 'string', default: '31' }, report: { type: 'string' }, write: { type: 'boolean', default: false } } })
  const checks: { name: string; ok: boolean; error?: string }[] = []
  const resolved = resolvedRoot()
  const loadsRuntime = resolved.endsWith('/dist/runtime/index.js')
  checks.push({ name: "Node resolves 'exchange-client' to dist/runtime/index.js", ok: loadsRuntime, ...(loadsRuntime ? {} : { error: `it resolves to ${resolved || 'nothing'}` }) })
  const result = measureColdStart(Number(values.rounds))
  const sizes = { runtime: await oneMethodGzip('dist/runtime'), modules: await oneMethodGzip('dist') }
  const text = table(result, sizes)
  console.log(text)
  const ratio = median(ratios(result.cpuMs, 'runtime'))
  const ok = ratio <= BOUND
  checks.push({ name: `cold start: import + client ≤ ${BOUND}x the CPU time of an empty script (median of ${result.rounds} rounds)`, ok, ...(ok ? {} : { error: `${ratio.toFixed(2)}x` }) })
  for (const check of checks) console.log(`${check.ok ? 'ok  ' : 'FAIL'} ${check.name}${check.error ? `: ${check.error}` : ''}`)
  if (values.write) writeDocs(text)
  const passed = checks.filter((check) => check.ok).length
  if (values.report) writeFileSync(values.report, `${JSON.stringify({ passed, failed: checks.length - passed, checks, ...result, sizes }, null, 2)}\n`)
  process.exitCode = passed === checks.length ? 0 : 1
}
