// JSR publishes the TypeScript sources as jsr.json lists them. `deno publish --dry-run` with the pinned Deno
// checks them as JSR would, "slow types" included: everything the entries export, and every type that reaches,
// has an explicit type. Offline: no remote modules, npm packages from node_modules, no lockfile written.
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { jsrConfig } from '../../scripts/jsr-config.ts'
import { ROOT } from '../runtimes/bundle.ts'
import { runtimeBin } from '../runtimes/tools.ts'

const run = promisify(execFile)

/** `--allow-dirty`: a working tree with uncommitted changes is what a developer tests. */
const DENO_PUBLISH_DRY_RUN = ['publish', '--dry-run', '--allow-dirty', '--no-remote', '--node-modules-dir=manual', '--no-lock', '--config', 'jsr.json']

/** Deno's output, colourless, whether it passed or not. */
async function denoPublishDryRun(): Promise<{ ok: boolean; output: string }> {
  const env = { ...process.env, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1' }
  try {
    const { stdout, stderr } = await run(runtimeBin('deno'), DENO_PUBLISH_DRY_RUN, { cwd: ROOT, env, maxBuffer: 64 * 1024 * 1024 })
    return { ok: true, output: `${stdout}${stderr}` }
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string }
    return { ok: false, output: `${stdout}${stderr}` || String(error) }
  }
}

describe('JSR', () => {
  it('jsr.json exports what package.json exports, from the sources vite builds them from, at the same version (node scripts/jsr-config.ts writes it)', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Parameters<typeof jsrConfig>[0]
    expect(JSON.parse(readFileSync(join(ROOT, 'jsr.json'), 'utf8'))).toEqual(jsrConfig(pkg))
  })

  it('deno publish --dry-run passes without --allow-slow-types: every public declaration has an explicit type', async () => {
    const { ok, output } = await denoPublishDryRun()
    // Each problem as `kind at file:line:column`, so a failure names every declaration to annotate.
    const problems = [...output.matchAll(/^error\[([\w-]+)\][^\n]*\n\s*--> ([^\n]+)/gm)].map(([, kind, at]) => `${kind} at ${relative(ROOT, at!)}`)
    expect(problems).toEqual([])
    expect(ok, output).toBe(true)
    expect(output).toContain('Checking for slow types in the public API')
  }, 300_000)
})
