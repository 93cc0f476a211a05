// Self-trade prevention: an account's new order never trades with its own resting order, on every
// venue. The resting order is cancelled (cancelReason `self_trade`) and the new one trades on with
// the rest of the book; an order that ends without trading changes nothing.
import { describe, expect, it } from 'vitest'
import { harness } from './harness.ts'

const MARKET = 'BTC-USDC'

/** Perp and spot BTC-USDC pinned at 60000: the market maker's best bid and ask are 59970 and 60030. */
function pinned() {
  const h = harness({ accounts: { alice: { USDC: '100000', BTC: '2' }, bob: { USDC: '100000', BTC: '2' } } })
  h.market.setReferencePrice('perp', MARKET, '60000')
  h.market.setReferencePrice('spot', MARKET, '60000')
  const order = (area: 'perp' | 'spot', id: string, account = 'alice') => h.ok('GET', `/api/v1/${area}/orders/${id}`, undefined, account)
  return { ...h, order }
}

describe('self-trade prevention', () => {
  for (const area of ['perp', 'spot'] as const) {
    it(`${area}: a crossing limit order cancels the account's own resting order and rests, with no trade`, () => {
      const h = pinned()
      const resting = h.ok('POST', `/api/v1/${area}/orders`, { market: MARKET, side: 'sell', type: 'limit', price: '60005', size: '0.1' })
      const crossing = h.ok('POST', `/api/v1/${area}/orders`, { market: MARKET, side: 'buy', type: 'limit', price: '60010', size: '0.1' })
      expect(crossing).toMatchObject({ status: 'open', filledSize: '0' })
      expect(h.order(area, resting.orderId)).toMatchObject({ status: 'cancelled', cancelReason: 'self_trade', filledSize: '0' })
      expect(h.ok('GET', `/api/v1/${area}/history/trades`).items).toEqual([])
      expect(h.market.state[area].venue.trades(MARKET)).toEqual([])
      if (area === 'perp') expect(h.market.positions('alice')).toEqual([])
      // What is locked backs the one open order; the cancelled one gave its lock back.
      const locked = h.market.state[area].venue.ordersOf('alice').filter((order) => order.status === 'open').reduce((total, order) => total + order.reserve!.amount, 0n)
      expect(h.market.state.ledger.peek('alice', 'USDC').locked + h.market.state.ledger.peek('alice', 'BTC').locked).toBe(locked)
    })

    it(`${area}: a market order passes over its own resting order and trades with the others'`, () => {
      const h = pinned()
      const own = h.ok('POST', `/api/v1/${area}/orders`, { market: MARKET, side: 'sell', type: 'limit', price: '60005', size: '0.1' })
      const bobs = h.ok('POST', `/api/v1/${area}/orders`, { market: MARKET, side: 'sell', type: 'limit', price: '60010', size: '0.1' }, 'bob')
      const taker = h.ok('POST', `/api/v1/${area}/orders`, { market: MARKET, side: 'buy', type: 'market', size: '0.2' })
      expect(taker).toMatchObject({ status: 'filled', filledSize: '0.2', avgFillPrice: '60020' }) // 0.1 at bob's 60010, 0.1 at the maker's 60030
      expect(h.order(area, own.orderId)).toMatchObject({ status: 'cancelled', cancelReason: 'self_trade' })
      expect(h.order(area, bobs.orderId, 'bob')).toMatchObject({ status: 'filled' })
      const fills = h.market.state[area].venue.fillsOf('alice')
      expect(fills.map((fill) => fill.orderId)).toEqual([taker.orderId, taker.orderId])
    })

    it(`${area}: an order that does not go ahead leaves the account's own resting order alone`, () => {
      const h = pinned()
      const own = h.ok('POST', `/api/v1/${area}/orders`, { market: MARKET, side: 'sell', type: 'limit', price: '60005', size: '0.1' })
      // FOK: only the maker's 0.5 at 60030 could fill it, not the 0.6 asked, so it expires whole.
      expect(h.ok('POST', `/api/v1/${area}/orders`, { market: MARKET, side: 'buy', type: 'limit', price: '60030', size: '0.6', timeInForce: 'FOK' })).toMatchObject({ status: 'expired' })
      expect(h.order(area, own.orderId)).toMatchObject({ status: 'open', cancelReason: null })
    })
  }

  it('perp: the balance check counts what the cancelled own order gives back', () => {
    const h = harness({ accounts: { alice: { USDC: '700' } } })
    h.market.setReferencePrice('perp', MARKET, '60000')
    // 0.2 × 60005 ÷ 20 = 600.05 margin + 6.0005 fee locked; 93.9495 left.
    const resting = h.ok('POST', '/api/v1/perp/orders', { market: MARKET, side: 'sell', type: 'limit', price: '60005', size: '0.2' })
    expect(h.market.balances('alice').USDC).toEqual({ available: '93.9495', locked: '606.0505' })
    const crossing = h.ok('POST', '/api/v1/perp/orders', { market: MARKET, side: 'buy', type: 'limit', price: '60010', size: '0.2' }) // needs 606.101
    expect(crossing).toMatchObject({ status: 'open' })
    expect(h.ok('GET', `/api/v1/perp/orders/${resting.orderId}`)).toMatchObject({ status: 'cancelled', cancelReason: 'self_trade' })
    expect(h.market.balances('alice').USDC).toEqual({ available: '93.899', locked: '606.101' })
  })

  it('prediction: one account cannot trade with itself to set an outcome price', () => {
    const h = harness()
    h.ok('POST', '/api/v1/prediction/mints', { marketId: '1002', amount: 100 })
    const order = (side: 0 | 1) => ({ marketId: '1002', side, outcomeIndex: 0, priceE6: 415_000, amount: 50 })
    // Inside the maker's spread (0.40 / 0.42): the sell rests, the buy meets only it.
    const sell = h.ok('POST', '/api/v1/prediction/orders', order(1))
    expect(sell).toMatchObject({ status: 'active' })
    const buy = h.ok('POST', '/api/v1/prediction/orders', order(0))
    expect(buy).toMatchObject({ status: 'active', filledQty: 0 })
    expect(h.market.state.prediction.venue.order('alice', sell.orderId)).toMatchObject({ status: 'cancelled', cancelReason: 'self_trade' })
    expect(h.market.state.prediction.venue.trades('1002:0')).toEqual([])
    expect(h.market.state.prediction.venue.fillsOf('alice')).toEqual([])
    expect(h.market.balances('alice')['shares:1002:0']).toEqual({ available: '100', locked: '0' })
  })

  it('perp: a close at market cancels the account\'s own resting orders in its way', () => {
    const h = pinned()
    h.ok('POST', '/api/v1/perp/orders', { market: MARKET, side: 'buy', type: 'market', size: '0.1' })
    const bid = h.ok('POST', '/api/v1/perp/orders', { market: MARKET, side: 'buy', type: 'limit', price: '59995', size: '0.1' })
    const closed = h.ok('POST', `/api/v1/perp/positions/${MARKET}/close`, {})
    expect(closed).toMatchObject({ order: { status: 'filled', avgFillPrice: '59970' }, position: null })
    expect(h.order('perp', bid.orderId)).toMatchObject({ status: 'cancelled', cancelReason: 'self_trade' })
  })
})
