// findOrder and reconcile do not trust the service to filter or to end its lists: every page is
// walked (to a bound), each order found is checked for the clientOrderId and market asked for, and
// reconcile takes only the error a write threw. A fetch double plays a service that ignores filters
// or never ends; the reference exchange plays the honest one.
import { describe, expect, it } from 'vitest'
import { ExchangeClient, OrderOutcomeUnknownError } from '../../src/index.ts'
import { FIND_PAGES } from '../../src/api/common/reconcile.ts'
import { paginate } from '../../src/api/paginate.ts'
import { startLocalExchange } from '../support/local-exchange.ts'
import { TEST_KEYS } from '../support/seed.ts'
import { envelope, recordingFetch, testClient } from './support.ts'

const order = (orderId: string, clientOrderId: string, market = 'BTC-USDC') => ({ orderId, clientOrderId, market })

describe('findOrder against a service that ignores the clientOrderId filter', () => {
  it('walks the open orders page by page, then the history, until the clientOrderId turns up', async () => {
    // Open orders: two pages of others; history: the order, on its second page.
    const lists: Record<string, Record<string, { items: unknown[]; nextCursor: string | null }>> = {
      '/api/v1/perp/orders': { '': { items: [order('1', 'x')], nextCursor: 'c1' }, c1: { items: [order('2', 'y')], nextCursor: null } },
      '/api/v1/perp/history/orders': { '': { items: [order('3', 'z')], nextCursor: 'h1' }, h1: { items: [order('4', 'wanted')], nextCursor: null } },
    }
    const { fetch, requests } = recordingFetch((request) => envelope(lists[request.url.pathname]![request.url.searchParams.get('cursor') ?? '']))
    expect(await testClient(fetch).perp.findOrder({ clientOrderId: 'wanted' })).toMatchObject({ orderId: '4' })
    expect(requests.map((request) => `${request.url.pathname} ${request.url.searchParams.get('cursor')}`)).toEqual([
      '/api/v1/perp/orders null', '/api/v1/perp/orders c1', '/api/v1/perp/history/orders null', '/api/v1/perp/history/orders h1',
    ])
  })

  it('does not return an order of another market under the clientOrderId: it looks on, and says undefined', async () => {
    const { fetch } = recordingFetch(() => envelope({ items: [order('1', 'mine', 'ETH-USDC')], nextCursor: null }))
    const client = testClient(fetch)
    expect(await client.perp.findOrder({ clientOrderId: 'mine', market: 'BTC-USDC' })).toBeUndefined()
    expect(await client.perp.findOrder({ clientOrderId: 'mine', market: 'ETH-USDC' })).toMatchObject({ orderId: '1' })
  })

  it('prediction: an order of another market under the clientOrderId is not the one asked for', async () => {
    const { fetch } = recordingFetch(() => envelope({ items: [{ orderId: '1', clientOrderId: 'p', marketId: '2002' }], pagination: { page: 1, pageSize: 100, totalItems: 1, totalPages: 1, hasNext: false, hasPrev: false } }))
    expect(await testClient(fetch).prediction.findOrder({ clientOrderId: 'p', marketId: '1001' })).toBeUndefined()
  })
})

describe('a list that never ends', () => {
  it(`findOrder throws after ${FIND_PAGES} pages of a cursor list that always has a next one`, async () => {
    const { fetch, requests } = recordingFetch((request) => envelope({ items: [order('1', 'other')], nextCursor: `c${Number(request.url.searchParams.get('cursor')?.slice(1) ?? 0) + 1}` }))
    await expect(testClient(fetch).perp.findOrder({ clientOrderId: 'wanted' })).rejects.toMatchObject({ kind: 'response', message: expect.stringContaining(`past ${FIND_PAGES} pages`) })
    expect(requests).toHaveLength(FIND_PAGES)
  })

  it(`prediction.findOrder throws after ${FIND_PAGES} pages of a page list whose hasNext never turns false`, async () => {
    const { fetch, requests } = recordingFetch((request) => {
      const page = Number(request.url.searchParams.get('page') ?? 1)
      return envelope({ items: [{ orderId: String(page), clientOrderId: 'other', marketId: '1001' }], pagination: { page, pageSize: 100, totalItems: 1e9, totalPages: 1e7, hasNext: true, hasPrev: page > 1 } })
    })
    await expect(testClient(fetch).prediction.findOrder({ clientOrderId: 'wanted' })).rejects.toMatchObject({ kind: 'response', message: expect.stringContaining(`past ${FIND_PAGES} pages`) })
    expect(requests).toHaveLength(FIND_PAGES)
  })

  it('findOrder refuses a cursor the service hands back again after two pages, naming it, rather than walk in a circle', async () => {
    const { fetch, requests } = recordingFetch(() => envelope({ items: [order('1', 'other')], nextCursor: 'again' }))
    await expect(testClient(fetch).perp.findOrder({ clientOrderId: 'wanted' })).rejects.toMatchObject({ kind: 'response', message: expect.stringContaining('repeated cursor "again"') })
    expect(requests).toHaveLength(2)
  })

  it('findOrder, and reconcile through it, walk at most the maxPages the caller gives, and say so', async () => {
    const endless = (request: { url: URL }) =>
      request.url.pathname === '/api/v1/system/time'
        ? envelope({ serverTime: Date.now() })
        : envelope({ items: [order('1', 'other')], nextCursor: `c${Number(request.url.searchParams.get('cursor')?.slice(1) ?? 0) + 1}` })
    const lists = (requests: { url: URL }[]) => requests.filter((request) => request.url.pathname !== '/api/v1/system/time')
    const found = recordingFetch(endless)
    await expect(testClient(found.fetch).perp.findOrder({ clientOrderId: 'wanted' }, { maxPages: 3 })).rejects.toMatchObject({ message: expect.stringContaining('past 3 pages (maxPages)') })
    expect(lists(found.requests)).toHaveLength(3)
    const reconciled = recordingFetch(endless)
    const lost = new OrderOutcomeUnknownError('wanted', new Error('lost'), undefined, Date.now())
    await expect(testClient(reconciled.fetch).spot.reconcile(lost, { maxPages: 2 })).rejects.toMatchObject({ message: expect.stringContaining('past 2 pages (maxPages)') })
    expect(lists(reconciled.requests)).toHaveLength(2)
    // Without maxPages, reconcile's look-up walks findOrder's default, not paginate's.
    const byDefault = recordingFetch(endless)
    await expect(testClient(byDefault.fetch).perp.reconcile(lost)).rejects.toMatchObject({ message: expect.stringContaining(`past ${FIND_PAGES} pages`) })
    expect(lists(byDefault.requests)).toHaveLength(FIND_PAGES)
  })

  it('paginate takes maxPages: past it, a list that has not ended throws; one that ends in time does not', async () => {
    const { fetch } = recordingFetch((request) => envelope({ items: [order('1', 'a')], nextCursor: `c${request.url.searchParams.get('cursor') ?? ''}x` }))
    const walk = async (maxPages: number) => {
      let items = 0
      for await (const _ of paginate(testClient(fetch).perp.listOrderHistory, {}, { maxPages })) if (++items === 3) break
      return items
    }
    expect(await walk(3)).toBe(3)
    await expect(walk(2)).rejects.toMatchObject({ kind: 'response', message: expect.stringContaining('past 2 pages (maxPages)') })
  })
})

describe('reconcile takes only the error the write threw', () => {
  it.each([
    ['a plain object', { clientOrderId: 'abc', market: 'BTC-USDC' }],
    ['a plain object with lastSignedAt', { clientOrderId: 'abc', clientOrderIds: ['abc'], lastSignedAt: 1 }],
    ['another error', new Error('boom')],
    ['nothing', undefined],
  ])('refuses %s, naming the argument and pointing at findOrder', async (_, given) => {
    const { fetch, requests } = recordingFetch()
    const client = testClient(fetch)
    for (const reconcile of [client.perp.reconcile, client.spot.reconcile, client.prediction.reconcile]) {
      await expect(reconcile(given as OrderOutcomeUnknownError)).rejects.toMatchObject({ kind: 'validation', field: 'error', message: expect.stringMatching(/^error: .*OrderOutcomeUnknownError.*findOrder/) })
    }
    expect(requests).toHaveLength(0)
  })
})

describe('a placement answered with an earlier order under its clientOrderId (the reference exchange)', async () => {
  const { url, exchange } = await startLocalExchange()
  exchange.market.setReferencePrice('perp', 'BTC-USDC', '65000')
  exchange.market.setReferencePrice('spot', 'ETH-USDC', '3000')
  exchange.market.setReferencePrice('perp', 'ETH-USDC', '3000')
  const client = new ExchangeClient({ baseUrl: url, ...TEST_KEYS.bob })
  const first = { market: 'BTC-USDC', side: 'buy', type: 'limit', size: '0.002', price: '61000', leverage: 2 } as const

  it('the same input again is the same order (the idempotency the retry relies on)', async () => {
    const placed = await client.perp.placeOrder({ ...first, clientOrderId: 'same-twice' })
    expect(await client.perp.placeOrder({ ...first, clientOrderId: 'same-twice', size: '0.0020' })).toMatchObject({ orderId: placed.orderId })
  })

  it.each([
    ['price', { price: '61500' }, /price 61000, not 61500/],
    ['size', { size: '0.003' }, /size 0.002, not 0.003/],
    ['side', { side: 'sell', price: '69000' }, /side buy, not sell/],
    ['market', { market: 'ETH-USDC', price: '2900', size: '0.01' }, /market BTC-USDC, not ETH-USDC/],
  ] as const)('another %s under the same clientOrderId is an error naming it, not a success', async (field, change, message) => {
    const clientOrderId = `reused-${field}`
    const placed = await client.perp.placeOrder({ ...first, clientOrderId })
    const error = await client.perp.placeOrder({ ...first, ...change, clientOrderId }).catch((caught: unknown) => caught)
    expect(error).toMatchObject({ name: 'ExchangeResponseError', field, message: expect.stringMatching(message) })
    expect((error as Error).message).toContain(`order ${placed.orderId}`)
    expect((error as Error).message).toContain(clientOrderId)
  })

  it('a batch alike: an order answered under a reused clientOrderId with other terms is an error naming it', async () => {
    const placed = await client.perp.placeOrder({ ...first, clientOrderId: 'batch-reused' })
    const batch = [{ ...first, price: '61500', clientOrderId: 'batch-reused' }, { ...first, clientOrderId: 'batch-fresh' }]
    const error = await client.perp.placeOrders({ orders: batch }).catch((caught: unknown) => caught)
    expect(error).toMatchObject({ name: 'ExchangeResponseError', field: 'price', message: expect.stringMatching(/price 61000, not 61500/) })
    expect((error as Error).message).toContain(`order ${placed.orderId}`)
    // The same terms again are the same orders: no error.
    const again = await client.perp.placeOrders({ orders: [{ ...first, clientOrderId: 'batch-reused' }] })
    expect(again.orders[0]).toMatchObject({ orderId: placed.orderId })
  })

  it('spot alike', async () => {
    const spot = { market: 'ETH-USDC', side: 'buy', type: 'limit', size: '0.01', price: '2900' } as const
    await client.spot.placeOrder({ ...spot, clientOrderId: 'spot-reused' })
    await expect(client.spot.placeOrder({ ...spot, price: '2950', clientOrderId: 'spot-reused' })).rejects.toMatchObject({ field: 'price' })
  })
})
