// signingProxy (dist/proxy.js) hosted in one runtime, in front of the conformance exchange (whose
// clock runs 47 s ahead: the proxy must re-sync by itself). A page's client with no secret, loaded
// from dist/index.js in this Node process, trades through it.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { EdgeRuntime } from 'edge-runtime'
import type { CaseResult, ConformanceReport } from '../../conformance/run-cases.ts'
import type { ConformanceTargetInfo } from '../../conformance/target.ts'
import { DIST_ENTRY, DIST_PROXY, OUT_DIR, ROOT, proxyEdgeFunction, proxyHost, proxyWorker } from '../bundle.ts'
import { loadMiniflare, runtimeBin } from '../tools.ts'
import { systemNode20 } from './cli-runtime.ts'

export type ProxyRuntime = 'deno' | 'bun' | 'node20' | 'workerd' | 'edge-runtime'

/** Where the page's client reaches the proxy: a URL, and the fetch that gets there. */
export interface Hosted {
  baseUrl: string
  fetch?: typeof globalThis.fetch
  runtime: string
  close(): Promise<void>
}

const configOf = (target: ConformanceTargetInfo) => ({ target: target.baseUrl, ...target.keys.trader, allow: ['public', 'read', 'trade'] })

/** A fetch that hands each request to `dispatch` (miniflare's, the edge VM's), answering with a Response of this realm. */
export function dispatching(dispatch: (url: string, init: RequestInit) => Promise<Response>): typeof globalThis.fetch {
  return async (input, init) => {
    const request = new Request(input, init)
    const body = request.method === 'GET' ? undefined : await request.text()
    const answer = await dispatch(request.url, { method: request.method, headers: [...request.headers], body })
    return new Response(answer.status === 204 ? null : await answer.arrayBuffer(), { status: answer.status, headers: [...answer.headers] })
  }
}

const HOSTED_BY = { deno: 'Deno (Deno.serve)', bun: 'Bun (Bun.serve)', node20: 'Node 20 (node:http)' }

const commands = {
  deno: (host: string) => [runtimeBin('deno'), 'run', '--no-lock', '--allow-net=127.0.0.1', '--allow-env=PROXY_SDK,PROXY_CONFIG', `--allow-read=${ROOT}`, host],
  bun: (host: string) => [runtimeBin('bun'), host],
  node20: (host: string) => [systemNode20(), host],
}

/**
 * Starts a server in a child process; resolves once its output matches `listening` (the port in its
 * first group). `close` ends that process, by its own handle.
 */
export async function startChild(command: string[], env: Record<string, string>, listening: RegExp, what: string): Promise<{ port: number; close(): void }> {
  const [bin, ...args] = command
  const child: ChildProcess = spawn(bin!, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} printed no port within 60 s:\n${output}`)), 60_000)
    const read = (chunk: Buffer) => {
      output += chunk
      const found = listening.exec(output)
      if (found) {
        clearTimeout(timer)
        resolve(Number(found[1]))
      }
    }
    child.stdout!.on('data', read)
    child.stderr!.on('data', read)
    child.on('exit', (code) => reject(new Error(`${what} exited with ${code}:\n${output}`)))
  })
  return { port, close: () => void child.kill() }
}

/** Starts the host script (dist/proxy.js) in Deno, Bun or Node 20. */
async function hostInProcess(runtime: keyof typeof commands, target: ConformanceTargetInfo): Promise<Hosted> {
  mkdirSync(OUT_DIR, { recursive: true })
  const host = join(OUT_DIR, 'proxy-host.mjs')
  writeFileSync(host, await proxyHost())
  const env = { PROXY_SDK: pathToFileURL(DIST_PROXY).href, PROXY_CONFIG: JSON.stringify(configOf(target)) }
  const child = await startChild(commands[runtime](host), env, /PROXY_LISTENING (\d+)/, runtime)
  return { baseUrl: `http://127.0.0.1:${child.port}`, runtime: HOSTED_BY[runtime], close: async () => child.close() }
}

async function hostInWorkerd(target: ConformanceTargetInfo): Promise<Hosted> {
  const { miniflare: { Miniflare, convertV4MiniflareOptions }, workerdVersion } = await loadMiniflare()
  const miniflare = new Miniflare(convertV4MiniflareOptions({ modules: true, script: await proxyWorker(configOf(target)), compatibilityDate: '2026-10-01' }))
  return {
    baseUrl: 'http://proxy.local',
    fetch: dispatching((url, init) => miniflare.dispatchFetch(url, init as never)),
    runtime: `workerd ${workerdVersion} (module Worker, no nodejs_compat)`,
    close: () => miniflare.dispose(),
  }
}

async function hostInEdgeRuntime(target: ConformanceTargetInfo): Promise<Hosted> {
  const runtime = new EdgeRuntime({ initialCode: await proxyEdgeFunction(configOf(target)) })
  if (runtime.evaluate<string>('typeof process') !== 'undefined') throw new Error('the edge VM exposes `process`; it would not prove the proxy runs without it')
  const version = (createRequire(import.meta.url)('edge-runtime/package.json') as { version: string }).version
  return {
    baseUrl: 'http://proxy.local',
    fetch: dispatching(async (url, init) => {
      const response = await runtime.dispatchFetch(url, init)
      await response.waitUntil()
      return response
    }),
    runtime: `edge-runtime ${version} (edge function)`,
    close: async () => undefined,
  }
}

type Sdk = typeof import('../../../src/index.ts')
type ProxySdk = typeof import('../../../src/proxy.ts')

const expect = (ok: boolean, what: string) => {
  if (!ok) throw new Error(what)
}

/** What a page does through the proxy, one case each. */
export function proxyCases(sdk: Sdk, proxySdk: ProxySdk, hosted: Hosted): [string, () => Promise<void>][] {
  const page = new sdk.ExchangeClient({ baseUrl: hosted.baseUrl, fetch: hosted.fetch, signedBy: 'proxy' })
  return [
    ['a client with no secret places and cancels an order through the proxy (which re-syncs its clock to the exchange, 47 s ahead)', async () => {
      const placed = await page.perp.placeOrder({ market: 'BTC-USDC', side: 'buy', type: 'limit', size: '0.01', price: '60000' })
      expect(placed.status === 'open', `placed: ${JSON.stringify(placed)}`)
      const cancelled = await page.perp.cancelOrders({ orderIds: [placed.orderId] })
      expect(cancelled.cancelledCount === 1, `cancelled: ${JSON.stringify(cancelled)}`)
      const after = await page.perp.findOrder({ clientOrderId: placed.clientOrderId!, market: 'BTC-USDC' })
      expect(after?.status === 'cancelled', `after: ${after?.status}`)
    }],
    ['open and signed reads go through', async () => {
      expect((await page.perp.getTicker({ market: 'BTC-USDC' })).market === 'BTC-USDC', 'ticker')
      expect(typeof (await page.account.getOverview()) === 'object', 'overview')
    }],
    ['an operation outside allow is refused: 403 PROXY_OPERATION_NOT_ALLOWED, as a typed error', async () => {
      const error = await page.account.withdraw({ token: 'USDC', amount: '1', address: `0x${'1'.repeat(40)}` }).then(() => undefined, (caught: unknown) => caught)
      expect(error instanceof sdk.ExchangeApiError && error.status === 403 && error.code === 'PROXY_OPERATION_NOT_ALLOWED', `got ${String(error)}`)
    }],
  ]
}

export async function runProxyIn(runtime: ProxyRuntime, target: ConformanceTargetInfo): Promise<ConformanceReport> {
  const sdk = (await import(pathToFileURL(DIST_ENTRY).href)) as Sdk
  const proxySdk = (await import(pathToFileURL(DIST_PROXY).href)) as ProxySdk
  const hosted = runtime === 'workerd' ? await hostInWorkerd(target) : runtime === 'edge-runtime' ? await hostInEdgeRuntime(target) : await hostInProcess(runtime, target)
  try {
    const results: CaseResult[] = []
    for (const [name, run] of proxyCases(sdk, proxySdk, hosted)) {
      try {
        await run()
        results.push({ name, ok: true })
      } catch (error) {
        results.push({ name, ok: false, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) })
      }
    }
    const passed = results.filter((result) => result.ok).length
    return { runtime: `signingProxy in ${hosted.runtime}`, passed, failed: results.length - passed, results }
  } finally {
    await hosted.close()
  }
}
