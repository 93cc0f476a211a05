import { describe, expect, it } from 'vitest'
import { ExchangeResponseError } from '../../src/index.ts'
import { envelope, recordingFetch, testClient } from './support.ts'

describe('validateResponses', () => {
  const numericId = { items: [{ orderId: 1853278922010145178, market: 'BTC-USDC' }], nextCursor: null }

  it('is off by default: the data is returned as the service sent it', async () => {
    const { fetch } = recordingFetch(() => envelope(numericId))
    const page = await testClient(fetch).perp.listOpenOrders()
    expect(page.items[0]!.orderId).toBe(1853278922010145178)
  })

  it("'strict' refuses data that breaks the operation's shape, naming the field", async () => {
    const { fetch } = recordingFetch(() => envelope(numericId))
    const error = await testClient(fetch, { validateResponses: 'strict' }).perp.listOpenOrders().catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ExchangeResponseError)
    expect((error as Error).message).toContain('data.items.0.orderId')
  })

  it("'strict' passes conforming data through untouched, unknown fields included", async () => {
    const data = { items: [{ orderId: '7', market: 'BTC-USDC', status: 'open', venueTag: 'x' }], nextCursor: null }
    const { fetch } = recordingFetch(() => envelope(data))
    expect(await testClient(fetch, { validateResponses: 'strict' }).perp.listOpenOrders()).toEqual(data)
  })

  it("'strict' checks page lists and bare arrays too", async () => {
    const { fetch } = recordingFetch((request) =>
      request.url.pathname.endsWith('/deposits') ? envelope({ items: [], pagination: { page: '1' } }) : envelope({ symbol: 'BTC-USDC' }))
    const client = testClient(fetch, { validateResponses: 'strict' })
    await expect(client.account.listDeposits()).rejects.toThrow(/data\.pagination\.page/)
    await expect(client.perp.listMarkets()).rejects.toThrow(/Expected Array/)
  })
})
