import { describe, expect, it } from 'vitest'
import { dec, formatDecimal, mul } from '../../src/testing/market/decimal.ts'
import { fundingRate } from '../../src/testing/market/prices.ts'
import { harness } from './harness.ts'

/** The BTC-USDC reference is pinned at 60000: the maker quotes 0.5 BTC every 30 (5 bps) from 60030 up and 59970 down. */
function pinned() {
  const h = harness()
  h.market.setReferencePrice('perp', 'BTC-USDC', '60000')
  const buy = (size: string, extra: Record<string, unknown> = {}) => h.ok('POST', '/api/v1/perp/orders', { market: 'BTC-USDC', side: 'buy', type: 'market', size, ...extra })
  const sell = (size: string, extra: Record<string, unknown> = {}) => h.ok('POST', '/api/v1/perp/orders', { market: 'BTC-USDC', side: 'sell', type: 'market', size, ...extra })
  const usdc = () => h.market.balances('alice').USDC!
  const position = () => h.ok('GET', '/api/v1/perp/positions/BTC-USDC')
  return { ...h, buy, sell, usdc, position }
}

describe('perp positions', () => {
  it('opens a long with margin = notional / leverage, pays the taker fee, and shows entry, mark, PnL and liquidation price', () => {
    const h = pinned()
    const order = h.buy('0.1', { leverage: 10 })
    expect(order).toMatchObject({ status: 'filled', avgFillPrice: '60030', leverage: 10, fee: '3.0015' })
    expect(h.usdc()).toEqual({ available: '99396.6985', locked: '0' }) // 100000 − 600.3 − 3.0015
    expect(h.position()).toMatchObject({ side: 'long', size: '0.1', entryPrice: '60030', markPrice: '60000', margin: '600.3', leverage: 10, unrealizedPnl: '-3', liquidationPrice: '54298.492462311557788944' }) // (6003 − 600.3) / (0.1 × (1 − 0.005))
    h.market.setReferencePrice('perp', 'BTC-USDC', '61000')
    expect(h.position()).toMatchObject({ markPrice: '61000', unrealizedPnl: '97', notional: '6100' })
  })

  it('realizes PnL on a partial close, releases margin pro rata, and flips through zero', () => {
    const h = pinned()
    h.buy('0.1', { leverage: 10 })
    h.market.setReferencePrice('perp', 'BTC-USDC', '61000') // best bid now 60969.5
    h.sell('0.04')
    expect(h.position()).toMatchObject({ side: 'long', size: '0.06', entryPrice: '60030', margin: '360.18', realizedPnl: '37.58' })
    expect(h.usdc().available).toBe('99673.17911') // + 240.12 margin + 37.58 PnL − 1.21939 fee
    h.sell('0.1') // closes 0.06, opens a 0.04 short at the default 20x
    expect(h.position()).toMatchObject({ side: 'short', size: '0.04', entryPrice: '60969.5', margin: '121.939', leverage: 20, realizedPnl: '93.95' })
    expect(h.usdc()).toEqual({ available: '99964.741635', locked: '0' })
    const pnl = h.ok('GET', '/api/v1/perp/history/pnl')
    expect(pnl.items.map((record: { realizedPnl: string }) => record.realizedPnl)).toEqual(['56.37', '37.58'])
  })

  it('closes a position at market, in full or in part', () => {
    const h = pinned()
    h.buy('0.1', { leverage: 10 })
    const partial = h.ok('POST', '/api/v1/perp/positions/BTC-USDC/close', { type: 'market', size: '0.04' })
    expect(partial.order).toMatchObject({ side: 'sell', reduceOnly: true, status: 'filled', size: '0.04', source: 'close' })
    expect(partial.position).toMatchObject({ size: '0.06' })
    const full = h.ok('POST', '/api/v1/perp/positions/BTC-USDC/close', {})
    expect(full.position).toBeNull()
    expect(h.ok('GET', '/api/v1/perp/positions')).toEqual([])
    expect(h.call('GET', '/api/v1/perp/positions/BTC-USDC')).toMatchObject({ status: 404, error: { code: 'NOT_FOUND' } })
  })

  it('re-margins an open position when leverage changes, and adds or removes margin', () => {
    const h = pinned()
    h.buy('0.1', { leverage: 10 })
    expect(h.ok('PUT', '/api/v1/perp/positions/BTC-USDC/leverage', { leverage: 5 })).toEqual({ market: 'BTC-USDC', leverage: 5, maxLeverage: 50 })
    expect(h.position()).toMatchObject({ leverage: 5, margin: '1200.6' })
    expect(h.usdc().available).toBe('98796.3985')
    expect(h.ok('POST', '/api/v1/perp/positions/BTC-USDC/margin', { amount: '100', type: 'add' })).toMatchObject({ margin: '1300.6' })
    h.market.setReferencePrice('perp', 'BTC-USDC', '61000') // in profit: the margin at entry (1200.6 at 5x) is what binds
    expect(h.call('POST', '/api/v1/perp/positions/BTC-USDC/margin', { amount: '100.01', type: 'remove' })).toMatchObject({ status: 400, error: { code: 'POS_INSUFFICIENT_MARGIN', details: { field: 'amount', rule: 'initial_margin_at_entry', most: '100' } } })
    expect(h.ok('POST', '/api/v1/perp/positions/BTC-USDC/margin', { amount: '100', type: 'remove' })).toMatchObject({ margin: '1200.6' })
    expect(h.call('PUT', '/api/v1/perp/positions/BTC-USDC/leverage', { leverage: 51 })).toMatchObject({ status: 400, error: { details: { field: 'leverage' } } })
    expect(h.ok('GET', '/api/v1/perp/positions/ETH-USDC/leverage')).toEqual({ market: 'ETH-USDC', leverage: 20, maxLeverage: 50 })
  })

  it('liquidates where margin plus PnL falls to the maintenance margin at the mark: the margin is lost and recorded', () => {
    const h = pinned()
    h.buy('0.1', { leverage: 10 })
    // Margin plus PnL falls to 0.5% of the notional at the mark at (6003 − 600.3) / (0.1 × 0.995) = 54298.49…
    h.market.setReferencePrice('perp', 'BTC-USDC', '54298.5')
    expect(h.ok('GET', '/api/v1/perp/positions')).toHaveLength(1)
    h.market.setReferencePrice('perp', 'BTC-USDC', '54298.4')
    expect(h.ok('GET', '/api/v1/perp/positions')).toEqual([])
    const liquidations = h.ok('GET', '/api/v1/perp/history/liquidations')
    expect(liquidations.items).toEqual([expect.objectContaining({ market: 'BTC-USDC', side: 'long', size: '0.1', liquidationPrice: '54298.492462311557788944', markPrice: '54298.4', lostMargin: '600.3' })])
    expect(h.usdc().available).toBe('99396.6985')
  })

  it('liquidates a short once the mark reaches its liquidation price, rounded up so the price shown liquidates', () => {
    const h = pinned()
    h.sell('0.1', { leverage: 10 }) // at 59970: margin 599.7
    // (5997 + 599.7) / (0.1 × 1.005) = 65638.805970149253731343 28…, shown rounded up at the 18th place.
    expect(h.position()).toMatchObject({ side: 'short', liquidationPrice: '65638.805970149253731344' })
    h.market.setReferencePrice('perp', 'BTC-USDC', '65638.805970149253731343')
    expect(h.ok('GET', '/api/v1/perp/positions')).toHaveLength(1)
    h.market.setReferencePrice('perp', 'BTC-USDC', '65638.805970149253731344')
    expect(h.ok('GET', '/api/v1/perp/positions')).toEqual([])
  })

  it('pays funding at each 8-hour mark a position is held through', () => {
    const h = pinned()
    h.buy('0.1', { leverage: 10 })
    const fundingTime = Date.UTC(2026, 5, 1, 16)
    h.clock.now = fundingTime - 1
    expect(h.ok('GET', '/api/v1/perp/history/funding').items).toEqual([])
    h.clock.now = fundingTime + 1
    const [payment] = h.ok('GET', '/api/v1/perp/history/funding').items
    const expected = -mul(mul(dec('0.1'), dec('60000')), fundingRate('BTC', fundingTime))
    expect(payment).toMatchObject({ market: 'BTC-USDC', fundingTime, positionSize: '0.1', markPrice: '60000', payment: formatDecimal(expected) })
    expect(h.usdc().available).toBe(formatDecimal(dec('99396.6985') + expected))
  })

  it('settles a position\'s funding when it is touched: every period held through, at its account\'s next request or fill', () => {
    const h = harness({ accounts: { alice: { USDC: '100000' }, bob: { USDC: '100000' } } })
    h.market.setReferencePrice('perp', 'BTC-USDC', '60000')
    for (const account of ['alice', 'bob']) h.ok('POST', '/api/v1/perp/orders', { market: 'BTC-USDC', side: 'buy', type: 'market', size: '0.1', leverage: 10 }, account)
    h.ok('POST', '/api/v1/perp/orders', { market: 'BTC-USDC', side: 'sell', type: 'limit', price: '60010', size: '0.05', reduceOnly: true }, 'bob')
    const times = [Date.UTC(2026, 5, 1, 16), Date.UTC(2026, 5, 2, 0)]
    h.clock.now = times[1]! + 1
    h.ok('GET', '/api/v1/perp/positions') // alice's request settles alice's funding, not bob's
    expect(h.market.state.perp.fundingOf('alice')).toHaveLength(2)
    expect(h.market.state.perp.fundingOf('bob')).toEqual([])
    // Alice buys into bob's resting sell: the fill touches bob's position, which settles both periods first.
    h.ok('POST', '/api/v1/perp/orders', { market: 'BTC-USDC', side: 'buy', type: 'limit', price: '60010', size: '0.05' })
    const paid = h.market.state.perp.fundingOf('bob')
    expect(paid.map((record) => [record.fundingTime, record.positionSize])).toEqual([[times[1], '0.1'], [times[0], '0.1']])
    expect(paid.map((record) => record.payment)).toEqual(times.map((time) => formatDecimal(-mul(mul(dec('0.1'), dec('60000')), fundingRate('BTC', time)))).reverse())
    expect(h.ok('GET', '/api/v1/perp/positions/BTC-USDC', undefined, 'bob')).toMatchObject({ size: '0.05' })
    expect(h.ok('GET', '/api/v1/perp/history/funding', undefined, 'bob').items).toHaveLength(2)
  })
})

describe('perp TP/SL', () => {
  it('sets both legs, refuses a second set of a leg with POS_TPSL_EXISTS, and replaces with PUT or replace: true', () => {
    const h = pinned()
    h.buy('0.1', { leverage: 10 })
    expect(h.ok('POST', '/api/v1/perp/positions/BTC-USDC/tpsl', { take_profit_price: '62000', stop_loss_price: '58000' })).toMatchObject({ takeProfitPrice: '62000', stopLossPrice: '58000', tpSlStatus: 'active' })
    expect(h.call('POST', '/api/v1/perp/positions/BTC-USDC/tpsl', { take_profit_price: '63000' })).toMatchObject({ status: 409, error: { code: 'POS_TPSL_EXISTS', codeNum: 14005 } })
    expect(h.ok('PUT', '/api/v1/perp/positions/BTC-USDC/tpsl', { take_profit_price: '63000' })).toMatchObject({ takeProfitPrice: '63000', stopLossPrice: '58000' })
    expect(h.ok('POST', '/api/v1/perp/positions/BTC-USDC/tpsl', { stop_loss_price: '57000', replace: true })).toMatchObject({ stopLossPrice: '57000' })
    expect(h.ok('DELETE', '/api/v1/perp/positions/BTC-USDC/tpsl?type=take_profit')).toMatchObject({ takeProfitPrice: null, stopLossPrice: '57000' })
    expect(h.ok('DELETE', '/api/v1/perp/positions/BTC-USDC/tpsl')).toMatchObject({ takeProfitPrice: null, stopLossPrice: null, tpSlStatus: 'none' })
  })

  it('refuses triggers on the wrong side of the mark, camelCase keys, and positions that do not exist', () => {
    const h = pinned()
    expect(h.call('POST', '/api/v1/perp/positions/BTC-USDC/tpsl', { take_profit_price: '62000' })).toMatchObject({ status: 404 })
    h.buy('0.1')
    expect(h.call('POST', '/api/v1/perp/positions/BTC-USDC/tpsl', { take_profit_price: '59000' })).toMatchObject({ status: 400, error: { details: { field: 'take_profit_price' } } })
    expect(h.call('POST', '/api/v1/perp/positions/BTC-USDC/tpsl', { stop_loss_price: '61000' })).toMatchObject({ status: 400, error: { details: { field: 'stop_loss_price' } } })
    const camel = h.call('POST', '/api/v1/perp/positions/BTC-USDC/tpsl', { takeProfitPrice: '62000' })
    expect(camel).toMatchObject({ status: 400, error: { code: 'REQ_INVALID_PARAMS', details: { field: 'takeProfitPrice' } } })
    expect(camel.error?.message).toContain('did you mean take_profit_price?')
    expect(h.call('POST', '/api/v1/perp/positions/BTC-USDC/tpsl', { take_profit_price: '62000.05' })).toMatchObject({ status: 400, error: { details: { field: 'take_profit_price' } } })
  })

  it('closes the position at market when the mark reaches the take profit', () => {
    const h = pinned()
    h.buy('0.1', { leverage: 10 })
    h.ok('POST', '/api/v1/perp/positions/BTC-USDC/tpsl', { take_profit_price: '62000', stop_loss_price: '58000' })
    h.market.setReferencePrice('perp', 'BTC-USDC', '61990')
    expect(h.ok('GET', '/api/v1/perp/positions')).toHaveLength(1)
    h.market.setReferencePrice('perp', 'BTC-USDC', '62000')
    expect(h.ok('GET', '/api/v1/perp/positions')).toEqual([])
    const [trigger] = h.ok('GET', '/api/v1/perp/history/orders').items
    expect(trigger).toMatchObject({ source: 'take_profit', side: 'sell', reduceOnly: true, status: 'filled', avgFillPrice: '61969' })
    expect(h.ok('GET', '/api/v1/perp/history/pnl').items[0]).toMatchObject({ realizedPnl: '193.9' })
  })

  it('closes a short at the stop loss', () => {
    const h = pinned()
    h.sell('0.1', { leverage: 10 })
    h.ok('POST', '/api/v1/perp/positions/BTC-USDC/tpsl', { stop_loss_price: '61000' })
    h.market.setReferencePrice('perp', 'BTC-USDC', '61000')
    expect(h.ok('GET', '/api/v1/perp/positions')).toEqual([])
    expect(h.ok('GET', '/api/v1/perp/history/orders').items[0]).toMatchObject({ source: 'stop_loss', side: 'buy' })
  })
})

describe('perp order rules', () => {
  it('refuses a limit price more than 15% from the mark before looking at the balance', () => {
    const h = harness({ accounts: { broke: { USDC: '0' } } })
    h.market.setReferencePrice('perp', 'BTC-USDC', '60000')
    const order = { market: 'BTC-USDC', side: 'buy', type: 'limit', size: '0.01' }
    expect(h.call('POST', '/api/v1/perp/orders', { ...order, price: '50999.9' }, 'broke')).toMatchObject({ status: 400, error: { code: 'TRADE_PRICE_DEVIATION', codeNum: 13002 } })
    expect(h.call('POST', '/api/v1/perp/orders', { ...order, price: '51000' }, 'broke')).toMatchObject({ status: 400, error: { code: 'TRADE_INSUFFICIENT_BALANCE', codeNum: 13001 } })
  })

  it('locks margin plus the taker fee for a resting limit order and frees it on cancel', () => {
    const h = pinned()
    const order = h.ok('POST', '/api/v1/perp/orders', { market: 'BTC-USDC', side: 'buy', type: 'limit', price: '59000', size: '0.2', leverage: 10 })
    expect(h.usdc()).toEqual({ available: '98814.1', locked: '1185.9' }) // 1180 margin + 5.9 fee
    expect(h.ok('GET', '/api/v1/account/perp/margin')).toMatchObject({ orderMargin: '1185.9', positionMargin: '0' })
    h.ok('DELETE', `/api/v1/perp/orders/${order.orderId}`)
    expect(h.usdc()).toEqual({ available: '100000', locked: '0' })
  })

  it('takes reduceOnly only against an opposite position, and trims it to the position size', () => {
    const h = pinned()
    expect(h.call('POST', '/api/v1/perp/orders', { market: 'BTC-USDC', side: 'sell', type: 'market', size: '0.1', reduceOnly: true })).toMatchObject({ status: 400, error: { details: { field: 'reduceOnly' } } })
    h.buy('0.1')
    const reduce = h.sell('0.5', { reduceOnly: true })
    expect(reduce).toMatchObject({ size: '0.1', status: 'filled' })
    expect(h.ok('GET', '/api/v1/perp/positions')).toEqual([])
  })

  it('checks tick size, step size and minimum size, naming the field', () => {
    const h = pinned()
    const order = { market: 'BTC-USDC', side: 'buy', type: 'limit', price: '60000', size: '0.01' }
    expect(h.call('POST', '/api/v1/perp/orders', { ...order, price: '60000.05' }).error?.details).toMatchObject({ field: 'price' })
    expect(h.call('POST', '/api/v1/perp/orders', { ...order, size: '0.0015' }).error?.details).toMatchObject({ field: 'size' })
    expect(h.call('POST', '/api/v1/perp/orders', { ...order, size: 0.01 }).error?.details).toMatchObject({ field: 'size' })
    expect(h.call('POST', '/api/v1/perp/orders', { ...order, market: 'DOGE-USDC' }).error?.details).toMatchObject({ field: 'market' })
    expect(h.call('POST', '/api/v1/perp/orders', { ...order, side: 'long' }).error?.details).toMatchObject({ field: 'side' })
    expect(h.call('POST', '/api/v1/perp/orders', { ...order, leverage: 51 }).error?.details).toMatchObject({ field: 'leverage' })
    expect(h.call('POST', '/api/v1/perp/orders', { ...order, type: 'market', price: undefined, postOnly: true }).error?.details).toMatchObject({ field: 'postOnly' })
  })
})
