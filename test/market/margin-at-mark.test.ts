// Money leaves a perp position, or an account holding one, only while every position keeps its
// initial margin valued at the mark price, unrealized PnL counted: otherwise the insurance fund
// pays for the owner's loss. Expected figures are worked by hand from the pinned prices.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { dec, formatDecimal, min } from '../../src/testing/market/decimal.ts'
import { harness } from './harness.ts'

const MARKET = 'BTC-USDC'
const FUND = '2500000'

/** BTC-USDC pinned at 60000: a 0.5 BTC market buy fills at the maker's best ask, 60030. */
function longAt(leverage: number) {
  const h = harness({ accounts: { alice: { USDC: '100000' } } })
  h.market.setReferencePrice('perp', MARKET, '60000')
  h.ok('POST', '/api/v1/perp/orders', { market: MARKET, side: 'buy', type: 'market', size: '0.5', leverage })
  const fund = () => h.ok('GET', '/api/v1/perp/insurance-fund').balance
  const position = () => h.ok('GET', `/api/v1/perp/positions/${MARKET}`)
  const usdc = () => h.market.balances('alice').USDC!
  return { ...h, fund, position, usdc }
}

describe('margin at the mark', () => {
  it('refuses raising the leverage of a 1x long 30% under water, and the fund stays whole', () => {
    const h = longAt(1) // margin 30015
    h.market.setReferencePrice('perp', MARKET, '42000') // PnL (42000 − 60030) × 0.5 = −9015
    const before = h.usdc()
    // 50x would re-margin to 600.3: equity 600.3 − 9015 = −8414.7 against 42000 × 0.5 / 50 = 420 needed.
    const refused = h.call('PUT', `/api/v1/perp/positions/${MARKET}/leverage`, { leverage: 50 })
    expect(refused).toMatchObject({ status: 400, error: { code: 'POS_INSUFFICIENT_MARGIN', codeNum: 19401, details: { field: 'leverage', rule: 'initial_margin_at_mark', market: MARKET, markPrice: '42000', equity: '-8414.7', required: '420', shortfall: '8834.7' } } })
    expect(refused.error!.message).toContain('8834.7 USDC short of its initial margin at the mark')
    expect(h.position()).toMatchObject({ leverage: 1, margin: '30015' })
    expect(h.usdc()).toEqual(before)
    expect(h.ok('GET', '/api/v1/perp/history/liquidations').items).toEqual([])
    expect(h.fund()).toBe(FUND)
  })

  it('lets a position in profit raise its leverage, releasing margin down to the initial margin at entry', () => {
    const h = longAt(1)
    h.market.setReferencePrice('perp', MARKET, '70000')
    h.ok('PUT', `/api/v1/perp/positions/${MARKET}/leverage`, { leverage: 50 })
    expect(h.position()).toMatchObject({ leverage: 50, margin: '600.3' }) // 30015 / 50; equity 600.3 + 4985 ≥ 700
    expect(h.usdc().available).toBe('99384.6925') // 100000 − 30015 − 15.0075 fee + 29414.7
    expect(h.fund()).toBe(FUND)
  })

  it('refuses removing added margin a 10x long 30% under water needs, says how much may go, and the fund stays whole', () => {
    const h = longAt(10) // margin 3001.5
    h.ok('POST', `/api/v1/perp/positions/${MARKET}/margin`, { amount: '20000', type: 'add' }) // 23001.5
    h.market.setReferencePrice('perp', MARKET, '42000')
    // Equity 23001.5 − 9015 = 13986.5; needed at the mark 42000 × 0.5 / 10 = 2100: 11886.5 may go.
    const refused = h.call('POST', `/api/v1/perp/positions/${MARKET}/margin`, { amount: '20000', type: 'remove' })
    expect(refused).toMatchObject({ status: 400, error: { code: 'POS_INSUFFICIENT_MARGIN', details: { field: 'amount', rule: 'initial_margin_at_mark', equity: '-6013.5', required: '2100', shortfall: '8113.5', most: '11886.5' } } })
    expect(refused.error!.message).toContain('at most 11886.5 can be removed')
    expect(h.call('POST', `/api/v1/perp/positions/${MARKET}/margin`, { amount: '11886.51', type: 'remove' })).toMatchObject({ status: 400, error: { details: { most: '11886.5' } } })
    expect(h.ok('POST', `/api/v1/perp/positions/${MARKET}/margin`, { amount: '11886.5', type: 'remove' })).toMatchObject({ margin: '11115' })
    expect(h.ok('GET', '/api/v1/perp/positions')).toHaveLength(1) // not liquidated at this mark
    expect(h.fund()).toBe(FUND)
  })

  it('refuses a withdrawal that would take what an under-water position lacks of its initial margin at the mark', () => {
    const h = longAt(2) // margin 15007.5; available 100000 − 15007.5 − 15.0075 = 84977.4925
    h.market.setReferencePrice('perp', MARKET, '42000')
    // Equity 15007.5 − 9015 = 5992.5; needed 42000 × 0.5 / 2 = 10500: the position lacks 4507.5.
    const withdraw = (amount: string) => h.call('POST', '/api/v1/account/withdrawals', { token: 'USDC', amount, address: '0xabc' })
    const refused = withdraw('84977.4925')
    expect(refused).toMatchObject({ status: 400, error: { code: 'POS_INSUFFICIENT_MARGIN', details: { field: 'amount', rule: 'initial_margin_at_mark', shortfall: '4507.5', most: '80469.9925' } } })
    expect(refused.error!.message).toContain('at most 80469.9925 can be withdrawn')
    expect(withdraw('80469.9926')).toMatchObject({ status: 400, error: { code: 'POS_INSUFFICIENT_MARGIN' } })
    expect(withdraw('80469.9925')).toMatchObject({ status: 200 })
    expect(h.usdc()).toEqual({ available: '4507.5', locked: '0' })
    expect(withdraw('90000')).toMatchObject({ status: 400, error: { code: 'TRADE_INSUFFICIENT_BALANCE' } })
    // Other tokens are not the positions' collateral.
    h.ok('POST', '/api/v1/account/deposits', { token: 'BTC', amount: '1' })
    expect(withdraw('0.1')).toMatchObject({ status: 400 })
    expect(h.call('POST', '/api/v1/account/withdrawals', { token: 'BTC', amount: '1', address: '0xabc' })).toMatchObject({ status: 200 })
  })
})

describe('the hold-back on free USDC', () => {
  it('keeps what an under-water position lacks from a spot buy too, so it cannot leave as BTC', () => {
    const h = longAt(2) // margin 15007.5; available 84977.4925
    h.market.setReferencePrice('perp', MARKET, '42000') // the position lacks 4507.5: at most 80469.9925 may go
    h.market.setReferencePrice('spot', MARKET, '60000') // the maker asks 0.25 BTC at 60030, 60060, … 60150, 60180, …
    const buy = (size: string) => h.call('POST', '/api/v1/spot/orders', { market: MARKET, side: 'buy', type: 'market', size })
    // 1.4 BTC: 0.25 × (60030 + … + 60150) + 0.15 × 60180 = 84139.5, plus the 0.05% fee 42.06975.
    const refused = buy('1.4')
    expect(refused).toMatchObject({ status: 400, error: { code: 'POS_INSUFFICIENT_MARGIN', details: { rule: 'initial_margin_at_mark', market: MARKET, shortfall: '4507.5', held: '4507.5', most: '80469.9925' } } })
    expect(refused.error!.message).toContain('using 84181.56975 USDC would leave less than the 4507.5 USDC')
    expect(refused.error!.message).toContain('at most 80469.9925 is free to use')
    expect(refused.error!.details).not.toHaveProperty('field') // an order's lock, not one amount of the body
    expect(h.call('POST', '/api/v1/account/withdrawals', { token: 'BTC', amount: '1.4', address: '0xabc' })).toMatchObject({ status: 400, error: { code: 'TRADE_INSUFFICIENT_BALANCE' } })
    // 1.3 BTC (78121.5 + 39.06075) stays above the hold-back, and leaves with nothing held back.
    expect(buy('1.3')).toMatchObject({ status: 200, data: { status: 'filled' } })
    expect(h.usdc()).toEqual({ available: '6816.93175', locked: '0' })
    expect(h.call('POST', '/api/v1/account/withdrawals', { token: 'BTC', amount: '1.3', address: '0xabc' }).status).toBe(200)
    // A resting buy is held back the same way; closing the position is not.
    expect(h.call('POST', '/api/v1/spot/orders', { market: MARKET, side: 'buy', type: 'limit', price: '50000', size: '0.05' })).toMatchObject({ status: 400, error: { code: 'POS_INSUFFICIENT_MARGIN' } })
    expect(h.ok('POST', `/api/v1/perp/positions/${MARKET}/close`, {}).position).toBeNull()
    expect(h.fund()).toBe(FUND)
  })

  it('keeps it from a mint, and from margin moved to another position', () => {
    const h = longAt(2)
    h.ok('POST', '/api/v1/perp/orders', { market: 'ETH-USDC', side: 'buy', type: 'market', size: '1', leverage: 10 })
    h.market.setReferencePrice('perp', MARKET, '42000') // BTC-USDC lacks 4507.5
    const free = BigInt(Math.round(Number(h.usdc().available)))
    expect(h.call('POST', '/api/v1/prediction/mints', { marketId: '1001', amount: Number(free - 4000n) })).toMatchObject({ status: 400, error: { code: 'POS_INSUFFICIENT_MARGIN' } })
    expect(h.call('POST', '/api/v1/perp/positions/ETH-USDC/margin', { amount: String(free - 4000n), type: 'add' })).toMatchObject({ status: 400, error: { code: 'POS_INSUFFICIENT_MARGIN' } })
    // Margin added to the position that lacks it is its own rescue: not held back.
    expect(h.call('POST', `/api/v1/perp/positions/${MARKET}/margin`, { amount: String(free - 4000n), type: 'add' }).status).toBe(200)
  })
})

describe('a price gap past the margin', () => {
  it('is paid from the owner\'s free USDC before the insurance fund', () => {
    const h = longAt(10) // margin 3001.5; available 100000 − 3001.5 − 15.0075 = 96983.4925
    h.market.setReferencePrice('perp', MARKET, '50000') // one step past the liquidation price (about 54298)
    h.market.sync()
    // Margin plus PnL at the mark: 3001.5 + (50000 − 60030) × 0.5 = −2013.5, all of it from alice's free USDC.
    expect(h.ok('GET', '/api/v1/perp/positions')).toEqual([])
    expect(h.usdc()).toEqual({ available: '94969.9925', locked: '0' })
    expect(h.fund()).toBe(FUND)
    expect(h.ok('GET', '/api/v1/perp/history/pnl').items[0]).toMatchObject({ type: 'liquidation', realizedPnl: '-5015' })
  })

  it('is paid by the fund only for what the owner\'s free USDC lacks', () => {
    const h = longAt(10)
    // At 60000 the position lacks 13.5 of its initial margin at the mark (3001.5 − 15 against 3000): 96969.9925 may go.
    h.ok('POST', '/api/v1/account/withdrawals', { token: 'USDC', amount: '95983.4925', address: '0xabc' })
    h.market.setReferencePrice('perp', MARKET, '50000')
    h.market.sync()
    expect(h.usdc()).toEqual({ available: '0', locked: '0' })
    expect(h.fund()).toBe('2498986.5') // 2013.5 − the 1000 alice had
  })
})

type Step =
  | { kind: 'open'; account: number; side: 'buy' | 'sell'; lots: number; leverage: number }
  | { kind: 'leverage'; account: number; leverage: number }
  | { kind: 'add' | 'remove' | 'withdraw' | 'deposit'; account: number; amount: number }
  | { kind: 'close' | 'withdraw-all'; account: number }
  | { kind: 'move' | 'gap'; percent: number }
  | { kind: 'spot-buy'; account: number; percent: number }

const ACCOUNTS = ['a', 'b']
const START = 20_000n
const ONE = 10n ** 18n
const units = (whole: number | bigint) => BigInt(whole) * ONE

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('open' as const), account: fc.nat(1), side: fc.constantFrom('buy' as const, 'sell' as const), lots: fc.integer({ min: 1, max: 10 }), leverage: fc.integer({ min: 1, max: 50 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('leverage' as const), account: fc.nat(1), leverage: fc.integer({ min: 1, max: 50 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constantFrom('add' as const, 'remove' as const, 'withdraw' as const, 'deposit' as const), account: fc.nat(1), amount: fc.integer({ min: 1, max: 20_000 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constantFrom('close' as const, 'withdraw-all' as const), account: fc.nat(1) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('move' as const), percent: fc.integer({ min: -15, max: 15 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('gap' as const), percent: fc.integer({ min: -30, max: 30 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('spot-buy' as const), account: fc.nat(1), percent: fc.integer({ min: 50, max: 99 }) }) },
)

/** Equity (margin + PnL at the mark) and initial margin at the mark of each position, worked here from the raw figures. */
function standings(h: ReturnType<typeof harness>, account: string, markWhole: bigint) {
  const mark = units(markWhole)
  return h.market.state.perp.positionsOf(account).map((position) => {
    const size = position.size < 0n ? -position.size : position.size
    return { equity: position.margin + ((mark - position.entryPrice) * position.size) / ONE, required: (mark * size) / ONE / BigInt(position.leverage) }
  })
}

describe('margin at the mark (property)', () => {
  // Prices walk in steps of at most 0.2 %, the liquidation engine running after each, so no position
  // its owner left its initial margin ever goes past bankruptcy before it is liquidated. A gap jumps
  // in one step: a loss past the margin is then paid from the owner's free USDC, the fund paying
  // only what that lacks. Spot buys are money out of USDC like withdrawals.
  it('the insurance fund pays only past the owner\'s free USDC after a gap, money is conserved, and money-out leaves every position its initial margin at the mark', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 5, maxLength: 25 }), (steps) => {
        const h = harness({ accounts: Object.fromEntries(ACCOUNTS.map((account) => [account, { USDC: String(START) }])) })
        const { perp, ledger } = h.market.state
        let mark = 60_000n
        h.market.setReferencePrice('perp', MARKET, String(mark))
        h.market.setReferencePrice('spot', MARKET, '60000')
        const fund0 = perp.insuranceFund
        let outside = units(START) * BigInt(ACCOUNTS.length) // deposits − withdrawals
        for (const [index, action] of steps.entries()) {
          const account = ACCOUNTS['account' in action ? action.account : 0]!
          const fundBefore = perp.insuranceFund
          const before = ACCOUNTS.map((user) => ({ liquidations: perp.liquidationsOf(user).length, available: ledger.peek(user, 'USDC').available }))
          let moneyOut: 'position' | 'account' | undefined
          if (action.kind === 'move') {
            const target = [mark * BigInt(100 + action.percent) / 100n, 36_000n, 84_000n].sort((x, y) => Number(x - y))[1]!
            while (mark !== target) {
              const stride = (mark * 2n) / 1000n
              mark = target > mark ? (target - mark > stride ? mark + stride : target) : mark - target > stride ? mark - stride : target
              h.market.setReferencePrice('perp', MARKET, String(mark))
              h.market.sync()
            }
          } else if (action.kind === 'gap') {
            mark = [mark * BigInt(100 + action.percent) / 100n, 36_000n, 84_000n].sort((x, y) => Number(x - y))[1]!
            h.market.setReferencePrice('perp', MARKET, String(mark))
            h.market.sync()
          } else if (action.kind === 'spot-buy') {
            // A share of the free USDC in BTC (at the maker's 60030 ask and up, in steps of 0.0001 BTC).
            const size = (ledger.peek(account, 'USDC').available * BigInt(action.percent)) / 100n / 61_000n / 10n ** 14n
            const answer = h.call('POST', '/api/v1/spot/orders', { market: MARKET, side: 'buy', type: 'market', size: formatDecimal(size * 10n ** 14n) }, account)
            if (answer.status === 200) moneyOut = 'account'
          } else if (action.kind === 'open') {
            h.call('POST', '/api/v1/perp/orders', { market: MARKET, side: action.side, type: 'market', size: formatDecimal(BigInt(action.lots) * 5n * 10n ** 16n), leverage: action.leverage }, account)
          } else if (action.kind === 'leverage') {
            const before = perp.position(account, MARKET)?.margin ?? 0n
            const answer = h.call('PUT', `/api/v1/perp/positions/${MARKET}/leverage`, { leverage: action.leverage }, account)
            if (answer.status === 200 && (perp.position(account, MARKET)?.margin ?? 0n) < before) moneyOut = 'position'
          } else if (action.kind === 'add' || action.kind === 'remove') {
            const answer = h.call('POST', `/api/v1/perp/positions/${MARKET}/margin`, { amount: String(action.amount), type: action.kind }, account)
            if (answer.status === 200 && action.kind === 'remove') moneyOut = 'position'
          } else if (action.kind === 'withdraw' || action.kind === 'withdraw-all') {
            const amount = action.kind === 'withdraw' ? units(action.amount) : ledger.peek(account, 'USDC').available
            const answer = h.call('POST', '/api/v1/account/withdrawals', { token: 'USDC', amount: formatDecimal(amount), address: '0xabc' }, account)
            if (answer.status === 200) outside -= amount
            if (answer.status === 200) moneyOut = 'account'
          } else if (action.kind === 'deposit') {
            h.ok('POST', '/api/v1/account/deposits', { token: 'USDC', amount: String(action.amount) }, account)
            outside += units(action.amount)
          } else h.call('POST', `/api/v1/perp/positions/${MARKET}/close`, {}, account)
          h.market.sync()

          const where = `step ${index} ${JSON.stringify(action)} at ${mark}`
          if (action.kind !== 'gap') expect(perp.insuranceFund >= fundBefore, `${where}: the insurance fund paid`).toBe(true)
          else {
            // Each liquidation gives the fund margin plus PnL at the mark; a loss past the margin is the
            // owner's, as far as its free USDC (before the gap) goes: the fund takes only the rest.
            let expected = 0n
            ACCOUNTS.forEach((user, index) => {
              for (const record of perp.liquidationsOf(user).slice(0, perp.liquidationsOf(user).length - before[index]!.liquidations)) {
                const size = dec(String(record.size)) * (record.side === 'long' ? 1n : -1n)
                const left = dec(String(record.lostMargin)) + ((dec(String(record.markPrice)) - dec(String(record.entryPrice))) * size) / ONE
                expected += left >= 0n ? left : min(0n, left + before[index]!.available)
              }
            })
            expect(formatDecimal(perp.insuranceFund - fundBefore), `${where}: the fund paid past what the owners' free USDC lacked`).toBe(formatDecimal(expected))
          }
          // Margin taken out of a position leaves it its initial margin at the mark; a withdrawal leaves
          // at least what the account's positions lack of theirs in its available balance.
          const lacking = standings(h, account, mark).reduce((total, { equity, required }) => total + (required > equity ? required - equity : 0n), 0n)
          if (moneyOut === 'position') expect(lacking, `${where}: a position is left short of its initial margin at the mark`).toBe(0n)
          if (moneyOut === 'account') expect(ledger.peek(account, 'USDC').available >= lacking, `${where}: took (withdrawal or spot buy) what the positions lack`).toBe(true)
          // Conserved: what users hold plus the fund moves only by deposits, withdrawals, trading PnL and fees.
          let held = perp.insuranceFund - fund0
          let traded = 0n
          for (const user of ACCOUNTS) {
            const usdc = ledger.peek(user, 'USDC')
            held += usdc.available + usdc.locked + (perp.position(user, MARKET)?.margin ?? 0n)
            for (const fill of perp.venue.fillsOf(user)) traded += (fill.realizedPnl ?? 0n) - fill.fee
            for (const fill of h.market.state.spot.venue.fillsOf(user)) traded -= (fill.price * fill.size) / ONE + fill.fee
            for (const record of perp.liquidationsOf(user)) {
              const size = dec(String(record.size)) * (record.side === 'long' ? 1n : -1n)
              traded += ((dec(String(record.markPrice)) - dec(String(record.entryPrice))) * size) / ONE
            }
          }
          expect(formatDecimal(held), `${where}: money conserved`).toBe(formatDecimal(outside + traded))
        }
      }),
      { numRuns: 80 },
    )
  })
})
