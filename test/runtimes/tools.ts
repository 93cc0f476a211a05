// Deno, Bun and workerd (through miniflare) for the runtime scripts, fetched by those scripts, pinned, into
// .cache/runtimes (git-ignored). They are not devDependencies: their npm packages list one optional binary
// package per platform, and the registry this machine reaches lacks some of them (@deno/darwin-arm64@2.9.6,
// @cloudflare/workerd-darwin-64@1.20261102.1, ...), so a lockfile naming them makes `npm ci` refuse to run.
// Installed here, npm resolves only this platform's binary.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { ROOT } from './bundle.ts'

/** Exact versions: a runtime run names the runtime it ran on, and that must not drift. */
export const RUNTIME_TOOLS = { deno: '2.9.6', bun: '1.4.5', miniflare: '5.20261102.0-beta' } as const
type Tool = keyof typeof RUNTIME_TOOLS

export const TOOLS_DIR = join(ROOT, '.cache', 'runtimes')

const installedVersion = (tool: string): string | undefined => {
  const manifest = join(TOOLS_DIR, 'node_modules', tool, 'package.json')
  return existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version : undefined
}

/** Installs the pinned tools when one is missing or at another version (from the npm cache first). */
export function ensureRuntimeTools(): void {
  const stale = Object.entries(RUNTIME_TOOLS).filter(([tool, version]) => installedVersion(tool) !== version)
  if (stale.length === 0) return
  console.error(`fetching ${stale.map(([tool, version]) => `${tool}@${version}`).join(', ')} into ${TOOLS_DIR}`)
  mkdirSync(TOOLS_DIR, { recursive: true })
  const manifest = {
    name: 'exchange-client-runtime-tools',
    private: true,
    description: 'Written by test/runtimes/tools.ts; safe to delete.',
    dependencies: RUNTIME_TOOLS,
    // Bun's postinstall links its binary; workerd's and deno's pick theirs.
    allowScripts: { bun: true, deno: true, workerd: true, sharp: true },
  }
  writeFileSync(join(TOOLS_DIR, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  // npm's progress goes to stderr: a runner's stdout carries only its report.
  execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: TOOLS_DIR, stdio: ['ignore', 2, 2] })
  const still = Object.entries(RUNTIME_TOOLS).filter(([tool, version]) => installedVersion(tool) !== version)
  if (still.length > 0) throw new Error(`npm did not install ${still.map(([tool, version]) => `${tool}@${version}`).join(', ')} into ${TOOLS_DIR}`)
}

/** The pinned Deno or Bun binary, fetched first if need be. */
export function runtimeBin(tool: Exclude<Tool, 'miniflare'>): string {
  ensureRuntimeTools()
  return join(TOOLS_DIR, 'node_modules', '.bin', tool)
}

/** What the workerd driver uses of miniflare (typed here: miniflare is not in the project's node_modules). */
export interface MiniflareModule {
  Miniflare: new (options: unknown) => {
    dispatchFetch(url: string, init: { method: string; body: string }): Promise<Response>
    dispose(): Promise<void>
  }
  convertV4MiniflareOptions(options: Record<string, unknown>): unknown
}

/** The pinned miniflare, and the version of the workerd it runs. */
export async function loadMiniflare(): Promise<{ miniflare: MiniflareModule; workerdVersion: string }> {
  ensureRuntimeTools()
  const require = createRequire(join(TOOLS_DIR, 'node_modules', 'miniflare', 'package.json'))
  const miniflare = (await import(pathToFileURL(require.resolve('miniflare')).href)) as MiniflareModule
  const workerdVersion = (require('workerd/package.json') as { version: string }).version
  return { miniflare, workerdVersion }
}
