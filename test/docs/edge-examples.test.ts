// docs/edge.md's examples, run as written: the signing proxy as a Cloudflare Worker (workerd), a Vercel
// edge function (the edge runtime), under Deno.serve and Bun.serve, and in Node under node:http, Express and
// Fastify (exchange-client/proxy/node), each in front of the reference exchange with a client of no secret
// trading through it; and signRequest under ky, in Node.
import { execFile } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { build, type Plugin } from 'esbuild'
import { EdgeRuntime } from 'edge-runtime'
import { afterAll, describe, expect, it } from 'vitest'
import * as sdk from '../../src/index.ts'
import * as proxySdk from '../../src/proxy.ts'
import { OUT_DIR, ROOT } from '../runtimes/bundle.ts'
import { dispatching, proxyCases, startChild, type Hosted } from '../runtimes/drivers/proxy.ts'
import { loadMiniflare, runtimeBin } from '../runtimes/tools.ts'
import { startLocalExchange } from '../support/local-exchange.ts'
import { TEST_KEYS } from '../support/seed.ts'
import { fencedBlocks } from './markdown.ts'

const DIR = join(OUT_DIR, 'edge-docs')

/** The ```ts blocks of docs/edge.md whose first line names a file (`// worker.ts …`), by that name. */
function exampleFiles(): Map<string, string> {
  const files = new Map<string, string>()
  for (const { lang, body: code } of fencedBlocks(readFileSync(join(ROOT, 'docs', 'edge.md'), 'utf8'))) {
    const name = lang === 'ts' ? /^\/\/ (\S+\.ts)/.exec(code)?.[1] : undefined
    if (name) files.set(name, code)
  }
  return files
}

const files = exampleFiles()
for (const [name, code] of files) {
  mkdirSync(dirname(join(DIR, name)), { recursive: true })
  writeFileSync(join(DIR, name), code)
}

/** `exchange-client…` (and Deno's `npm:exchange-client…`) resolved to the sources, as the package exports map them. */
const packageFromSources: Plugin = {
  name: 'exchange-client-sources',
  setup(builder) {
    const entries: Record<string, string> = { '': 'src/index.ts', '/proxy': 'src/proxy.ts', '/proxy/node': 'src/proxy-node.ts', '/sign-request': 'src/sign-request.ts' }
    builder.onResolve({ filter: /^(npm:)?exchange-client(\/.*)?$/ }, ({ path }) => ({ path: join(ROOT, entries[path.replace(/^(npm:)?exchange-client/, '')]!) }))
  },
}

async function bundle(entry: string, format: 'esm' | 'iife', platform: 'browser' | 'node', conditions: string[] = []): Promise<string> {
  const isFile = files.has(entry)
  const result = await build({
    ...(isFile ? { entryPoints: [join(DIR, entry)] } : { stdin: { contents: entry, resolveDir: DIR, loader: 'ts' } }),
    bundle: true, write: false, format, platform, target: 'es2022', conditions, logLevel: 'error', absWorkingDir: ROOT, plugins: [packageFromSources],
    // The frameworks of the Node examples are loaded from node_modules, as a user's program loads them.
    external: ['express', 'fastify'],
  })
  return result.outputFiles[0]!.text
}

const { url: target } = await startLocalExchange()
const key = TEST_KEYS.trader
const env = { EXCHANGE_URL: target, EXCHANGE_API_KEY: key.apiKey, EXCHANGE_SECRET_KEY: key.secretKey }
const order = { market: 'BTC-USDC', side: 'buy', type: 'limit', size: '0.01', price: '60000' } as const

const running: (() => unknown)[] = []
afterAll(() => Promise.all(running.map((close) => close())))

/** The shared cases (an order placed and cancelled, reads, a withdrawal refused), and the rules' own limit. */
async function tradeThrough(hosted: Hosted): Promise<void> {
  running.push(() => hosted.close())
  for (const [name, run] of proxyCases(sdk, proxySdk, hosted)) await expect(run(), name).resolves.toBeUndefined()
  const page = new sdk.ExchangeClient({ baseUrl: hosted.baseUrl, fetch: hosted.fetch, signedBy: 'proxy' })
  const overLimit = await page.perp.placeOrder({ ...order, size: '1' }).catch((error: unknown) => error)
  expect(overLimit).toMatchObject({ status: 403, code: 'PROXY_NOT_AUTHORIZED' })
  const fromElsewhere = await (hosted.fetch ?? fetch)(`${hosted.baseUrl}/api/v1/system/time`, { headers: { origin: 'https://elsewhere.example' } })
  expect(fromElsewhere.status).toBe(403)
  const preflight = await (hosted.fetch ?? fetch)(`${hosted.baseUrl}/api/v1/perp/orders`, { method: 'OPTIONS', headers: { origin: 'https://app.example.com', 'access-control-request-method': 'POST' } })
  expect([preflight.status, preflight.headers.get('access-control-allow-origin')]).toEqual([204, 'https://app.example.com'])
}

describe("docs/edge.md's examples, as written", () => {
  it('names every example file it promises', () => {
    expect([...files.keys()].sort()).toEqual(['api/exchange/[...path].ts', 'bun.ts', 'deno.ts', 'express.ts', 'fastify.ts', 'node-http.ts', 'proxy-rules.ts', 'sign-with-ky.ts', 'worker.ts'])
  })

  it('the Cloudflare Worker, in workerd (no nodejs_compat)', async () => {
    const { miniflare: { Miniflare, convertV4MiniflareOptions } } = await loadMiniflare()
    const script = await bundle('worker.ts', 'esm', 'browser', ['workerd', 'worker', 'browser'])
    const miniflare = new Miniflare(convertV4MiniflareOptions({ modules: true, script, compatibilityDate: '2026-10-01', bindings: env }))
    await tradeThrough({ baseUrl: 'http://proxy.local', fetch: dispatching((url, init) => miniflare.dispatchFetch(url, init as never)), runtime: 'workerd', close: () => miniflare.dispose() })
  }, 120_000)

  it('the Vercel edge function, in the edge runtime (process.env as Vercel provides it), mounted under /api/exchange', async () => {
    const glue = "import handler from './api/exchange/[...path].ts'\naddEventListener('fetch', (event: any) => event.respondWith(handler(event.request)))\n"
    const runtime = new EdgeRuntime({ initialCode: await bundle(glue, 'iife', 'browser', ['edge-light', 'worker', 'browser']), extend: (context) => Object.assign(context, { process: { env } }) })
    await tradeThrough({
      baseUrl: 'http://your.site/api/exchange',
      fetch: dispatching(async (url, init) => {
        const response = await runtime.dispatchFetch(url, init)
        await response.waitUntil()
        return response
      }),
      runtime: 'edge-runtime',
      close: async () => undefined,
    })
  }, 120_000)

  it('Deno.serve', async () => {
    const script = join(DIR, 'deno.mjs')
    writeFileSync(script, await bundle('deno.ts', 'esm', 'browser'))
    const child = await startChild([runtimeBin('deno'), 'run', '--no-lock', '--allow-net', '--allow-env', script], { ...env, PORT: '0' }, /Listening on https?:\/\/[^\s/]+:(\d+)/, 'deno')
    await tradeThrough({ baseUrl: `http://127.0.0.1:${child.port}`, runtime: 'deno', close: async () => child.close() })
  }, 120_000)

  it('Bun.serve', async () => {
    const script = join(DIR, 'bun.mjs')
    writeFileSync(script, await bundle('bun.ts', 'esm', 'browser'))
    const child = await startChild([runtimeBin('bun'), script], { ...env, PORT: '0' }, /signing proxy on https?:\/\/[^\s/]+:(\d+)/, 'bun')
    await tradeThrough({ baseUrl: `http://127.0.0.1:${child.port}`, runtime: 'bun', close: async () => child.close() })
  }, 120_000)

  it.each([
    ['node:http', 'node-http.ts', ''],
    ['Express, mounted under /exchange', 'express.ts', '/exchange'],
    ['Fastify, in a scope of its own', 'fastify.ts', '/exchange'],
  ])('Node, %s (toNodeListener)', async (_, file, prefix) => {
    const script = join(DIR, file.replace(/\.ts$/, '.mjs'))
    writeFileSync(script, await bundle(file, 'esm', 'node'))
    const child = await startChild([process.execPath, script], { ...env, PORT: '0' }, /signing proxy on https?:\/\/[^\s/]+:(\d+)/, file)
    await tradeThrough({ baseUrl: `http://127.0.0.1:${child.port}${prefix}`, runtime: `node (${file})`, close: async () => child.close() })
  }, 120_000)

  it('signRequest under ky: a signed POST, GET with a query and DELETE with a body, accepted', async () => {
    const script = join(DIR, 'sign-with-ky.mjs')
    writeFileSync(script, await bundle('sign-with-ky.ts', 'esm', 'node'))
    const { stdout } = await promisify(execFile)(process.execPath, [script], { env: { ...process.env, ...env } })
    expect(stdout).toMatch(/^placed \S+, listed [1-9]\d* open, cancelled it\n$/)
  }, 60_000)
})
