// Orders cannot double-fill: a placement carries one clientOrderId through every retry, is the only
// kind of write retried, and an unknown outcome names the id that findOrder looks up.
import { describe, expect, it } from 'vitest'
import { ExchangeApiError, OrderOutcomeUnknownError, isExchangeError } from '../../src/index.ts'
import { envelope, recordingFetch, testClient, type Recorded } from './support.ts'

const order = { market: 'BTC-USDC', side: 'buy', type: 'limit', size: '0.01', price: '60000' } as const
const fastRetry = { retry: { limit: 2, backoffLimitMs: 1 } }
const sentId = (request: Recorded) => (JSON.parse(request.body) as { clientOrderId: string }).clientOrderId
const connectionDropped = () => Promise.reject(new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } }))

describe('clientOrderId on placements', () => {
  it('generates one when absent and sends the same one on the retry after a 503, newly signed', async () => {
    const { fetch, requests } = recordingFetch((_, index) => (index === 0 ? envelope(null, 503) : envelope({ orderId: '7', status: 'open' })))
    const placed = await testClient(fetch, fastRetry).perp.placeOrder(order)

    expect(placed.orderId).toBe('7')
    expect(requests).toHaveLength(2)
    const [first, second] = requests as [Recorded, Recorded]
    expect(sentId(first)).toMatch(/^[0-9a-z]{26}$/)
    expect(sentId(second)).toBe(sentId(first))
    expect(second.body).toBe(first.body)
    expect(second.headers.get('x-timestamp')).not.toBe(first.headers.get('x-timestamp'))
    expect(second.headers.get('x-signature')).not.toBe(first.headers.get('x-signature'))
  })

  it('keeps the clientOrderId the caller gives', async () => {
    const { fetch, requests } = recordingFetch()
    await testClient(fetch).spot.placeOrder({ ...order, market: 'ETH-USDC', clientOrderId: 'my-order_1' })
    expect(sentId(requests[0]!)).toBe('my-order_1')
  })

  it('gives every order of a batch its own id, kept across the retry', async () => {
    const { fetch, requests } = recordingFetch((_, index) => (index === 0 ? envelope(null, 503) : envelope({ orders: [] })))
    await testClient(fetch, fastRetry).perp.placeOrders({ orders: [order, { ...order, clientOrderId: 'mine' }, order] })
    const ids = (request: Recorded) => (JSON.parse(request.body) as { orders: { clientOrderId: string }[] }).orders.map((o) => o.clientOrderId)
    const [first, second] = requests as [Recorded, Recorded]
    expect(ids(first)[1]).toBe('mine')
    expect(new Set(ids(first)).size).toBe(3)
    expect(ids(second)).toEqual(ids(first))
  })

  it('gives a new id to each new placement', async () => {
    const { fetch, requests } = recordingFetch()
    const client = testClient(fetch)
    await client.prediction.placeOrder({ marketId: '1001', side: 0, outcomeIndex: 0, priceE6: 550_000, amount: 10 })
    await client.prediction.placeOrder({ marketId: '1001', side: 0, outcomeIndex: 0, priceE6: 550_000, amount: 10 })
    expect(sentId(requests[0]!)).not.toBe(sentId(requests[1]!))
  })

  it('does not retry other writes: a cancel that met a 503 is sent once, its outcome unknown', async () => {
    const { fetch, requests } = recordingFetch(() => envelope(null, 503))
    const error = await testClient(fetch, fastRetry).perp.cancelOrder({ orderId: '7' }).catch((caught: unknown) => caught)
    expect(error).toMatchObject({ kind: 'outcome-unknown', cause: expect.any(ExchangeApiError) })
    expect(requests).toHaveLength(1)
  })
})

describe('outcome unknown', () => {
  it('carries the clientOrderId that every attempt sent', async () => {
    const { fetch, requests } = recordingFetch(connectionDropped)
    const error = await testClient(fetch, fastRetry).perp.placeOrder(order).catch((caught: unknown) => caught)

    expect(error).toBeInstanceOf(OrderOutcomeUnknownError)
    expect(isExchangeError(error, 'outcome-unknown')).toBe(true)
    const { clientOrderId, clientOrderIds, message } = error as OrderOutcomeUnknownError
    expect(requests.length).toBe(3)
    for (const request of requests) expect(sentId(request)).toBe(clientOrderId)
    expect(clientOrderIds).toEqual([clientOrderId])
    expect(message).toContain(clientOrderId)
  })

  it('carries every id of a batch', async () => {
    const { fetch, requests } = recordingFetch(connectionDropped)
    const error = (await testClient(fetch).spot.placeOrders({ orders: [order, order] }).catch((caught: unknown) => caught)) as OrderOutcomeUnknownError
    expect(error).toBeInstanceOf(OrderOutcomeUnknownError)
    const sent = (JSON.parse(requests[0]!.body) as { orders: { clientOrderId: string }[] }).orders.map((o) => o.clientOrderId)
    expect(error.clientOrderIds).toEqual(sent)
  })

  it('findOrder looks in the open orders, then in the history, by clientOrderId', async () => {
    let placedId = ''
    const { fetch, requests } = recordingFetch((request) => {
      if (request.method === 'POST') {
        placedId = sentId(request)
        return connectionDropped()
      }
      const asked = request.url.searchParams.get('clientOrderId')
      if (request.url.pathname === '/api/v1/perp/orders') return envelope({ items: [], nextCursor: null })
      return envelope({ items: [{ orderId: '9', clientOrderId: asked, status: 'filled' }], nextCursor: null })
    })
    const client = testClient(fetch)
    const error = (await client.perp.placeOrder(order).catch((caught: unknown) => caught)) as OrderOutcomeUnknownError

    const found = await client.perp.findOrder({ clientOrderId: error.clientOrderId! })

    expect(error.clientOrderId).toBe(placedId)
    expect(found).toMatchObject({ orderId: '9', clientOrderId: placedId })
    const lookups = requests.filter((request) => request.method === 'GET').map((request) => `${request.url.pathname}?${request.url.searchParams}`)
    expect(lookups).toEqual([`/api/v1/perp/orders?clientOrderId=${placedId}`, `/api/v1/perp/history/orders?clientOrderId=${placedId}`])
  })

  it('findOrder stops at the open orders when the order rests there', async () => {
    const { fetch, requests } = recordingFetch((request) =>
      envelope({ items: [{ orderId: '3', clientOrderId: 'other', market: 'ETH-USDC' }, { orderId: '4', clientOrderId: 'abc', market: 'ETH-USDC' }], nextCursor: null, path: request.url.pathname }))
    const found = await testClient(fetch).spot.findOrder({ clientOrderId: 'abc', market: 'ETH-USDC' })
    expect(found?.orderId).toBe('4')
    expect(requests.map((request) => request.url.pathname)).toEqual(['/api/v1/spot/orders'])
  })

  it('findOrder answers undefined when the exchange never took the order', async () => {
    const { fetch } = recordingFetch(() => envelope({ items: [], nextCursor: null }))
    expect(await testClient(fetch).perp.findOrder({ clientOrderId: 'never-sent' })).toBeUndefined()
  })

  it('prediction findOrder walks the pages of the caller orders until the clientOrderId turns up', async () => {
    const pages = [[{ orderId: '4', clientOrderId: 'p-0', marketId: '1001', status: 'filled' }], [{ orderId: '5', clientOrderId: 'p-1', marketId: '1001', status: 'active' }]]
    const { fetch, requests } = recordingFetch((request) => {
      const page = Number(request.url.searchParams.get('page') ?? 1)
      return envelope({ items: pages[page - 1], pagination: { page, pageSize: 100, totalItems: 2, totalPages: 2, hasNext: page < 2, hasPrev: page > 1 } })
    })
    const found = await testClient(fetch).prediction.findOrder({ clientOrderId: 'p-1', marketId: 1001 })
    expect(found?.orderId).toBe('5')
    expect(requests.map((request) => `${request.url.pathname}?${request.url.searchParams}`)).toEqual([
      '/api/v1/prediction/me/orders?marketId=1001&clientOrderId=p-1&pageSize=100',
      '/api/v1/prediction/me/orders?marketId=1001&clientOrderId=p-1&page=2&pageSize=100',
    ])
  })

  it('findOrder refuses a malformed clientOrderId before any request', async () => {
    const { fetch, requests } = recordingFetch()
    await expect(testClient(fetch).perp.findOrder({ clientOrderId: 'a b' })).rejects.toMatchObject({ name: 'ExchangeValidationError', field: 'clientOrderId' })
    expect(requests).toHaveLength(0)
  })
})
