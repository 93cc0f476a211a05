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

/**
 * An exchange where `others` accounts each hold an open BTC-USDC and ETH-USDC position (half long,
 * half short) with TP/SL set far away, and rest a limit order well under the mark; alice holds one
 * position. The clock then passes a funding time and the mark moves (the maker re-quotes).
 */
function crowdedPerp(others: number) {
  const names = Array.from({ length: others }, (_, index) => `trader-${index}`)
  const h = harness({ accounts: { alice: { USDC: '100000' }, ...Object.fromEntries(names.map((name) => [name, { USDC: '100000' }])) } })
  h.clock.now = Date.UTC(2026, 5, 1, 15, 50)
  h.ok('POST', '/api/v1/perp/orders', { market: 'BTC-USDC', side: 'buy', type: 'market', size: '0.01', leverage: 10 })
  names.forEach((name, index) => {
    const side = index % 2 === 0 ? 'buy' : 'sell'
    for (const market of ['BTC-USDC', 'ETH-USDC']) {
      h.ok('POST', '/api/v1/perp/orders', { market, side, type: 'market', size: market === 'BTC-USDC' ? '0.01' : '0.1', leverage: 5 }, name)
      const mark = Number(h.ok('GET', `/api/v1/perp/markets/${market}/mark-price`).markPrice)
      const far = (factor: number) => String(Math.round(mark * factor))
      const [takeProfit, stopLoss] = side === 'buy' ? [far(1.4), far(0.7)] : [far(0.7), far(1.4)]
      h.ok('POST', `/api/v1/perp/positions/${market}/tpsl`, { take_profit_price: takeProfit, stop_loss_price: stopLoss }, name)
      h.ok('PUT', `/api/v1/perp/positions/${market}/leverage`, { leverage: 4 }, name)
      h.ok('POST', '/api/v1/perp/orders', { market, side: 'buy', type: 'limit', price: far(0.9), size: market === 'BTC-USDC' ? '0.01' : '0.1', leverage: 5 }, name)
    }
  })
  const visits = (method: string, target: string, body?: unknown) => {
    const before = h.market.state.work.visits
    h.ok(method, target, body, 'alice')
    return h.market.state.work.visits - before
  }
  return { ...h, visits }
}

describe('a perp request\'s work', () => {
  /** What alice's perp requests visit after a funding time has passed and the mark moved. */
  function everydayPerp(others: number) {
    const h = crowdedPerp(others)
    h.clock.now = Date.UTC(2026, 5, 1, 16, 7)
    return {
      positions: h.visits('GET', '/api/v1/perp/positions'),
      order: h.visits('POST', '/api/v1/perp/orders', { market: 'BTC-USDC', side: 'buy', type: 'market', size: '0.01' }),
      afterOrder: h.visits('GET', '/api/v1/perp/positions/BTC-USDC'),
      withdrawal: h.visits('POST', '/api/v1/account/withdrawals', { token: 'USDC', amount: '10', address: '0xabc' }),
      leverage: h.visits('PUT', '/api/v1/perp/positions/BTC-USDC/leverage', { leverage: 5 }),
      margin: h.visits('GET', '/api/v1/account/perp/margin'),
      ticker: h.visits('GET', '/api/v1/perp/markets/BTC-USDC/ticker'),
      funding: h.ok('GET', '/api/v1/perp/history/funding').items.length,
    }
  }

  it('does not grow with other accounts\' open positions, triggers and orders', () => {
    const alone = everydayPerp(0)
    expect(alone.funding).toBe(1) // alice's position was settled at the funding time
    expect(everydayPerp(500)).toEqual(alone)
  })

  it('when the mark falls through some positions\' liquidation prices, visits those and not the others', () => {
    /** 30 accounts hold 10x longs (liquidated about 9.5 % down) and `safe` accounts 2x longs; the mark then falls 12 %. */
    const fall = (safe: number) => {
      const risky = Array.from({ length: 30 }, (_, index) => `risky-${index}`)
      const careful = Array.from({ length: safe }, (_, index) => `careful-${index}`)
      const h = harness({ accounts: Object.fromEntries([...risky, ...careful, 'alice'].map((name) => [name, { USDC: '10000' }])) })
      h.market.setReferencePrice('perp', 'BTC-USDC', '60000')
      for (const name of risky) h.ok('POST', '/api/v1/perp/orders', { market: 'BTC-USDC', side: 'buy', type: 'market', size: '0.01', leverage: 10 }, name)
      for (const name of careful) h.ok('POST', '/api/v1/perp/orders', { market: 'BTC-USDC', side: 'buy', type: 'market', size: '0.01', leverage: 2 }, name)
      h.market.setReferencePrice('perp', 'BTC-USDC', '52800')
      const before = h.market.state.work.visits
      h.ok('GET', '/api/v1/perp/positions')
      const visited = h.market.state.work.visits - before
      const liquidated = risky.filter((name) => h.market.state.perp.liquidationsOf(name).length === 1).length
      const open = careful.filter((name) => h.market.state.perp.position(name, 'BTC-USDC')).length
      return { visited, liquidated, open: open === safe }
    }
    const few = fall(30)
    expect(few).toMatchObject({ liquidated: 30, open: true })
    expect(few.visited).toBeGreaterThanOrEqual(30)
    expect(fall(300)).toEqual(few)
  })

  it('is counted: the caller\'s positions are visited', () => {
    const h = crowdedPerp(0)
    expect(h.visits('GET', '/api/v1/perp/positions')).toBeGreaterThan(0)
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

  it('stops at the exchange\'s maxMarkets of open markets: the demo\'s seven open ones included, its two resolved ones not; a resolution frees a place', () => {
    const h = harness({ challengePeriodMs: MINUTE, accounts: { alice: { USDC: '1000' }, bob: { USDC: '1000' } }, policy: { maxMarkets: 8 } })
    const { marketId } = h.ok('POST', '/api/v1/prediction/markets', newMarket(0))
    expect(h.call('POST', '/api/v1/prediction/markets', newMarket(1), 'bob').error).toMatchObject({ code: 'REQ_INVALID_PARAMS', details: { field: 'markets', limit: 8 } })
    expect(h.market.balances('bob').USDC).toEqual({ available: '1000', locked: '0' })
    h.clock.now = END + MINUTE + 1
    h.ok('POST', '/api/v1/prediction/oracle/finalizations', { marketId })
    expect(h.call('POST', '/api/v1/prediction/markets', { ...newMarket(1), endTime: END + 60 * MINUTE }, 'bob').status).toBe(200)
  })
})
