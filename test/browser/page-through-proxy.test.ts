// A dashboard page on the `<script>` build (ExchangeSDK), in real Chromium, with a signing proxy on another
// origin: with `signedBy: 'proxy'` it reads and trades carrying no signing header at all, its cross-origin GETs
// need no preflight, and `watch` through a proxy that refuses the page's origin says so at once instead of
// polling in silence. The proxies run in Node (test/support/recording-proxy.ts), in front of the reference exchange.
import { beforeAll, describe, expect, inject, it } from 'vitest'
import type * as Sdk from '../../src/index.ts'
import type { SeenRequest } from '../support/recording-proxy.ts'

type ScriptSdk = typeof Sdk
let sdk: ScriptSdk

beforeAll(() => {
  const text = inject('iifeText')
  if (!text) throw new Error('dist/exchange-client.iife.js is missing: run npm run build first')
  const script = document.createElement('script')
  script.textContent = text
  document.head.append(script)
  sdk = (globalThis as unknown as { ExchangeSDK: ScriptSdk }).ExchangeSDK
})

const seenBy = async (proxyUrl: string, reset = false): Promise<SeenRequest[]> => (await fetch(`${proxyUrl}/${reset ? '__reset' : '__seen'}`, { method: reset ? 'POST' : 'GET' })).json()

describe('a page of the <script> build through a signing proxy on another origin', () => {
  it("trades with signedBy: 'proxy': no request carries a signing header, and no GET is preflighted", async () => {
    const proxyUrl = inject('proxyUrl')
    expect(new URL(proxyUrl).origin).not.toBe(location.origin)
    await seenBy(proxyUrl, true)
    const client = new sdk.ExchangeClient({ baseUrl: proxyUrl, signedBy: 'proxy', retry: false })
    expect(client.hasCredentials).toBe(false)
    expect((await client.perp.getTicker({ market: 'BTC-USDC' })).market).toBe('BTC-USDC')
    expect(await client.account.getOverview()).toBeTypeOf('object')
    const placed = await client.perp.placeOrder({ market: 'BTC-USDC', side: 'buy', type: 'limit', size: '0.01', price: '60000' })
    expect(placed.status).toBe('open')
    expect(await client.perp.cancelOrders({ orderIds: [placed.orderId] })).toMatchObject({ cancelledCount: 1 })

    const seen = await seenBy(proxyUrl)
    expect(seen.filter((request) => request.signingHeaders.length > 0)).toEqual([])
    const gets = seen.filter((request) => request.method === 'GET')
    expect(gets.map((request) => request.path)).toEqual(expect.arrayContaining(['/api/v1/perp/markets/BTC-USDC/ticker', '/api/v1/account/overview']))
    expect(gets.every((request) => request.origin === location.origin)).toBe(true)
    const preflighted = seen.filter((request) => request.method === 'OPTIONS').map((request) => request.path)
    expect(preflighted.filter((path) => gets.some((get) => get.path === path))).toEqual([])
    // A JSON POST is preflighted (what the GETs are spared): the record sees preflights.
    expect(preflighted).toContain('/api/v1/perp/orders')
  })

  it('watch through a proxy that refuses the page\'s origin throws ERR_CORS within 5 attempts, naming the origin to allow', async () => {
    const refusing = inject('refusingProxyUrl')
    await seenBy(refusing, true)
    const client = new sdk.ExchangeClient({ baseUrl: refusing, signedBy: 'proxy', retry: false })
    const retried: unknown[] = []
    let error: unknown
    try {
      for await (const ticker of sdk.watch(client.perp.getTicker, { market: 'BTC-USDC' }, { intervalMs: 20, onRetry: (failure) => retried.push(failure) })) {
        throw new Error(`the refused page read ${ticker.market}`)
      }
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(sdk.ExchangeNetworkError)
    expect(error).toMatchObject({ code: 'ERR_CORS', message: expect.stringContaining(location.origin) })
    const attempts = (await seenBy(refusing)).filter((request) => request.path === '/api/v1/perp/markets/BTC-USDC/ticker')
    expect(attempts.length).toBeGreaterThan(0)
    expect(attempts.length).toBeLessThanOrEqual(5)
    expect(retried.length).toBeLessThan(5)
  })

  it('a passing failure still waits it out: a proxy that is down is retried, not reported as CORS', async () => {
    const client = new sdk.ExchangeClient({ baseUrl: 'http://127.0.0.1:39', signedBy: 'proxy', retry: false, timeoutMs: 2000 })
    const stop = new AbortController()
    const retried: unknown[] = []
    const polling = (async () => {
      for await (const _ of sdk.watch(client.perp.getTicker, { market: 'BTC-USDC' }, { intervalMs: 10, maxBackoffMs: 20, signal: stop.signal, onRetry: (failure) => {
        retried.push(failure)
        if (retried.length === 3) stop.abort()
      } })) break
    })()
    await polling
    expect(retried).toHaveLength(3)
    expect((retried[0] as { code?: string }).code).not.toBe('ERR_CORS')
  })
})
