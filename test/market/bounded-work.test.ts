/**
 * A request's work does not grow with other accounts' prediction markets and orders: markets due to
 * close come from a queue by time (a bounded number per request), a market closes by its own books,
 * and an account's lists come from its own records. The exchange's work meter counts what requests
 * visit; no timing. Creating markets locks a bond and is capped per account.
 */
import { describe, expect, it } from 'vitest'
import { harness, START } from './harness.ts'

const MINUTE = 60_000
const END = START + 60 * MINUTE
const OUTCOMES = Array.from({ length: 32 }, (_, index) => `Outcome ${index}`)

/** An exchange where other accounts made `markets` 32-outcome markets ending at END, each with resting orders. */
function crowded(markets: number) {
  const creators = Array.from({ length: Math.ceil(markets / 5) }, (_, index) => `creator-${index}`)
  const h = harness({ accounts: { alice: { USDC: '100000' }, ...Object.fromEntries(creators.map((creator) => [creator, { USDC: '100000' }])) } })
  for (let index = 0; index < markets; index++) {
    const creator = creators[Math.floor(index / 5)]!
    const { marketId } = h.ok('POST', '/api/v1/prediction/markets', { question: `Market ${index}?`, category: 'load', marketType: 'multi_outcome', outcomes: OUTCOMES, endTime: END }, creator)
    for (let outcomeIndex = 0; outcomeIndex < 4; outcomeIndex++) h.ok('POST', '/api/v1/prediction/multi-outcome/orders', { marketId, side: 0, outcomeIndex, priceE6: 2_000, amount: 500 }, creator)
  }
  h.ok('POST', '/api/v1/prediction/orders', { marketId: '1001', side: 0, outcomeIndex: 0, priceE6: 100_000, amount: 20 }, 'alice')
  const visits = (method: string, target: string, body?: unknown) => {
    const before = h.market.state.work.visits
    h.ok(method, target, body, 'alice')
    return h.market.state.work.visits - before
  }
  return { ...h, visits }
}

/** What alice's everyday requests visit while the other markets trade. */
function everyday(markets: number) {
  const h = crowded(markets)
  h.clock.now = END - MINUTE
  return {
    perpMarkets: h.visits('GET', '/api/v1/perp/markets'),
    order: h.visits('POST', '/api/v1/prediction/orders', { marketId: '1001', side: 0, outcomeIndex: 1, priceE6: 100_000, amount: 20 }),
    positions: h.visits('GET', '/api/v1/prediction/me/positions'),
    marketOrders: h.visits('GET', '/api/v1/prediction/markets/1001/orders'),
    activity: h.visits('GET', '/api/v1/prediction/activity'),
  }
}

describe('a request\'s work', () => {
  it('does not grow with other accounts\' markets and orders', () => {
    expect(everyday(200)).toEqual(everyday(0))
  })

  it('is counted: the one list of every market (discovery) visits each of them', () => {
    const h = crowded(200)
    expect(h.visits('GET', '/api/v1/prediction/markets?pageSize=1')).toBeGreaterThanOrEqual(200)
  })

  it('when many markets end at once, is the same for 50 or 200 of them: a bounded number close per request, each by its own books', () => {
    const atTheEnd = (markets: number) => {
      const h = crowded(markets)
      h.clock.now = END
      return h.visits('GET', '/api/v1/perp/markets')
    }
    const fifty = atTheEnd(50)
    expect(atTheEnd(200)).toBe(fifty)
    expect(fifty).toBeLessThan(50 * 4) // fewer than the ended markets' resting orders
  })

  it('a market named by a request after its end is closed and proposed then, even while the queue is behind', () => {
    const h = crowded(200)
    h.clock.now = END
    const last = String(2001 + 199)
    expect(h.ok('GET', `/api/v1/prediction/markets/${last}/proposal`)).toMatchObject({ status: 'proposed', proposedAt: END })
    expect(h.market.balances('creator-39').USDC!.locked).toBe('500') // the five creation bonds; the orders' locks are released
  })
})

describe('creating prediction markets', () => {
  const newMarket = (index: number) => ({ question: `Question ${index}?`, category: 'testing', marketType: 'binary', endTime: END })

  it('locks the policy\'s bond and is capped per account; resolution returns the bond and frees the slot', () => {
    const h = harness({ challengePeriodMs: MINUTE, accounts: { alice: { USDC: '1000' }, poor: { USDC: '99' } } })
    expect(h.call('POST', '/api/v1/prediction/markets', newMarket(0), 'poor')).toMatchObject({ status: 400, error: { code: 'TRADE_INSUFFICIENT_BALANCE' } })
    const ids = Array.from({ length: 5 }, (_, index) => h.ok('POST', '/api/v1/prediction/markets', newMarket(index)).marketId as string)
    expect(h.market.balances('alice').USDC).toEqual({ available: '500', locked: '500' })
    expect(h.call('POST', '/api/v1/prediction/markets', newMarket(5))).toMatchObject({ status: 400, error: { code: 'REQ_INVALID_PARAMS', details: { field: 'markets', limit: 5 } } })

    h.clock.now = END + MINUTE + 1
    h.ok('POST', '/api/v1/prediction/oracle/finalizations', { marketId: ids[0] })
    expect(h.market.balances('alice').USDC).toEqual({ available: '600', locked: '400' })
    expect(h.call('POST', '/api/v1/prediction/markets', { ...newMarket(6), endTime: END + 60 * MINUTE }).status).toBe(200)
  })

  it('takes its cap and bond from the policy', () => {
    const h = harness({ accounts: { alice: { USDC: '1000' } }, policy: { maxOpenMarketsPerAccount: 1, marketBond: 0 } })
    h.ok('POST', '/api/v1/prediction/markets', newMarket(0))
    expect(h.market.balances('alice').USDC).toEqual({ available: '1000', locked: '0' })
    expect(h.call('POST', '/api/v1/prediction/markets', newMarket(1)).error).toMatchObject({ details: { field: 'markets', limit: 1 } })
  })

  it('stops at the exchange\'s maxMarkets, the demo\'s nine included', () => {
    const h = harness({ accounts: { alice: { USDC: '1000' }, bob: { USDC: '1000' } }, policy: { maxMarkets: 10 } })
    h.ok('POST', '/api/v1/prediction/markets', newMarket(0))
    expect(h.call('POST', '/api/v1/prediction/markets', newMarket(1), 'bob').error).toMatchObject({ code: 'REQ_INVALID_PARAMS', details: { field: 'markets', limit: 10 } })
    expect(h.market.balances('bob').USDC).toEqual({ available: '1000', locked: '0' })
  })
})
