// Reduce-only and margin hold when a resting order fills, not only when it was placed: an order
// whose fill would break them is cancelled (the rest of it) with a reason its views show.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { abs, type Decimal, dec, formatDecimal } from '../../src/testing/market/decimal.ts'
import { harness, type Harness } from './harness.ts'

const MARKET = 'BTC-USDC'

/** BTC-USDC pinned at 60000: the market maker asks 0.5 BTC from 60030 up and bids from 59970 down. */
function pinned(accounts: Record<string, Record<string, string>>) {
  const h = harness({ accounts })
  h.market.setReferencePrice('perp', MARKET, '60000')
  const place = (accountId: string, order: Record<string, unknown>) => h.ok('POST', '/api/v1/perp/orders', { market: MARKET, ...order }, accountId)
  return { ...h, place }
}

describe('resting orders checked when they fill', () => {
  it('cancels a reduce-only order whose fill would flip the position, and the taker trades on', () => {
    const h = pinned({ alice: { USDC: '10000' }, bob: { USDC: '100000' } })
    h.place('alice', { side: 'buy', type: 'market', size: '0.1' })
    const reduceOnly = h.place('alice', { side: 'sell', type: 'limit', price: '60010', size: '0.1', reduceOnly: true })
    const plain = h.place('alice', { side: 'sell', type: 'limit', price: '60005', size: '0.1' })
    expect([reduceOnly.status, plain.status]).toEqual(['open', 'open'])

    const taker = h.place('bob', { side: 'buy', type: 'market', size: '0.2' })
    expect(taker).toMatchObject({ status: 'filled', filledSize: '0.2' })
    expect(h.market.positions('alice')).toEqual([]) // the plain sell closed the long; nothing flipped it short
    expect(h.ok('GET', `/api/v1/perp/orders/${reduceOnly.orderId}`, undefined, 'alice')).toMatchObject({ status: 'cancelled', cancelReason: 'reduce_only_would_increase', filledSize: '0' })
    expect(h.ok('GET', `/api/v1/perp/orders/${plain.orderId}`, undefined, 'alice')).toMatchObject({ status: 'filled', cancelReason: null })
    expect(h.market.balances('alice').USDC!.locked).toBe('0')
  })

  it('cancels a resting order whose opening fill its reserve and free balance cannot margin', () => {
    const h = pinned({ alice: { USDC: '400' }, bob: { USDC: '100000' } })
    h.place('alice', { side: 'buy', type: 'market', size: '0.1' })
    // Both sells only close the long as placed, so each locks just its fee; the second would open a 1x short.
    h.place('alice', { side: 'sell', type: 'limit', price: '60010', size: '0.1' })
    const opening = h.place('alice', { side: 'sell', type: 'limit', price: '60020', size: '0.1', leverage: 1 })

    h.place('bob', { side: 'buy', type: 'market', size: '0.2' })
    expect(h.market.positions('alice')).toEqual([])
    expect(h.ok('GET', '/api/v1/perp/orders', undefined, 'alice').items).toEqual([])
    expect(h.ok('GET', '/api/v1/perp/history/orders', undefined, 'alice').items.find((order: { orderId: string }) => order.orderId === opening.orderId)).toMatchObject({ status: 'cancelled', cancelReason: 'insufficient_margin' })
    expect(h.market.balances('alice').USDC!.locked).toBe('0')
  })

  it('leaves resting orders untouched when the placement that reached them does not go ahead', () => {
    const h = pinned({ alice: { USDC: '10000' }, bob: { USDC: '100000' }, carol: { USDC: '50' } })
    h.place('alice', { side: 'buy', type: 'market', size: '0.1' })
    const reduceOnly = h.place('alice', { side: 'sell', type: 'limit', price: '60010', size: '0.1', reduceOnly: true })
    h.place('alice', { side: 'sell', type: 'limit', price: '60005', size: '0.1' })
    // Buying 0.2 would fill the plain sell (closing alice's long) and so cancel the reduce-only one, but:
    // carol cannot pay the margin of 0.2 BTC, and bob's FOK finds 0.1 at or below 60010, not 0.2.
    expect(h.call('POST', '/api/v1/perp/orders', { market: MARKET, side: 'buy', type: 'market', size: '0.2' }, 'carol')).toMatchObject({ status: 400, error: { code: 'TRADE_INSUFFICIENT_BALANCE' } })
    expect(h.place('bob', { side: 'buy', type: 'limit', price: '60010', size: '0.2', timeInForce: 'FOK' })).toMatchObject({ status: 'expired', filledSize: '0' })
    expect(h.ok('GET', `/api/v1/perp/orders/${reduceOnly.orderId}`, undefined, 'alice')).toMatchObject({ status: 'open', cancelReason: null })
    expect(h.ok('GET', '/api/v1/perp/orders', undefined, 'alice').items).toHaveLength(2)
    // A placement that goes ahead still cancels it.
    h.place('bob', { side: 'buy', type: 'market', size: '0.2' })
    expect(h.ok('GET', `/api/v1/perp/orders/${reduceOnly.orderId}`, undefined, 'alice')).toMatchObject({ status: 'cancelled', cancelReason: 'reduce_only_would_increase' })
  })

  it('lets the same opening fill when the balance covers its margin', () => {
    const h = pinned({ alice: { USDC: '400' }, bob: { USDC: '100000' } })
    h.place('alice', { side: 'buy', type: 'market', size: '0.1' })
    h.place('alice', { side: 'sell', type: 'limit', price: '60010', size: '0.1' })
    const opening = h.place('alice', { side: 'sell', type: 'limit', price: '60020', size: '0.1' }) // 20x: 300.1 margin
    h.place('bob', { side: 'buy', type: 'market', size: '0.2' })
    expect(h.ok('GET', `/api/v1/perp/orders/${opening.orderId}`, undefined, 'alice')).toMatchObject({ status: 'filled', cancelReason: null })
    expect(h.market.positions('alice')).toEqual([expect.objectContaining({ side: 'short', size: '0.1', margin: '300.1' })])
  })
})

type Op =
  | { kind: 'place'; account: number; side: 'buy' | 'sell'; market: boolean; ticks: number; lots: number; reduceOnly: boolean; leverage: number }
  | { kind: 'cancel'; account: number; pick: number }
  | { kind: 'deposit'; account: number; amount: number }
  | { kind: 'close'; account: number }
  | { kind: 'exit'; account: number; ticks: number; leverage: number }

const ACCOUNTS = ['a', 'b', 'c']
const START_USDC = '3000'

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('place' as const), account: fc.nat(2), side: fc.constantFrom('buy' as const, 'sell' as const), market: fc.boolean(), ticks: fc.integer({ min: -8, max: 8 }), lots: fc.integer({ min: 1, max: 8 }), reduceOnly: fc.boolean(), leverage: fc.integer({ min: 2, max: 50 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), account: fc.nat(2), pick: fc.nat(5) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deposit' as const), account: fc.nat(2), amount: fc.integer({ min: 1, max: 2000 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('close' as const), account: fc.nat(2) }) },
  // A plain (not reduce-only) order against the whole position locks only its fee; if the position is gone by the time it fills, it opens one.
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('exit' as const), account: fc.nat(2), ticks: fc.integer({ min: -8, max: 8 }), leverage: fc.constantFrom(1, 2) }) },
)

function apply(h: ReturnType<typeof pinned>, step: Op, deposits: { total: Decimal }): void {
  const account = ACCOUNTS[step.account]!
  if (step.kind === 'place') {
    // Prices between the market maker's best bid and ask (59970, 60030) rest or cross users' orders.
    const price = step.market ? undefined : String(60000 + step.ticks * 5)
    h.call('POST', '/api/v1/perp/orders', { market: MARKET, side: step.side, type: step.market ? 'market' : 'limit', ...(price ? { price } : {}), size: formatDecimal(dec('0.02') * BigInt(step.lots)), reduceOnly: step.reduceOnly, leverage: step.leverage }, account)
  } else if (step.kind === 'cancel') {
    const open = h.ok('GET', '/api/v1/perp/orders', undefined, account).items
    if (open.length > 0) h.ok('DELETE', `/api/v1/perp/orders/${open[step.pick % open.length].orderId}`, undefined, account)
  } else if (step.kind === 'deposit') {
    h.ok('POST', '/api/v1/account/deposits', { token: 'USDC', amount: String(step.amount) }, account)
    deposits.total += dec(String(step.amount))
  } else if (step.kind === 'exit') {
    const size = h.market.state.perp.position(account, MARKET)?.size ?? 0n
    if (size !== 0n) h.call('POST', '/api/v1/perp/orders', { market: MARKET, side: size > 0n ? 'sell' : 'buy', type: 'limit', price: String(60000 + step.ticks * 5), size: formatDecimal(abs(size)), leverage: step.leverage }, account)
  } else h.call('POST', `/api/v1/perp/positions/${MARKET}/close`, { type: 'market' }, account)
}

/** Replays each account's fills in order: a reduce-only order's fill never grows or flips the position. */
function checkReduceOnly(h: Harness): void {
  for (const account of ACCOUNTS) {
    let size = 0n
    for (const fill of [...h.market.state.perp.venue.fillsOf(account)].reverse()) {
      const before = size
      size += fill.side === 'buy' ? fill.size : -fill.size
      if (h.market.state.perp.venue.order(account, fill.orderId).reduceOnly) {
        expect(abs(size) <= abs(before) && before * size >= 0n, `reduce-only fill ${fill.tradeId} of ${account}: ${formatDecimal(before)} → ${formatDecimal(size)}`).toBe(true)
      }
    }
    expect(size, `${account}'s fills add up to its position`).toBe(h.market.state.perp.position(account, MARKET)?.size ?? 0n)
  }
}

/**
 * Replays each account's fills: every fill that opened exposure paid its whole margin (price × size
 * ÷ the order's leverage), and closing fills gave margin back pro rata, so the position holds what
 * the replay holds. A fill let through without the margin to pay for it leaves the position short.
 */
function checkMargins(h: Harness): void {
  const { perp } = h.market.state
  const ONE = 10n ** 18n
  for (const account of ACCOUNTS) {
    let size = 0n
    let margin = 0n
    for (const fill of [...perp.venue.fillsOf(account)].reverse()) {
      const leverage = BigInt(perp.venue.order(account, fill.orderId).leverage)
      const signed = fill.side === 'buy' ? fill.size : -fill.size
      const closed = size !== 0n && size > 0n !== signed > 0n ? (fill.size < abs(size) ? fill.size : abs(size)) : 0n
      if (closed > 0n) margin -= (margin * closed) / abs(size)
      size += signed
      margin += (fill.price * (fill.size - closed)) / ONE / leverage
    }
    expect(formatDecimal(perp.position(account, MARKET)?.margin ?? 0n), `${account}'s position holds the margin its fills paid`).toBe(formatDecimal(margin))
  }
}

/** Money is conserved: balances + position margins = start + deposits + realized PnL − fees; locks back open orders only. */
function checkBalances(h: Harness, deposits: Decimal): void {
  const { ledger, perp } = h.market.state
  let held = 0n
  let pnlLessFees = 0n
  for (const account of ACCOUNTS) {
    const usdc = ledger.peek(account, 'USDC')
    held += usdc.available + usdc.locked + (perp.position(account, MARKET)?.margin ?? 0n)
    for (const fill of perp.venue.fillsOf(account)) pnlLessFees += (fill.realizedPnl ?? 0n) - fill.fee
    const reserved = perp.venue.ordersOf(account).filter((order) => order.status === 'open' || order.status === 'partially_filled').reduce((total, order) => total + (order.reserve?.amount ?? 0n), 0n)
    expect(usdc.locked, `${account}'s locked USDC backs its open orders`).toBe(reserved)
    expect(perp.liquidationsOf(account), `${account} was never under-margined`).toEqual([])
  }
  expect(formatDecimal(held)).toBe(formatDecimal(dec(START_USDC) * BigInt(ACCOUNTS.length) + deposits + pnlLessFees))
}

describe('random operation sequences (property)', () => {
  it('never let a reduce-only order grow a position or a fill open without its margin, and balances reconcile after every step', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 10, maxLength: 60 }), (steps) => {
        const h = pinned(Object.fromEntries(ACCOUNTS.map((account) => [account, { USDC: START_USDC }])))
        const deposits = { total: 0n }
        for (const step of steps) {
          apply(h, step, deposits)
          checkBalances(h, deposits.total)
          checkMargins(h)
        }
        checkReduceOnly(h)
      }),
      { numRuns: 200 },
    )
  })
})
