/**
 * The market maker's `lively` ladder (the demo's, `policy.makerLadder`): sizes vary by level and by
 * side, a quote that was hit stays taken (the book shows the trade) and the ladder refills 20 s
 * later. Over loopback HTTP, the exchange's clock moved by hand and the reference price held still.
 */
import { describe, expect, it } from 'vitest'
import { manualClock, startLocalExchange } from '../support/local-exchange.ts'
import { rawRequest } from '../support/raw-request.ts'
import { TEST_KEYS } from '../support/seed.ts'

const MARKET = 'BTC-USDC'
/** The market's quote size (the flat ladder's size at every level). */
const QUOTE_SIZE = 0.5

describe('the lively ladder', () => {
  it('differs by level and by side, shrinks by what an order takes, stays so, and refills after 20 s', async () => {
    const clock = manualClock(Date.UTC(2027, 0, 1, 12, 0, 5))
    const { exchange, url } = await startLocalExchange({ now: clock.now, policy: { makerLadder: 'lively' } })
    exchange.market.setReferencePrice('perp', MARKET, '65000')
    const book = async () => {
      const { json } = await rawRequest(url, { path: `/api/v1/perp/markets/${MARKET}/orderbook`, query: 'depth=10' })
      const sizes = (levels: [string, string][]) => levels.map(([, size]) => Number(size))
      return { bids: sizes(json.data.bids), asks: sizes(json.data.asks), bestAsk: json.data.asks[0][0] as string }
    }
    const before = await book()
    expect(before.asks).toHaveLength(10)
    expect(new Set(before.asks).size).toBeGreaterThan(1) // levels differ
    expect(before.asks).not.toEqual(before.bids) // and sides differ
    for (const size of [...before.asks, ...before.bids]) expect(size).toBeGreaterThanOrEqual(QUOTE_SIZE)

    const placed = await rawRequest(url, { method: 'POST', path: '/api/v1/perp/orders', key: TEST_KEYS.full, timestamp: String(clock.now()), body: JSON.stringify({ market: MARKET, side: 'buy', type: 'market', size: '0.3' }) })
    expect(placed.status).toBe(200)
    const taken = await book()
    expect(taken.bestAsk).toBe(before.bestAsk)
    expect(taken.asks[0]).toBeCloseTo(before.asks[0]! - 0.3, 9)
    expect(taken.asks.slice(1)).toEqual(before.asks.slice(1))

    clock.advance(10_000)
    expect((await book()).asks[0]).toBeCloseTo(before.asks[0]! - 0.3, 9) // still taken
    clock.advance(11_000)
    const refilled = await book()
    expect(refilled.asks[0]).toBeGreaterThan(taken.asks[0]!)
    expect(refilled.asks[0]).toBeGreaterThanOrEqual(QUOTE_SIZE)
  })

  it('is off by default: every level holds the quote size and a hit quote is replaced at once', async () => {
    const clock = manualClock(Date.UTC(2027, 0, 1, 12, 0, 5))
    const { exchange, url } = await startLocalExchange({ now: clock.now })
    exchange.market.setReferencePrice('perp', MARKET, '65000')
    const { json } = await rawRequest(url, { path: `/api/v1/perp/markets/${MARKET}/orderbook`, query: 'depth=10' })
    expect(new Set([...json.data.asks, ...json.data.bids].map(([, size]: [string, string]) => Number(size)))).toEqual(new Set([QUOTE_SIZE]))
  })
})

describe('candles', () => {
  it('each 1-minute candle opens where the one before it closed, and its high and low hold its open and close', async () => {
    const { url } = await startLocalExchange()
    const { json } = await rawRequest(url, { path: `/api/v1/perp/markets/${MARKET}/klines`, query: 'interval=1m&limit=30' })
    const candles = (json.data as { open: string; high: string; low: string; close: string }[]).map((candle) => ({ open: Number(candle.open), high: Number(candle.high), low: Number(candle.low), close: Number(candle.close) }))
    expect(candles).toHaveLength(30)
    for (let index = 1; index < candles.length; index++) expect(candles[index]!.open).toBe(candles[index - 1]!.close)
    for (const candle of candles) {
      expect(candle.high).toBeGreaterThanOrEqual(Math.max(candle.open, candle.close))
      expect(candle.low).toBeLessThanOrEqual(Math.min(candle.open, candle.close))
    }
    // Bodies show the moves: not every candle opens at its close.
    expect(candles.some((candle) => candle.open !== candle.close)).toBe(true)
  })
})

