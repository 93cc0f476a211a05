// Limits the spec marks "not shown" (batch size, page size, leverage range, number of outcomes, symbol
// case) are the service's: the SDK sends such a call, and the reference exchange, which enforces them
// as its own policy, refuses it. The refusal arrives as a typed ExchangeApiError, not as a crash.
import { describe, expect, it } from 'vitest'
import { ExchangeApiError, ExchangeClient } from '../../src/index.ts'
import { startLocalExchange } from '../support/local-exchange.ts'
import { TEST_KEYS } from '../support/seed.ts'

const { url } = await startLocalExchange()
const trader = new ExchangeClient({ baseUrl: url, ...TEST_KEYS.trader, retry: false })

const refusal = (call: Promise<unknown>) => call.then((data) => ({ data }), (caught: unknown) => caught)

describe("the exchange's policy refusals reach the caller as ExchangeApiError", () => {
  const order = { market: 'BTC-USDC', side: 'buy', type: 'limit', size: '0.001', price: '1' } as const
  it.each([
    ['a batch of 51 orders', () => trader.perp.placeOrders({ orders: Array.from({ length: 51 }, () => order) })],
    ['leverage 126', () => trader.perp.setLeverage({ market: 'BTC-USDC', leverage: 126 })],
    ['a page of 101', () => trader.perp.listOpenOrders({ limit: 101 })],
    ['a multi-outcome market of 33 outcomes', () => trader.prediction.createMarket({ question: 'q?', category: 'c', marketType: 'multi_outcome', outcomes: Array.from({ length: 33 }, (_, i) => `o${i}`), endTime: Date.now() + 86_400_000 })],
    ['a lowercase market symbol', () => trader.perp.getTicker({ market: 'btc-usdc' })],
  ])('%s', async (_, call) => {
    const error = await refusal(call())
    expect(error).toBeInstanceOf(ExchangeApiError)
    // A refusal of the call itself: a client error of kind api, never mistaken for auth or a lost answer.
    expect((error as ExchangeApiError).kind).toBe('api')
    expect((error as ExchangeApiError).status).toBeGreaterThanOrEqual(400)
    expect((error as ExchangeApiError).status).toBeLessThan(500)
  })
})
