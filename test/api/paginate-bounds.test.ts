// paginate() on lists that end (the reference exchange, over loopback HTTP) and on a service that never
// ends one (a fetch double): a cursor handed back again, a list with a next page forever. The walk ends
// with a typed error, after a bounded number of requests.
import { describe, expect, it } from 'vitest'
import { ExchangeClient, ExchangeResponseError, ExchangeValidationError, paginate } from '../../src/index.ts'
import { startLocalExchange } from '../support/local-exchange.ts'
import { TEST_KEYS } from '../support/seed.ts'
import { envelope, recordingFetch, testClient, type Recorded } from './support.ts'

const { url } = await startLocalExchange()

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = []
  for await (const item of items) all.push(item)
  return all
}

describe('paginate() on the reference exchange', () => {
  it('walks a page list, an offset list and a cursor list to their ends, one item per page, each item once', async () => {
    const client = new ExchangeClient({ baseUrl: url, ...TEST_KEYS.bob })
    const markets = (await client.prediction.listMarkets({ pageSize: 100 })).items
    const walkedMarkets = await collect(paginate(client.prediction.listMarkets, { pageSize: 1 }))
    expect(walkedMarkets.map((market) => market.marketId)).toEqual(markets.map((market) => market.marketId))
    expect(markets.length).toBeGreaterThan(1)

    const championships = (await client.championship.listChampionships({ limit: 100 })).items
    const walkedChampionships = await collect(paginate(client.championship.listChampionships, { limit: 1 }))
    expect(walkedChampionships.map((championship) => championship.slug)).toEqual(championships.map((championship) => championship.slug))
    expect(championships.length).toBeGreaterThan(1)

    const placed = []
    for (let i = 0; i < 3; i++) placed.push(await client.perp.placeOrder({ market: 'BTC-USDC', side: 'buy', type: 'limit', size: '0.001', price: String(60_000 + i) }))
    const walkedOrders = await collect(paginate(client.perp.listOpenOrders, { market: 'BTC-USDC', limit: 1 }))
    expect(walkedOrders.map((order) => order.orderId).sort()).toEqual(placed.map((order) => order.orderId).sort())
  })
})

/** The double's answers, until a walk has clearly not stopped: then a failure, so that no test hangs. */
function endless(respond: (request: Recorded) => Response) {
  return recordingFetch((request, index) => {
    if (index >= 2_000) throw new Error('the walk did not stop')
    return respond(request)
  })
}

describe('paginate() on a list that never ends', () => {
  it('a cursor handed back again, after another one: stops, naming the cursor, without a request for it', async () => {
    const next: Record<string, string> = { '': 'A', A: 'B', B: 'A' }
    const { fetch, requests } = endless((request) => envelope({ items: [{ orderId: request.url.searchParams.get('cursor') ?? 'first' }], nextCursor: next[request.url.searchParams.get('cursor') ?? ''] }))
    const walked: string[] = []
    const error = await (async () => {
      for await (const order of paginate(testClient(fetch).perp.listOrderHistory, { market: 'BTC-USDC' })) walked.push(order.orderId)
    })().catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ExchangeResponseError)
    expect((error as Error).message).toMatch(/the service repeated cursor "A"/)
    expect(walked).toEqual(['first', 'A', 'B'])
    expect(requests.map((request) => request.url.searchParams.get('cursor'))).toEqual([null, 'A', 'B'])
  })

  it('the cursor the input started from, handed back later: stops as well', async () => {
    const { fetch, requests } = endless((request) => envelope({ items: [], nextCursor: request.url.searchParams.get('cursor') === 'start' ? 'other' : 'start' }))
    const error = await collect(paginate(testClient(fetch).spot.listOrderHistory, { cursor: 'start' })).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ExchangeResponseError)
    expect((error as Error).message).toMatch(/repeated cursor "start"/)
    expect(requests).toHaveLength(2)
  })

  it('a page list whose hasNext never turns false: a typed error after 1,000 pages by default, not a loop', async () => {
    const { fetch, requests } = endless((request) => {
      const page = Number(request.url.searchParams.get('page') ?? 1)
      return envelope({ items: [{ marketId: String(page) }], pagination: { page, pageSize: 1, totalItems: 1e9, totalPages: 1e9, hasNext: true, hasPrev: page > 1 } })
    })
    let items = 0
    const error = await (async () => {
      for await (const _ of paginate(testClient(fetch).prediction.listMarkets)) items++
    })().catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ExchangeResponseError)
    expect((error as Error).message).toMatch(/past 1000 pages \(maxPages/)
    expect(requests).toHaveLength(1_000)
    expect(items).toBe(1_000)
  })

  it('maxPages: Infinity lifts the bound (the loop decides when to stop)', async () => {
    const { fetch, requests } = recordingFetch((request) => {
      const offset = Number(request.url.searchParams.get('offset') ?? 0)
      return envelope({ items: [{ championshipId: String(offset), slug: `c${offset}`, status: 'active' }], total: 1e9, offset, limit: 1 })
    })
    let items = 0
    for await (const _ of paginate(testClient(fetch).championship.listChampionships, { limit: 1 }, { maxPages: Infinity })) if (++items === 1_001) break
    expect(requests).toHaveLength(1_001)
  })

  it.each([
    [0, 'range'], [-1, 'range'], [1.5, 'range'], [NaN, 'range'], ['10', 'type'], [null, 'type'],
  ])('refuses maxPages %s before any request, naming the option and the rule (%s)', async (maxPages, rule) => {
    const { fetch, requests } = recordingFetch(() => envelope({ items: [], nextCursor: null }))
    const error = await collect(paginate(testClient(fetch).perp.listOpenOrders, {}, { maxPages: maxPages as number })).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ExchangeValidationError)
    expect(error).toMatchObject({ field: 'maxPages', rule, message: expect.stringMatching(/^maxPages: must be a whole number/) })
    expect(requests).toHaveLength(0)
  })
})
