// The README's TypeScript samples type-check against the SDK's sources: each ```ts block becomes a module of
// its own, with the few names a sample takes from its surroundings (baseUrl, a client, Deno, Bun, a wallet)
// declared once, and tsc checks them with the project's settings.
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { fencedBlocks, readText } from './markdown.ts'

const ROOT = join(import.meta.dirname, '..', '..')
const OUT = join(ROOT, 'test-output', 'readme-ts')

/** What a sample may use without defining it: the surroundings the README's prose gives it. */
const SURROUNDINGS = `import type { ExchangeClient, eip1193Signer, solanaSigner } from 'exchange-client'
declare global {
  const baseUrl: string
  const apiKey: string
  const secretKey: string
  const client: ExchangeClient
  const Deno: { env: { get(name: string): string | undefined } }
  const Bun: { env: Record<string, string | undefined> }
  interface Window {
    ethereum: Parameters<typeof eip1193Signer>[0]
    phantom: { solana: Parameters<typeof solanaSigner>[0] }
  }
}
export {}
`

/** The package's entries mapped to their sources: ./dist/areas/perp.d.ts is src/areas/perp.ts. */
function entryPaths(): Record<string, string[]> {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; exports: Record<string, string | { types?: string }> }
  const paths: Record<string, string[]> = {}
  for (const [subpath, target] of Object.entries(pkg.exports)) {
    if (typeof target !== 'object' || target.types === undefined) continue
    paths[`${pkg.name}${subpath.slice(1)}`] = [`../../${target.types.replace(/^\.\/dist\//, 'src/').replace(/\.d\.ts$/, '.ts')}`]
  }
  return paths
}

describe("the README's TypeScript samples", () => {
  const samples = fencedBlocks(readText(ROOT, 'README.md')).filter((block) => block.lang === 'ts')

  it('type-check against the sources (tsc, the project settings, strict)', () => {
    expect(samples.length).toBeGreaterThanOrEqual(8)
    rmSync(OUT, { recursive: true, force: true })
    mkdirSync(OUT, { recursive: true })
    writeFileSync(join(OUT, 'surroundings.d.ts'), SURROUNDINGS)
    samples.forEach((sample, index) => writeFileSync(join(OUT, `sample-${index + 1}.ts`), `${sample.body}\nexport {}\n`))
    writeFileSync(join(OUT, 'tsconfig.json'), JSON.stringify({
      extends: '../../tsconfig.json',
      compilerOptions: { paths: entryPaths(), noUnusedLocals: false },
      include: ['*.ts'],
    }, null, 2))
    const tsc = spawnSync(join(ROOT, 'node_modules', '.bin', 'tsc'), ['-p', join(OUT, 'tsconfig.json'), '--noEmit'], { encoding: 'utf8' })
    expect(`${tsc.stdout}${tsc.stderr}`.trim(), `samples are in ${OUT}/sample-N.ts, N counting the README's ts blocks`).toBe('')
    expect(tsc.status).toBe(0)
  }, 120_000)
})
