// A page's journal in real Chromium: a placement whose answer the page never read (its fetch fails after
// the request reached the exchange) stays in IndexedDB; a client built afresh on the same database, as
// after a reload, recovers it as applied, with the order the exchange holds, and the database is then empty.
import { describe, expect, inject, it } from 'vitest'
import { ExchangeClient, OrderOutcomeUnknownError } from '../../src/index.ts'
import { indexedDbJournal } from '../../src/journal.ts'
import { TEST_KEYS } from '../support/seed.ts'

describe('an IndexedDB journal across a reload', () => {
  it('a placement whose answer was lost is recovered as applied by the next page', async () => {
    const name = `journal-reload-${crypto.randomUUID()}`
    const options = { baseUrl: inject('exchangeUrl'), ...TEST_KEYS.bob, dangerouslyAllowBrowser: true, retry: false } as const
    // Sends the placement, then fails as a dropped connection would: the exchange took it, the page never hears.
    const losingAnswers: typeof fetch = async (input, init) => {
      const response = await fetch(input, init)
      if (new Request(input, init).method === 'POST') throw new TypeError('Failed to fetch')
      return response
    }
    const page = new ExchangeClient({ ...options, fetch: losingAnswers, journal: indexedDbJournal(name) })
    const error = await page.perp.placeOrder({ market: 'BTC-USDC', side: 'buy', type: 'limit', size: '0.001', price: '60000' }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(OrderOutcomeUnknownError)
    const clientOrderId = (error as OrderOutcomeUnknownError).clientOrderId

    const reloaded = indexedDbJournal(name)
    expect((await reloaded.list()).map((record) => record.clientOrderIds)).toEqual([[clientOrderId]])
    const { items } = await new ExchangeClient({ ...options, journal: reloaded }).recover()
    expect(items).toMatchObject([{ operation: 'perp.placeOrder', outcome: 'applied', found: { clientOrderId } }])
    expect(await reloaded.list()).toEqual([])
  })
})
