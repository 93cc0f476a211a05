// A write answered with something that does not prove refusal (a 5xx, a gateway page) may have been
// applied: a proxy in front of the reference exchange forwards it, then answers an error. The order
// exists at the exchange, and the caller is told the outcome is unknown, with the clientOrderId(s).
import { describe, expect, it } from 'vitest'
import { ExchangeApiError, ExchangeClient, OrderOutcomeUnknownError } from '../../src/index.ts'
import { startLocalExchange } from '../support/local-exchange.ts'
import { GATEWAY_PAGE, startProxy, type ProxyAction } from '../support/loopback-proxy.ts'
import { BOB, TEST_KEYS } from '../support/seed.ts'

const order = { market: 'BTC-USDC', side: 'buy', type: 'limit', size: '0.001', price: '60000', leverage: 5 } as const
const envelope = (code: string, codeNum: number) => JSON.stringify({ success: false, data: null, error: { code, codeNum, message: code }, meta: { requestId: 'r', timestamp: Date.now() } })

const ANSWERS: [string, Omit<Extract<ProxyAction, { kind: 'fail' }>, 'kind' | 'forward'>][] = [
  ['502 gateway page', { status: 502, ...GATEWAY_PAGE }],
  ['504 gateway page', { status: 504, ...GATEWAY_PAGE }],
  ['500 without the envelope', { status: 500, body: 'Internal Server Error', contentType: 'text/plain' }],
  ['500 with the envelope', { status: 500, body: envelope('INTERNAL_ERROR', 10500), contentType: 'application/json' }],
  ['503 with the envelope', { status: 503, body: envelope('UNAVAILABLE', 10503), contentType: 'application/json' }],
  ['403 page without the envelope', { status: 403, body: '<html>Forbidden</html>', contentType: 'text/html' }],
  ['200 with its JSON cut off', { status: 200, body: '{"success":true,"data":{"orderId":', contentType: 'application/json' }],
]

describe('writes answered without proof of refusal', async () => {
  const { url, exchange } = await startLocalExchange()
  exchange.market.setReferencePrice('perp', 'BTC-USDC', '65000')
  let failWrites: ProxyAction = { kind: 'pass' }
  const proxy = await startProxy(url, ({ method }) => (method === 'GET' ? { kind: 'pass' } : failWrites))
  const client = new ExchangeClient({ baseUrl: proxy.url, ...TEST_KEYS.bob, retry: { limit: 2, backoffLimitMs: 1 } })
  const held = (clientOrderId: string) => (exchange.market.orders(BOB).perp as { clientOrderId: string | null }[]).filter((o) => o.clientOrderId === clientOrderId)

  it.each(ANSWERS)('a placement forwarded, then answered %s: the order exists once, the outcome is unknown with its clientOrderId', async (name, answer) => {
    failWrites = { kind: 'fail', forward: true, ...answer }
    const clientOrderId = `ambiguous-${answer.status}-${name.length}`
    const error = await client.perp.placeOrder({ ...order, clientOrderId }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(OrderOutcomeUnknownError)
    expect(error).toMatchObject({ clientOrderId, clientOrderIds: [clientOrderId], cause: { status: answer.status } })
    expect(held(clientOrderId)).toHaveLength(1)
    failWrites = { kind: 'pass' }
    expect(await client.perp.findOrder({ clientOrderId, market: 'BTC-USDC' })).toMatchObject({ clientOrderId })
  })

  it('a batch answered 502 after forwarding: unknown, carrying every clientOrderId', async () => {
    failWrites = { kind: 'fail', forward: true, status: 502, ...GATEWAY_PAGE }
    const orders = [{ ...order, clientOrderId: 'batch-a' }, { ...order, clientOrderId: 'batch-b', price: '59000' }]
    const error = await client.perp.placeOrders({ orders }).catch((caught: unknown) => caught)
    expect(error).toMatchObject({ kind: 'outcome-unknown', clientOrderIds: ['batch-a', 'batch-b'] })
    expect(held('batch-a')).toHaveLength(1)
    expect(held('batch-b')).toHaveLength(1)
  })

  it('a modify answered 502 after forwarding is unknown, and is sent once', async () => {
    failWrites = { kind: 'pass' }
    const placed = await client.perp.placeOrder({ ...order, clientOrderId: 'to-modify' })
    failWrites = { kind: 'fail', forward: true, status: 502, ...GATEWAY_PAGE }
    const before = proxy.counts.forwarded
    const error = await client.perp.modifyOrder({ orderId: placed.orderId, price: '59500' }).catch((caught: unknown) => caught)
    expect(error).toMatchObject({ kind: 'outcome-unknown', cause: { status: 502 } })
    expect(proxy.counts.forwarded - before).toBe(1)
    expect(held('to-modify')[0]).toMatchObject({ price: '59500' })
  })

  it('a placement a proxy sent twice, answered AUTH_REPLAY_DETECTED: the first copy was placed, the outcome is unknown, reconcile finds it', async () => {
    failWrites = { kind: 'twice' }
    const clientOrderId = 'replayed-1'
    const error = await client.perp.placeOrder({ ...order, clientOrderId }).catch((caught: unknown) => caught)
    failWrites = { kind: 'pass' }
    expect(error).toBeInstanceOf(OrderOutcomeUnknownError)
    expect(error).toMatchObject({ clientOrderId, cause: { status: 401, codeNum: 11013 } })
    expect(held(clientOrderId)).toHaveLength(1)
    expect(await client.perp.reconcile(error as OrderOutcomeUnknownError, { market: 'BTC-USDC' })).toMatchObject({ status: 'found', order: { clientOrderId } })
  })

  it('an envelope with success:false and a business code proves refusal: an ExchangeApiError, nothing placed', async () => {
    failWrites = { kind: 'pass' }
    const error = await client.perp.placeOrder({ ...order, clientOrderId: 'refused-1', price: '1' }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ExchangeApiError)
    expect((error as ExchangeApiError).status).toBeLessThan(500)
    expect(held('refused-1')).toEqual([])
  })
})
