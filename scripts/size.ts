// Size budgets: minified + gzip -9 bytes of what a browser downloads, against a limit each.
//   node scripts/size.ts [--no-build] [--report <file.json>] [--explain]
// --explain also prints, for the core and one-method programs, the bytes each module adds (scripts/size-explain.ts).
// Bundles the way docs/performance.md's comparison with other SDKs measured them (esbuild --bundle --minify --format=esm
// --platform=browser, then gzip level 9), so the figures compare like with like. KB = 1,000 bytes.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { explain } from './size-explain.ts'

interface Size { minified: number; gzip: number }
interface Budget {
  name: string
  /** Limit on the gzip size, in bytes. */
  limit: number
  /** A program bundled for a browser, or else a shipped file measured as it is. */
  program?: string
  file?: string
}

const gzip = (code: Uint8Array) => gzipSync(code, { level: 9 }).byteLength

/** A program importing the built package, bundled with its dependencies for a browser. */
async function bundled(program: string): Promise<Size> {
  const code = (await bundle(program, false)).outputFiles[0]!.contents
  return { minified: code.byteLength, gzip: gzip(code) }
}

function bundle(program: string, withMap: boolean) {
  return build({
    stdin: { contents: program, resolveDir: process.cwd(), sourcefile: 'size-entry.js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'error',
    ...(withMap ? { metafile: true, sourcemap: 'external' as const, outfile: 'size-entry.out.js' } : {}),
  })
}

async function explainProgram(name: string, program: string): Promise<void> {
  const result = await bundle(program, true)
  const code = result.outputFiles.find((f) => f.path.endsWith('.js'))!.text
  const map = JSON.parse(result.outputFiles.find((f) => f.path.endsWith('.map'))!.text)
  explain(name, code, map, result.metafile!)
}

function shipped(file: string): Size {
  const code = readFileSync(file)
  return { minified: code.byteLength, gzip: gzip(code) }
}

// Issue #15 asks for 8 KB (core), 20 KB (full ESM) and 22 KB (IIFE), issue #14 9 KB (one method); not met.
// `--explain` prints where the bytes go; docs/performance.md says what reaching the targets would take.
// Budgets only go down: each is the figure measured when it was last lowered, rounded up to 100 bytes
// (one area and full ESM then took +0.1 KB for the body reader's abort listener, a bug fix; every budget then
// took +0.5-0.7 KB for the trusted clock (reconcile's "absent" by it), the one write-outcome rule and the bad-port list, fixes to what an
// altered answer could get signed and to writes reported ambiguous that never left).
const BUDGETS: Budget[] = [
  {
    name: 'core program (signed ExchangeCore.request)',
    limit: 15_900,
    program: `
      import { ExchangeCore } from './dist/index.js'
      const client = new ExchangeCore({ baseUrl: 'https://api.example.com', apiKey: 'demo_' + '0'.repeat(64), secretKey: '0'.repeat(64) })
      client.request({ method: 'GET', path: '/api/v1/account/overview' }).then(console.log)
    `,
  },
  {
    // Issue #14 asks for 9 KB: ky is 4.5 KB gzip of it, valibot 2.1 KB, the order schemas 1.1 KB.
    name: 'one-method program (signed placeOrder of exchange-client/perp on ExchangeCore)',
    limit: 19_100,
    program: `
      import { ExchangeCore } from './dist/index.js'
      import { placeOrder } from './dist/perp.js'
      const core = new ExchangeCore({ baseUrl: 'https://api.example.com', apiKey: 'demo_' + '0'.repeat(64), secretKey: '0'.repeat(64) })
      placeOrder(core, { market: 'BTC-USDC', side: 'buy', type: 'limit', size: '0.01', price: '50000' }).then(console.log)
    `,
  },
  {
    name: 'one-area program (perp methods on ExchangeCore)',
    limit: 20_500,
    program: `
      import { ExchangeCore } from './dist/index.js'
      import { perpApi } from './dist/perp.js'
      const perp = perpApi(new ExchangeCore({ baseUrl: 'https://api.example.com' }))
      perp.getTicker({ market: 'BTC-USDC' }).then(console.log)
    `,
  },
  {
    name: 'full ESM entry (dist/index.js + dependencies)',
    limit: 29_200,
    program: `export * from './dist/index.js'`,
  },
  {
    name: 'IIFE as shipped (dist/exchange-client.iife.js)',
    limit: 29_500,
    file: 'dist/exchange-client.iife.js',
  },
]

/** Measured for the record, without a limit: what opting in to response checking adds. */
const FIGURES = [
  {
    name: 'full ESM entry + exchange-client/strict (dist/strict.js)',
    program: `export * from './dist/index.js'\nexport * from './dist/strict.js'`,
  },
]

const measure = (b: { program?: string; file?: string }) => (b.program !== undefined ? bundled(b.program) : shipped(b.file!))

const { values } = parseArgs({
  options: { 'no-build': { type: 'boolean', default: false }, report: { type: 'string' }, explain: { type: 'boolean', default: false } },
})
if (!values['no-build']) execFileSync(process.execPath, ['scripts/build.ts'], { stdio: 'inherit' })
if (!existsSync('dist/index.js')) throw new Error('dist/ is missing: run npm run build first')

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`
const results = []
for (const budget of BUDGETS) {
  const size = await measure(budget)
  const pass = size.gzip <= budget.limit
  results.push({ name: budget.name, ...size, limit: budget.limit, pass })
  console.log(`${pass ? 'ok  ' : 'OVER'} ${budget.name}: ${kb(size.gzip)} gzip (${kb(size.minified)} minified), budget ${kb(budget.limit)}`)
}
const figures = []
for (const figure of FIGURES) {
  const size = await measure(figure)
  figures.push({ name: figure.name, ...size })
  console.log(`     ${figure.name}: ${kb(size.gzip)} gzip (${kb(size.minified)} minified), no budget`)
}
if (values.explain) for (const budget of BUDGETS.slice(0, 2)) await explainProgram(budget.name, budget.program!)
if (values.report) writeFileSync(values.report, `${JSON.stringify({ budgets: results, figures }, null, 2)}\n`)
const over = results.filter((r) => !r.pass).length
console.log(`${results.length - over} within budget, ${over} over`)
process.exitCode = over === 0 ? 0 : 1
