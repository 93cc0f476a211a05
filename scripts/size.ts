// Size budgets: minified + gzip -9 bytes of what a browser downloads, against a limit each.
//   node scripts/size.ts [--no-build] [--report <file.json>] [--explain] [--write-docs]
// --explain also prints, for the core and one-method programs, the bytes each module adds (scripts/size-explain.ts).
// --write-docs puts the figures measured into the docs that quote them (scripts/size-docs.ts; test/docs checks them).
// Bundles the way docs/performance.md's comparison with other SDKs measured them (esbuild --bundle --minify --format=esm
// --platform=browser, then gzip level 9), so the figures compare like with like. KB = 1,000 bytes.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { kb, writeFigures, type Measured } from './size-docs.ts'
import { explain } from './size-explain.ts'

interface Size { minified: number; gzip: number }
interface Budget {
  /** How the docs name this figure: `15.3 KB<!--size:core.gzip-->`. */
  id: string
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
// Budgets only go down, save for a fix that costs bytes: each is the figure measured when it was last set, rounded
// up to 100 bytes. Raised last for the fixes of what careless callers and altered answers could do, each a
// bug fix with a test: the trusted clock, the one write-outcome rule and the bad-port list (+0.5-0.6 KB
// everywhere); rotation that cannot lose the secret, findOrder's page walk and placement check, watch's clamps
// (+0.1-0.9 KB, most in the full entry); validation messages that name every issue (paid back inside the
// validation code); messages naming a baseUrl ending in /api/v1, a key with whitespace and debugSignatures
// (+0.1-0.2 KB); a baseUrl with user:password refused and watch comparing Promise.all answers (+0.1 KB in the
// full entry, the IIFE and the proxy); a batch placement's answers held against its inputs (+0.1 KB, one method,
// one area). The lean-core restructure (one pass from input to wire) took out what it could without dropping a
// behaviour or a message; docs/performance.md says, per module, where the rest goes and what would remove it.
// Its targets: one request 11 KB, one method 13 KB, one public read 8.5 KB, whole entry 23 KB, IIFE 24 KB.
// The onboarding answer check (a minted key is never lost) and the bounded paginate added 0.5 KB to the whole
// entry, the IIFE and the page client of a proxy (2026-11-28); their budgets moved with them. findOrder walking
// its lists through paginate (a repeated cursor refused, the caller's maxPages) added 0.4 KB to one area (2026-11-29).
// The signing gate (2026-12-02): every signer goes through one gate, which confirms an unconfirmed clock by its
// own signed read, binds the URL to the base URL and keeps its own stamp memory; a core takes its key by
// withKey, so a program that only reads carries none of it (public read -1.8 KB, one area -1.8 KB, the proxy
// -10.3 KB: it no longer carries a client), while the signed programs carry the gate (+0.2 KB one request,
// +1.1 KB one method, +1.0-1.2 KB the full entry and the IIFE). The targets (public read 14 KB, one
// signed method 18 KB, one signed request 15 KB, IIFE and full ESM 30 KB) are not met: docs/performance.md says
// per module where the bytes go. Then the proxy as a product (2026-12-02): each operation's effect in its descriptor,
// the page mode (`signedBy: 'proxy'`) and the CORS diagnosis a dashboard needs to say what is wrong (`ERR_CORS`):
// +0.3-0.4 KB in every program (the diagnosis and its message), +0.8 KB the proxy (effects, refusals that say what
// to change, the key calls matched to be refused by name). An untyped caller's messages (the same day): the field
// names of other SDKs pointing at ours (+0.1-0.2 KB wherever inputs are checked), prediction's side as words, and
// the near-miss method guard of ExchangeClient's groups (+0.5-0.7 KB in the full entry, the IIFE and a page client).
const SIGN_REQUEST_LIMIT = 16_600
const PROXY_LIMIT = 18_200
const PAGE_PROXY_LIMIT = 29_100
const BUDGETS: Budget[] = [
  {
    id: 'core',
    name: 'core program (signed ExchangeCore.request, the key by withKey)',
    limit: 16_400,
    program: `
      import { ExchangeCore, withKey } from './dist/index.js'
      const client = withKey(new ExchangeCore({ baseUrl: 'https://api.example.com' }), { apiKey: 'demo_' + '0'.repeat(64), secretKey: '0'.repeat(64) })
      client.request({ method: 'GET', path: '/api/v1/account/overview' }).then(console.log)
    `,
  },
  {
    // Issue #14 asks for 9 KB: ky is 4.5 KB gzip of it, valibot 2.1 KB, the order schemas 1.1 KB.
    id: 'method',
    name: 'one-method program (signed placeOrder of exchange-client/perp on ExchangeCore, the key by withKey)',
    limit: 21_300,
    program: `
      import { ExchangeCore, withKey } from './dist/index.js'
      import { placeOrder } from './dist/perp.js'
      const core = withKey(new ExchangeCore({ baseUrl: 'https://api.example.com' }), { apiKey: 'demo_' + '0'.repeat(64), secretKey: '0'.repeat(64) })
      placeOrder(core, { market: 'BTC-USDC', side: 'buy', type: 'limit', size: '0.01', price: '50000' }).then(console.log)
    `,
  },
  {
    // A program that never signs carries no signing machinery (test/architecture/public-read-carries-no-signing.test.ts).
    id: 'read',
    name: 'public-read program (getTicker of exchange-client/perp on a credential-less ExchangeCore)',
    limit: 17_400,
    program: `
      import { ExchangeCore } from './dist/index.js'
      import { getTicker } from './dist/perp.js'
      getTicker(new ExchangeCore({ baseUrl: 'https://api.example.com' }), { market: 'BTC-USDC' }).then(console.log)
    `,
  },
  {
    id: 'area',
    name: 'one-area program (perp methods on ExchangeCore)',
    limit: 20_200,
    program: `
      import { ExchangeCore } from './dist/index.js'
      import { perpApi } from './dist/perp.js'
      const perp = perpApi(new ExchangeCore({ baseUrl: 'https://api.example.com' }))
      perp.getTicker({ market: 'BTC-USDC' }).then(console.log)
    `,
  },
  {
    id: 'entry',
    name: 'full ESM entry (dist/index.js + dependencies)',
    limit: 33_200,
    program: `export * from './dist/index.js'`,
  },
  {
    // signRequest is its own entry: as a method of ExchangeCore it would add its bytes to every program above.
    id: 'sign-request',
    name: 'signRequest program (exchange-client/sign-request, one-off credentials)',
    limit: SIGN_REQUEST_LIMIT,
    program: `
      import { signRequest } from './dist/sign-request.js'
      signRequest(new Request('https://api.example.com/api/v1/account/overview'), { apiKey: 'demo_' + '0'.repeat(64), secretKey: '0'.repeat(64) }).then(fetch)
    `,
  },
  {
    id: 'proxy',
    name: 'signing proxy program (exchange-client/proxy, as an edge function bundles it)',
    limit: PROXY_LIMIT,
    program: `
      import { signingProxy } from './dist/proxy.js'
      export default { fetch: signingProxy({ target: 'https://api.example.com', apiKey: 'demo_' + '0'.repeat(64), secretKey: '0'.repeat(64), allow: ['public', 'read', 'trade'], authorize: () => true }) }
    `,
  },
  {
    // What a page adds to use a proxy: the options it spreads into its client.
    id: 'page-proxy',
    name: "page client of a signing proxy (full client, signedBy: 'proxy')",
    limit: PAGE_PROXY_LIMIT,
    program: `
      import { ExchangeClient } from './dist/index.js'
      new ExchangeClient({ baseUrl: '/exchange', signedBy: 'proxy' }).perp.placeOrder({ market: 'BTC-USDC', side: 'buy', type: 'limit', size: '0.01', price: '50000' }).then(console.log)
    `,
  },
  {
    id: 'iife',
    name: 'IIFE as shipped (dist/exchange-client.iife.js)',
    limit: 33_300,
    file: 'dist/exchange-client.iife.js',
  },
]

/** Measured for the record, without a limit: what `ExchangeClient` (every group) costs, and opting in to response checks. */
const FIGURES: Omit<Budget, 'limit'>[] = [
  {
    id: 'client',
    name: 'ExchangeClient program (every group, one signed placeOrder)',
    program: `
      import { ExchangeClient } from './dist/index.js'
      const client = new ExchangeClient({ baseUrl: 'https://api.example.com', apiKey: 'demo_' + '0'.repeat(64), secretKey: '0'.repeat(64) })
      client.perp.placeOrder({ market: 'BTC-USDC', side: 'buy', type: 'limit', size: '0.01', price: '50000' }).then(console.log)
    `,
  },
  {
    id: 'strict',
    name: 'full ESM entry + exchange-client/strict (dist/strict.js)',
    program: `export * from './dist/index.js'\nexport * from './dist/strict.js'`,
  },
]

const measure = (b: { program?: string; file?: string }) => (b.program !== undefined ? bundled(b.program) : shipped(b.file!))

const { values } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    report: { type: 'string' },
    explain: { type: 'boolean', default: false },
    'write-docs': { type: 'boolean', default: false },
  },
})
if (!values['no-build']) execFileSync(process.execPath, ['scripts/build.ts'], { stdio: 'inherit' })
if (!existsSync('dist/index.js')) throw new Error('dist/ is missing: run npm run build first')

const results: (Measured & { pass: boolean })[] = []
for (const budget of BUDGETS) {
  const size = await measure(budget)
  const pass = size.gzip <= budget.limit
  results.push({ id: budget.id, name: budget.name, ...size, limit: budget.limit, pass })
  console.log(`${pass ? 'ok  ' : 'OVER'} ${budget.name}: ${kb(size.gzip)} gzip (${kb(size.minified)} minified), budget ${kb(budget.limit)}`)
}
const figures: Measured[] = []
for (const figure of FIGURES) {
  const size = await measure(figure)
  figures.push({ id: figure.id, name: figure.name, ...size })
  console.log(`     ${figure.name}: ${kb(size.gzip)} gzip (${kb(size.minified)} minified), no budget`)
}
if (values.explain) for (const budget of BUDGETS.slice(0, 3)) await explainProgram(budget.name, budget.program!)
if (values['write-docs']) for (const file of writeFigures([...results, ...figures])) console.log(`wrote the figures into ${file}`)
if (values.report) writeFileSync(values.report, `${JSON.stringify({ budgets: results, figures }, null, 2)}\n`)
const over = results.filter((r) => !r.pass).length
console.log(`${results.length - over} within budget, ${over} over`)
process.exitCode = over === 0 ? 0 : 1
