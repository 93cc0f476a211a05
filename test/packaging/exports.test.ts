// package.json sends runtimes to the one-file build and bundlers to the per-module files, for every entry vite builds.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { build, type Platform } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { packageExports } from '../../scripts/package-exports.ts'
import { libraryEntries } from '../../vite.config.ts'

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  exports: Record<string, string | Record<string, string>>
  bin: Record<string, string>
}

describe('package.json exports', () => {
  it('give each entry its conditions as scripts/package-exports.ts derives them (run it when this fails)', () => {
    expect(pkg.exports).toEqual(packageExports(pkg.exports))
  })

  it('list `module` before the runtimes (a bundler targeting Node sets both) and `default` last', () => {
    for (const [subpath, target] of Object.entries(pkg.exports)) {
      if (typeof target === 'string') continue
      const conditions = Object.keys(target)
      expect(conditions, subpath).toEqual(['types', 'module', 'deno', 'bun', 'node', 'default'])
      expect(target.node, subpath).toMatch(/^\.\/dist\/runtime\/[^/]+\.js$/)
      expect(target.module, subpath).toBe(target.default)
    }
  })

  it('export every entry vite builds, but the bin', () => {
    const exported = Object.values(pkg.exports).flatMap((target) => (typeof target === 'string' ? [] : [target.default]))
    const bins = Object.values(pkg.bin)
    for (const entry of Object.keys(libraryEntries)) {
      const file = `./dist/${entry}.js`
      expect(exported.includes(file) || bins.includes(file), `${file} is neither exported nor a bin`).toBe(true)
    }
  })
})

describe('a bundler', () => {
  // esbuild as users run it, and with the conditions wrangler (Cloudflare) and Next.js's edge build set. The
  // project's tsconfig `paths` point the package's name at src/; an empty tsconfig leaves resolution to package.json.
  it.each<[string, Platform, string[] | undefined]>([
    ['for a browser', 'browser', undefined],
    ['for Node', 'node', undefined],
    ['neutral', 'neutral', undefined],
    ['as wrangler, for workerd', 'browser', ['workerd', 'worker', 'browser']],
    ['as Next.js, for the edge runtime', 'browser', ['edge-light', 'worker', 'browser', 'module', 'import']],
  ])('%s bundles the per-module files, not the one-file build', async (_, platform, conditions) => {
    const program = "import { ExchangeCore } from 'exchange-client'\nimport { placeOrder } from 'exchange-client/perp'\nconsole.log(ExchangeCore, placeOrder)"
    const { metafile } = await build({
      stdin: { contents: program, resolveDir: fileURLToPath(new URL('../..', import.meta.url)) },
      bundle: true, write: false, metafile: true, format: 'esm', platform, tsconfigRaw: '{}', logLevel: 'silent',
      ...(conditions ? { conditions } : {}),
    })
    const inputs = Object.keys(metafile.inputs)
    expect(inputs).toContain('dist/index.js')
    expect(inputs).toContain('dist/perp.js')
    expect(inputs.filter((input) => input.startsWith('dist/runtime/'))).toEqual([])
  })
})
