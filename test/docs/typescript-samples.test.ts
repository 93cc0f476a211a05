// The TypeScript samples of README.md and docs/*.md type-check against the SDK's sources: each ```ts block
// becomes a module of its own, with the names a sample takes from its surroundings (baseUrl, a client, an
// order, Deno, Bun, a wallet …) declared once, and tsc checks them with the project's settings. docs/api.md is
// left out: scripts/api-docs.ts writes its examples from the descriptors, and test/api/api-docs.test.ts holds them.
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { documentationFiles, fencedBlocks, readText } from './markdown.ts'

const ROOT = join(import.meta.dirname, '..', '..')
const OUT = join(ROOT, 'test-output', 'typescript-samples')

/** What a sample may use without defining it: the surroundings the README's prose gives it. */
const SURROUNDINGS = `import type { ExchangeClient, OnboardedKey, WalletSigner, eip1193Signer, ethersSigner, solanaSigner, viemSigner } from 'exchange-client'
import type { createReferenceExchange, Seed } from 'exchange-client/testing'
declare global {
  const baseUrl: string
  const apiKey: string
  const secretKey: string
  let client: ExchangeClient
  const order: Parameters<ExchangeClient['perp']['placeOrder']>[0]
  const signal: AbortSignal
  const key: OnboardedKey
  const signer: WalletSigner
  const pk: \`0x\${string}\`
  const privateKeyToAccount: (privateKey: \`0x\${string}\`) => Parameters<typeof viemSigner>[0]
  const wallet: Parameters<typeof ethersSigner>[0]
  const seed: Seed
  const exchange: ReturnType<typeof createReferenceExchange>
  const Deno: { env: { get(name: string): string | undefined }; serve(options: { port?: number }, handler: (request: Request) => Promise<Response>): unknown }
  const Bun: { env: Record<string, string | undefined>; serve(options: { port?: number; fetch: (request: Request) => Promise<Response> }): { url: URL } }
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
    const source = [`../../${target.types.replace(/^\.\/dist\//, 'src/').replace(/\.d\.ts$/, '.ts')}`]
    // Deno's samples import the package as npm:exchange-client/….
    paths[`${pkg.name}${subpath.slice(1)}`] = paths[`npm:${pkg.name}${subpath.slice(1)}`] = source
  }
  return paths
}

/** A sample's name, its file and number there, and its code; `{ … }` (a body left out) reads as `{}`. */
function samples(): { name: string; code: string }[] {
  return documentationFiles(ROOT).filter((file) => file !== 'docs/api.md').flatMap((file) =>
    fencedBlocks(readText(ROOT, file)).filter((block) => block.lang === 'ts').map((block, index) => ({
      name: `${file.replace(/^docs\//, '').replace(/\.md$/, '')}-${index + 1}`,
      // README.md's Bun program imports a clone's build by its path (see its Install): the package, by its types.
      code: block.body.replaceAll('{ … }', '{}').replaceAll("'../exchange-client/dist/runtime/index.js'", "'exchange-client'"),
    })))
}

describe('the TypeScript samples of README.md and docs/*.md', () => {
  it('type-check against the sources (tsc, the project settings, strict)', () => {
    const all = samples()
    expect(all.filter((sample) => sample.name.startsWith('README-')).length).toBeGreaterThanOrEqual(8)
    expect(all.length).toBeGreaterThanOrEqual(20)
    rmSync(OUT, { recursive: true, force: true })
    mkdirSync(OUT, { recursive: true })
    writeFileSync(join(OUT, 'surroundings.d.ts'), SURROUNDINGS)
    // A sample that names its file (`// proxy-rules.ts` first) is that file too, for the samples that import it.
    const named = new Set(all.map((sample) => /^\/\/ ([\w-]+\.ts)\b/.exec(sample.code)?.[1]).filter((name) => name !== undefined))
    const local = (code: string) => code.replace(/from '(?:\.\.?\/)+([\w-]+\.ts)'/g, (whole, name: string) => (named.has(name) ? `from './${name}'` : whole))
    for (const sample of all) {
      writeFileSync(join(OUT, `${sample.name}.ts`), `${local(sample.code)}\nexport {}\n`)
      const name = /^\/\/ ([\w-]+\.ts)\b/.exec(sample.code)?.[1]
      if (name) writeFileSync(join(OUT, name), `${local(sample.code)}\nexport {}\n`)
    }
    writeFileSync(join(OUT, 'tsconfig.json'), JSON.stringify({
      extends: '../../tsconfig.json',
      compilerOptions: { paths: entryPaths(), noUnusedLocals: false },
      include: ['*.ts'],
    }, null, 2))
    const tsc = spawnSync(join(ROOT, 'node_modules', '.bin', 'tsc'), ['-p', join(OUT, 'tsconfig.json'), '--noEmit'], { encoding: 'utf8' })
    expect(`${tsc.stdout}${tsc.stderr}`.trim(), `samples are in ${OUT}/<file>-N.ts, N counting that file's ts blocks`).toBe('')
    expect(tsc.status).toBe(0)
  }, 120_000)
})
