// watch against the reference exchange over loopback: a resting order shows in the next book it
// yields; a 503 and a 429 (Retry-After 0) are waited through, not thrown.
import { describe, expect, it } from 'vitest'
import { ExchangeClient, watch } from '../../src/index.ts'
import { startLocalExchange } from '../support/local-exchange.ts'
import { TEST_KEYS } from '../support/seed.ts'
import { fetchDouble } from '../support/fetch-double.ts'

describe('watch on the reference exchange', async () => {
  const { url, exchange } = await startLocalExchange()
  exchange.market.setReferencePrice('perp', 'BTC-USDC', '65000')
  const trader = new ExchangeClient({ baseUrl: url, ...TEST_KEYS.bob })
  const reader = new ExchangeClient({ baseUrl: url, retry: false })

  it('yields the book, then the book with a new resting bid once it is placed', async () => {
    const controller = new AbortController()
    const books = watch(reader.perp.getOrderbook, { market: 'BTC-USDC', depth: 50 }, { intervalMs: 20, signal: controller.signal })
    const before = (await books.next()).value!
    expect(before.bids.some(([price]) => price === '61000')).toBe(false)
    await trader.perp.placeOrder({ market: 'BTC-USDC', side: 'buy', type: 'limit', size: '0.002', price: '61000', leverage: 2 })
    const after = (await books.next()).value!
    expect(after.bids.find(([price]) => price === '61000')?.[1]).toBe('0.002')
    controller.abort()
    expect(await books.next()).toEqual({ done: true, value: undefined })
  })

  it('waits through a 503 and a 429, telling onRetry, then yields', async () => {
    exchange.faults.add({ kind: 'error', status: 503, count: 1, match: { pathPrefix: '/api/v1/perp/markets/BTC-USDC/ticker' } })
    exchange.faults.add({ kind: 'rate-limit', retryAfterSeconds: 0, count: 1, match: { pathPrefix: '/api/v1/perp/markets/BTC-USDC/ticker' } })
    const retried: [{ status: number }, number][] = []
    const tickers = watch(reader.perp.getTicker, { market: 'BTC-USDC' }, { intervalMs: 10, onRetry: (error, delayMs) => retried.push([error as { status: number }, delayMs]) })
    const ticker = (await tickers.next()).value!
    expect(ticker.lastPrice).toMatch(/^\d/)
    expect(retried).toHaveLength(2)
    expect(retried.map(([error]) => error.status).sort()).toEqual([429, 503])
    // Retry-After: 0 waits the interval, never less.
    expect(retried.find(([error]) => error.status === 429)).toEqual([expect.anything(), 10])
    await tickers.return()
  })
})

describe('watch through the client, on an answer the SDK cannot read', () => {
  const answering = (body: string) => new ExchangeClient({
    baseUrl: 'https://api.example.com',
    retry: false,
    fetch: fetchDouble(() => new Response(body, { headers: { 'content-type': 'application/json' } })).fetch,
  })

  it('a 200,000-deep answer and a body that is not JSON end the watch with an ExchangeResponseError', async () => {
    const deep = `{"success":true,"data":{"market":"BTC-USDC","bids":${'['.repeat(200_000)}${']'.repeat(200_000)}},"error":null}`
    for (const body of [deep, 'not json']) {
      const caught = await watch(answering(body).perp.getOrderbook, { market: 'BTC-USDC' }).next().catch((error: unknown) => error)
      expect(caught).toMatchObject({ name: 'ExchangeResponseError', kind: 'response' })
    }
  })
})
