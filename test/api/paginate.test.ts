import { describe, expect, it } from 'vitest'
import { ExchangeClient, ExchangeResponseError, ExchangeValidationError, paginate } from '../../src/index.ts'
import { envelope, recordingFetch, testClient } from './support.ts'

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = []
  for await (const item of items) all.push(item)
  return all
}

describe('paginate()', () => {
  it('walks a page list page by page until hasNext is false', async () => {
    const deposits = Array.from({ length: 5 }, (_, i) => ({ id: String(i), token: 'USDC', amount: '1', status: 'completed', txHash: null, createdAt: i }))
    const { fetch, requests } = recordingFetch((request) => {
      const page = Number(request.url.searchParams.get('page'))
      const pageSize = Number(request.url.searchParams.get('pageSize'))
      const items = deposits.slice((page - 1) * pageSize, page * pageSize)
      return envelope({ items, pagination: { page, pageSize, totalItems: 5, totalPages: 3, hasNext: page < 3, hasPrev: page > 1 } })
    })
    const walked = await collect(paginate(testClient(fetch).account.listDeposits, { page: 1, pageSize: 2 }))
    expect(walked.map((deposit) => deposit.id)).toEqual(['0', '1', '2', '3', '4'])
    expect(requests.map((request) => request.url.searchParams.get('page'))).toEqual(['1', '2', '3'])
  })

  it('starts a page list at page 1 when the input gives none', async () => {
    const { fetch, requests } = recordingFetch(() => envelope({ items: [{ marketId: '1' }], pagination: { page: 1, pageSize: 20, totalItems: 1, totalPages: 1, hasNext: false, hasPrev: false } }))
    expect(await collect(paginate(testClient(fetch).prediction.listMarkets))).toEqual([{ marketId: '1' }])
    expect(requests).toHaveLength(1)
    expect(requests[0]!.url.search).toBe('')
  })

  it('walks a cursor list by nextCursor, keeping the filters', async () => {
    const pages: Record<string, { items: { orderId: string }[]; nextCursor: string | null }> = {
      '': { items: [{ orderId: 'a' }, { orderId: 'b' }], nextCursor: 'b' },
      b: { items: [{ orderId: 'c' }], nextCursor: 'c' },
      c: { items: [], nextCursor: null },
    }
    const { fetch, requests } = recordingFetch((request) => envelope(pages[request.url.searchParams.get('cursor') ?? '']))
    const walked = await collect(paginate(testClient(fetch).perp.listOrderHistory, { market: 'BTC-USDC', limit: 2 }))
    expect(walked.map((order) => order.orderId)).toEqual(['a', 'b', 'c'])
    expect(requests.map((request) => request.url.search)).toEqual(['?market=BTC-USDC&limit=2', '?market=BTC-USDC&limit=2&cursor=b', '?market=BTC-USDC&limit=2&cursor=c'])
  })

  it('walks an offset list by offset until total, keeping the filters', async () => {
    const all = Array.from({ length: 5 }, (_, i) => ({ championshipId: String(i), slug: `c${i}`, status: 'active' }))
    const { fetch, requests } = recordingFetch((request) => {
      const offset = Number(request.url.searchParams.get('offset') ?? 0)
      const limit = Number(request.url.searchParams.get('limit'))
      return envelope({ items: all.slice(offset, offset + limit), total: all.length, offset, limit })
    })
    const walked = await collect(paginate(testClient(fetch).championship.listChampionships, { status: 'active', limit: 2 }))
    expect(walked.map((championship) => championship.championshipId)).toEqual(['0', '1', '2', '3', '4'])
    expect(requests.map((request) => request.url.search)).toEqual(['?status=active&limit=2', '?status=active&offset=2&limit=2', '?status=active&offset=4&limit=2'])
  })

  it('fetches the next page only when the loop asks for more', async () => {
    const { fetch, requests } = recordingFetch(() => envelope({ items: [{ orderId: 'x' }, { orderId: 'y' }], nextCursor: 'y2' }))
    for await (const order of paginate(testClient(fetch).spot.listOpenOrders)) {
      expect(order.orderId).toBe('x')
      break
    }
    expect(requests).toHaveLength(1)
  })

  it('stops with a typed error when a cursor list hands back the cursor it was given', async () => {
    const { fetch } = recordingFetch(() => envelope({ items: [], nextCursor: 'same' }))
    await expect(collect(paginate(testClient(fetch).perp.listTradeHistory, { cursor: 'same' }))).rejects.toBeInstanceOf(ExchangeResponseError)
  })

  it('refuses an answer that is not a paginated list', async () => {
    const { fetch } = recordingFetch(() => envelope([{ marketId: '1' }]))
    const notAList = testClient(fetch).prediction.listActiveMarkets as unknown as Parameters<typeof paginate>[0]
    await expect(collect(paginate(notAList, {}))).rejects.toBeInstanceOf(ExchangeResponseError)
  })
})

describe('paginate with bad input', () => {
  it('lets the method refuse a non-object input, naming the input rather than a character of it', async () => {
    let sent = 0
    const client = new ExchangeClient({ baseUrl: 'http://127.0.0.1:9', fetch: async () => { sent++; return new Response('{}') } })
    const error = await paginate(client.perp.listOrderHistory as never, 'x'.repeat(1_000_000) as never).next().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ExchangeValidationError)
    expect((error as ExchangeValidationError).field).not.toBe('0')
    expect(sent).toBe(0)
  })
})
