// Node 20, Deno and Bun: the same bundled runner, started as a child process; each loads the package by its name (dist/runtime/).
import { spawn, execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { delimiter, join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ConformanceReport } from '../../conformance/run-cases.ts'
import { REPORT_PREFIX } from '../../conformance/run-cases.ts'
import type { ConformanceTargetInfo } from '../../conformance/target.ts'
import { cliRunner, OUT_DIR, PACKAGE_NAME, ROOT, RUNTIME_ENTRY } from '../bundle.ts'
import { runtimeBin } from '../tools.ts'

const major = (bin: string) => Number(/^v(\d+)\./.exec(execFileSync(bin, ['--version'], { encoding: 'utf8' }))?.[1])

/**
 * The machine's own Node 20: NODE20_BIN, else the first `node` on PATH outside node_modules (npm
 * puts the project's Node 22 there first), else the usual system locations.
 */
export function systemNode20(): string {
  const fromPath = (process.env.PATH ?? '').split(delimiter).filter((dir) => dir && !dir.includes('node_modules')).map((dir) => join(dir, 'node'))
  const candidates = process.env.NODE20_BIN ? [process.env.NODE20_BIN] : [...fromPath, '/usr/bin/node', '/usr/local/bin/node']
  const found = candidates.filter((bin) => existsSync(bin))
  const node20 = found.find((bin) => major(bin) === 20)
  if (node20) return node20
  throw new Error(`no Node 20 found (looked at ${found.join(', ') || 'nothing'}); set NODE20_BIN`)
}

/** How each runtime starts the runner; permissions as narrow as the cases need. */
const commands = {
  node20: (runner: string) => [systemNode20(), runner],
  deno: (runner: string) => [runtimeBin('deno'), 'run', '--no-lock', '--allow-net=127.0.0.1', '--allow-env=CONFORMANCE_SDK,CONFORMANCE_TARGET', `--allow-read=${ROOT}`, runner],
  bun: (runner: string) => [runtimeBin('bun'), runner],
}

export type CliRuntime = keyof typeof commands

export async function runInCliRuntime(runtime: CliRuntime, target: ConformanceTargetInfo): Promise<ConformanceReport> {
  mkdirSync(OUT_DIR, { recursive: true })
  const runner = join(OUT_DIR, 'cli-runner.mjs')
  writeFileSync(runner, await cliRunner())
  // Bun applies the nearest tsconfig.json's `paths`, and the project's point the package's name at src/ (for tsc and
  // vitest): the runner's directory gets one of its own, without them.
  writeFileSync(join(OUT_DIR, 'tsconfig.json'), '{}\n')
  const [command, ...args] = commands[runtime](runner)
  // The runner sits inside this package, so its own name resolves as an installed package's would.
  const env = { ...process.env, CONFORMANCE_SDK: PACKAGE_NAME, CONFORMANCE_TARGET: JSON.stringify(target) }
  const child = spawn(command!, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk))
  const status = await new Promise<number | null>((resolve, reject) => child.on('error', reject).on('close', resolve))
  const line = stdout.split('\n').find((candidate) => candidate.startsWith(REPORT_PREFIX))
  if (!line) throw new Error(`${command} exited with ${status} and printed no report\n${stderr || stdout}`)
  const report = JSON.parse(line.slice(REPORT_PREFIX.length)) as ConformanceReport
  const loaded = loadedRuntimeBuild(report.runtime)
  return { ...report, passed: report.passed + (loaded.ok ? 1 : 0), failed: report.failed + (loaded.ok ? 0 : 1), results: [loaded, ...report.results] }
}

/** Node, Deno and Bun load the one-file build (package.json's `node`, `deno`, `bun` conditions), not the per-module files. */
function loadedRuntimeBuild(runtime: string): ConformanceReport['results'][number] {
  const name = `${PACKAGE_NAME} resolves to ${relative(ROOT, RUNTIME_ENTRY)}`
  const loaded = / from (\S+)$/.exec(runtime)?.[1]
  return loaded === pathToFileURL(RUNTIME_ENTRY).href ? { name, ok: true } : { name, ok: false, error: `loaded from ${loaded ?? 'an unknown file'}` }
}
