// A page's client with no secret trades through signingProxy, served by Node, in front of the
// reference exchange: its usual methods, types and errors, and an unknown outcome it can reconcile.
import { describe, expect, it } from 'vitest'
import { ExchangeApiError, ExchangeClient, OrderOutcomeUnknownError } from '../../src/index.ts'
import { signingProxy } from '../../src/proxy.ts'
import { startLocalExchange } from '../support/local-exchange.ts'
import { serveHandler } from '../support/proxy-server.ts'
import { TEST_KEYS } from '../support/seed.ts'

const { exchange, url: target } = await startLocalExchange()
const key = TEST_KEYS.trader
const proxyUrl = await serveHandler(signingProxy({ target, apiKey: key.apiKey, secretKey: key.secretKey, allow: ['public', 'read', 'trade'], authorize: () => true }))
const page = new ExchangeClient({ baseUrl: proxyUrl, signedBy: 'proxy' })
const order = { market: 'BTC-USDC', side: 'buy', type: 'limit', size: '0.01', price: '60000' } as const

describe('a client with no secret, through the signing proxy', () => {
  it('reads open and signed data and places, finds and cancels an order with its usual methods', async () => {
    expect((await page.perp.getTicker({ market: 'BTC-USDC' })).market).toBe('BTC-USDC')
    expect(await page.account.getOverview()).toBeDefined()
    const placed = await page.perp.placeOrder(order)
    expect(placed).toMatchObject({ market: 'BTC-USDC', side: 'buy', status: 'open' })
    const open = await page.perp.listOpenOrders({ market: 'BTC-USDC', limit: 50 })
    expect(open.items.map((item) => item.orderId)).toContain(placed.orderId)
    expect((await page.perp.findOrder({ clientOrderId: placed.clientOrderId! }))?.orderId).toBe(placed.orderId)
    expect(await page.perp.cancelOrders({ orderIds: [placed.orderId] })).toMatchObject({ cancelledCount: 1 })
    expect(await page.perp.findOrder({ clientOrderId: placed.clientOrderId!, market: 'BTC-USDC' })).toMatchObject({ orderId: placed.orderId, status: 'cancelled' })
  })

  it("passes the exchange's refusals on as they were: the same typed error the page would get signing itself", async () => {
    const error = await page.perp.placeOrder({ ...order, price: '1' }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ExchangeApiError)
    expect(error).toMatchObject({ status: 400, code: 'TRADE_PRICE_DEVIATION' })
  })

  it('keeps an ambiguous answer to a write ambiguous: OrderOutcomeUnknownError, then reconcile through the proxy finds the order', async () => {
    // The exchange takes the order and drops the connection before answering.
    exchange.faults.add({ kind: 'drop', when: 'after', match: { method: 'POST', pathPrefix: '/api/v1/perp/orders' }, count: 1 })
    const noRetry = new ExchangeClient({ baseUrl: proxyUrl, signedBy: 'proxy', retry: false })
    const error = await noRetry.perp.placeOrder(order).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(OrderOutcomeUnknownError)
    const outcome = (error as OrderOutcomeUnknownError)
    expect(typeof outcome.lastSignedAt).toBe('number')
    const found = await noRetry.perp.reconcile(outcome)
    expect(found).toMatchObject({ status: 'found', order: { clientOrderId: outcome.clientOrderId } })
    await noRetry.perp.cancelOrders({ orderIds: [(found as { order: { orderId: string } }).order.orderId] })
  })

  it('a 5xx of the exchange after a write reaches the page as a 5xx: its outcome is unknown there too', async () => {
    exchange.faults.add({ kind: 'error', status: 503, match: { method: 'POST', pathPrefix: '/api/v1/perp/orders' }, count: 1 })
    const noRetry = new ExchangeClient({ baseUrl: proxyUrl, signedBy: 'proxy', retry: false })
    const error = await noRetry.perp.placeOrder(order).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(OrderOutcomeUnknownError)
    expect((error as OrderOutcomeUnknownError).cause).toMatchObject({ status: 503 })
  })

  it('an exchange slower than the proxy\'s timeoutMs: 504 to the page, where the write\'s outcome is unknown (and it was taken)', async () => {
    const impatient = await serveHandler(signingProxy({ target, apiKey: key.apiKey, secretKey: key.secretKey, allow: ['trade', 'read'], authorize: () => true, timeoutMs: 300 }))
    exchange.faults.add({ kind: 'latency', ms: 1500, match: { method: 'POST', pathPrefix: '/api/v1/perp/orders' }, count: 1 })
    const client = new ExchangeClient({ baseUrl: impatient, signedBy: 'proxy', retry: false })
    const error = await client.perp.placeOrder(order).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(OrderOutcomeUnknownError)
    expect((error as OrderOutcomeUnknownError).cause).toMatchObject({ status: 504, code: 'PROXY_UPSTREAM_TIMEOUT' })
    await new Promise((resolve) => setTimeout(resolve, 1500))
    const found = await client.perp.reconcile(error as OrderOutcomeUnknownError)
    expect(found.status).toBe('found')
    await client.perp.cancelOrders({ orderIds: [(found as { order: { orderId: string } }).order.orderId] })
  })

  it("re-measures its own clock when the exchange refuses its timestamp, and signs again: the page never sees the proxy's clock", async () => {
    exchange.faults.clockOffsetMs = 5 * 60_000
    try {
      // A bare fetch, which would not re-measure anything itself.
      const answer = await fetch(`${proxyUrl}/api/v1/account/overview`)
      expect(answer.status).toBe(200)
      expect(await answer.json()).toMatchObject({ success: true })
    } finally {
      exchange.faults.clockOffsetMs = 0
    }
  })
})
