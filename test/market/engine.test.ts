import { describe, expect, it } from 'vitest'
import { Ledger } from '../../src/testing/market/ledger.ts'
import { Book, type Resting } from '../../src/testing/market/book.ts'
import { dec, formatDecimal } from '../../src/testing/market/decimal.ts'
import { applyFills, planFills } from '../../src/testing/market/engine.ts'
import { SpotDesk } from '../../src/testing/market/spot.ts'
import { DEFAULT_POLICY } from '../../src/testing/market/policy.ts'
import { IdSequence, type TimeInForce } from '../../src/testing/market/venue.ts'
import { WorkMeter } from '../../src/testing/work.ts'

const NOW = Date.UTC(2026, 5, 1)

function resting(id: string, side: 'buy' | 'sell', price: string, size: string, seq: number): Resting {
  return { id, accountId: 'x', side, price: dec(price), remaining: dec(size), seq }
}

describe('order book and matching', () => {
  it('keeps price-time priority on both sides', () => {
    const book = new Book<Resting>()
    book.add(resting('b1', 'buy', '99', '1', 1))
    book.add(resting('b2', 'buy', '100', '1', 2))
    book.add(resting('b3', 'buy', '100', '1', 3))
    book.add(resting('a1', 'sell', '102', '1', 4))
    book.add(resting('a2', 'sell', '101', '1', 5))
    expect(book.bids.map((order) => order.id)).toEqual(['b2', 'b3', 'b1'])
    expect(book.asks.map((order) => order.id)).toEqual(['a2', 'a1'])
    expect(book.levels('buy', 5).map((level) => [formatDecimal(level.price), formatDecimal(level.size), level.count])).toEqual([
      ['100', '2', 2],
      ['99', '1', 1],
    ])
  })

  it('fills best price first, oldest first at a price, at the resting price, and stops at the limit', () => {
    const book = new Book<Resting>()
    book.add(resting('late', 'sell', '100', '1', 2))
    book.add(resting('early', 'sell', '100', '1', 1))
    book.add(resting('dear', 'sell', '105', '5', 3))
    const fills = planFills(book, { side: 'buy', limit: dec('104'), size: dec('3') })
    expect(fills.map((fill) => [fill.maker.id, formatDecimal(fill.price), formatDecimal(fill.size)])).toEqual([
      ['early', '100', '1'],
      ['late', '100', '1'],
    ])
    expect(book.asks).toHaveLength(3)
    applyFills(book, fills)
    expect(book.asks.map((order) => order.id)).toEqual(['dear'])
  })

  it('fills a resting order partially and leaves the rest in place', () => {
    const book = new Book<Resting>()
    book.add(resting('maker', 'buy', '100', '5', 1))
    const fills = planFills(book, { side: 'sell', limit: undefined, size: dec('2') })
    applyFills(book, fills)
    expect(formatDecimal(book.bids[0]!.remaining)).toBe('3')
  })
})

describe('order lifecycle on a venue (spot settlement, no market maker)', () => {
  function setup() {
    const ledger = new Ledger()
    ledger.open('alice', { USDC: '100000' })
    ledger.open('bob', { BTC: '10', USDC: '0' })
    const spot = new SpotDesk(ledger, new IdSequence(1000n), DEFAULT_POLICY, new WorkMeter())
    const market = spot.board.get('BTC-USDC')
    const place = (accountId: string, side: 'buy' | 'sell', price: string | undefined, size: string, extra: { timeInForce?: TimeInForce; postOnly?: boolean; clientOrderId?: string } = {}) =>
      spot.place(
        accountId,
        { market, side, type: price === undefined ? 'market' : 'limit', price: price === undefined ? undefined : dec(price), size: dec(size), timeInForce: extra.timeInForce ?? (price === undefined ? 'IOC' : 'GTC'), postOnly: extra.postOnly ?? false, reduceOnly: false, clientOrderId: extra.clientOrderId },
        NOW,
      )
    const balance = (accountId: string, token: string) => {
      const { available, locked } = ledger.peek(accountId, token)
      return { available: formatDecimal(available), locked: formatDecimal(locked) }
    }
    return { ledger, spot, place, balance }
  }

  it('trades at the maker price and moves balances by notional and fees (taker 0.05%, maker 0.02%)', () => {
    const { place, balance } = setup()
    const ask = place('bob', 'sell', '60000', '1')
    expect(balance('bob', 'BTC')).toEqual({ available: '9', locked: '1' })
    const bid = place('alice', 'buy', '61000', '0.5')
    expect(bid.status).toBe('filled')
    expect(formatDecimal(bid.fee)).toBe('15') // 30000 × 0.0005
    expect(balance('alice', 'USDC')).toEqual({ available: '69985', locked: '0' })
    expect(balance('alice', 'BTC')).toEqual({ available: '0.5', locked: '0' })
    expect(ask.status).toBe('partially_filled')
    expect(balance('bob', 'USDC')).toEqual({ available: '29994', locked: '0' }) // 30000 − 6
    expect(balance('bob', 'BTC')).toEqual({ available: '9', locked: '0.5' })
  })

  it('rests the unfilled part of a GTC order and locks what it may still cost', () => {
    const { place, balance } = setup()
    place('bob', 'sell', '60000', '0.2')
    const bid = place('alice', 'buy', '60000', '0.5')
    expect(bid.status).toBe('partially_filled')
    expect(formatDecimal(bid.remaining)).toBe('0.3')
    // 0.3 × 60000 × 1.0005 stays locked for the rest.
    expect(balance('alice', 'USDC')).toEqual({ available: '69985', locked: '18009' }) // 100000 − 12006 − 18009
  })

  it('expires the rest of an IOC order and gives back its lock', () => {
    const { place, balance } = setup()
    place('bob', 'sell', '60000', '0.2')
    const bid = place('alice', 'buy', '60000', '0.5', { timeInForce: 'IOC' })
    expect(bid.status).toBe('expired')
    expect(formatDecimal(bid.size - bid.remaining)).toBe('0.2')
    expect(balance('alice', 'USDC')).toEqual({ available: '87994', locked: '0' })
  })

  it('fills a FOK order whole or not at all', () => {
    const { place, balance } = setup()
    place('bob', 'sell', '60000', '0.2')
    const refused = place('alice', 'buy', '60000', '0.5', { timeInForce: 'FOK' })
    expect(refused.status).toBe('expired')
    expect(formatDecimal(refused.remaining)).toBe('0.5')
    expect(balance('alice', 'USDC')).toEqual({ available: '100000', locked: '0' })
    const filled = place('alice', 'buy', '60000', '0.2', { timeInForce: 'FOK' })
    expect(filled.status).toBe('filled')
  })

  it('rejects a postOnly order that would take, and rests one that would not', () => {
    const { place, balance } = setup()
    place('bob', 'sell', '60000', '1')
    expect(place('alice', 'buy', '60000', '0.1', { postOnly: true }).status).toBe('rejected')
    expect(balance('alice', 'USDC').locked).toBe('0')
    expect(place('alice', 'buy', '59999.99', '0.1', { postOnly: true }).status).toBe('open')
  })

  it('cancels an open order once and gives its lock back; other accounts cannot see it', () => {
    const { spot, place, balance } = setup()
    const bid = place('alice', 'buy', '50000', '1')
    expect(balance('alice', 'USDC').locked).toBe('50025')
    expect(spot.venue.cancel('alice', bid.id, NOW).status).toBe('cancelled')
    expect(balance('alice', 'USDC')).toEqual({ available: '100000', locked: '0' })
    expect(() => spot.venue.cancel('alice', bid.id, NOW)).toThrow(expect.objectContaining({ code: 'ORDER_NOT_OPEN', status: 409 }))
    expect(() => spot.venue.cancel('bob', bid.id, NOW)).toThrow(expect.objectContaining({ code: 'ORDER_NOT_FOUND', status: 404 }))
  })

  it('keeps time priority when a modify only shrinks the order, and loses it on a new price', () => {
    const { spot, place } = setup()
    const first = place('bob', 'sell', '60000', '1')
    const second = place('bob', 'sell', '60000', '1')
    spot.venue.modify('bob', first.id, { size: dec('0.5') }, NOW)
    const book = spot.venue.book('BTC-USDC')
    expect(book.asks.map((order) => order.id)).toEqual([first.id, second.id])
    spot.venue.modify('bob', first.id, { price: dec('60000.01') }, NOW)
    spot.venue.modify('bob', first.id, { price: dec('60000') }, NOW)
    expect(book.asks.map((order) => order.id)).toEqual([second.id, first.id])
  })

  it('trades when a modified price crosses the book', () => {
    const { spot, place } = setup()
    place('bob', 'sell', '60000', '1')
    const bid = place('alice', 'buy', '59000', '0.4')
    const modified = spot.venue.modify('alice', bid.id, { price: dec('60000') }, NOW)
    expect(modified.status).toBe('filled')
    expect(formatDecimal(modified.filledNotional)).toBe('24000')
  })

  it('refuses an order the account cannot pay for, records nothing, and frees the clientOrderId', () => {
    const { spot, place, balance } = setup()
    expect(() => place('alice', 'buy', '60000', '2', { clientOrderId: 'big' })).toThrow(
      expect.objectContaining({ code: 'TRADE_INSUFFICIENT_BALANCE', codeNum: 13001, details: expect.objectContaining({ token: 'USDC', available: '100000' }) }),
    )
    expect(spot.venue.ordersOf('alice')).toEqual([])
    expect(balance('alice', 'USDC').locked).toBe('0')
    expect(place('alice', 'buy', '40000', '1', { clientOrderId: 'big' }).status).toBe('open')
  })

  it('returns the first order for a repeated clientOrderId, per account', () => {
    const { spot, place } = setup()
    const first = place('alice', 'buy', '50000', '0.1', { clientOrderId: 'same-id' })
    const again = place('alice', 'buy', '51000', '0.7', { clientOrderId: 'same-id' })
    expect(again).toBe(first)
    expect(spot.venue.ordersOf('alice')).toHaveLength(1)
    const bobs = place('bob', 'sell', '70000', '0.1', { clientOrderId: 'same-id' })
    expect(bobs.id).not.toBe(first.id)
  })

  it('gives a market order the built-in market maker to trade with, and re-quotes after', () => {
    const { spot, place, balance } = setup()
    spot.sync(NOW)
    const book = spot.venue.book('BTC-USDC')
    expect(book.bids).toHaveLength(10)
    expect(book.asks).toHaveLength(10)
    const bestAsk = book.asks[0]!.price
    const buy = place('alice', 'buy', undefined, '0.2')
    expect(buy.status).toBe('filled')
    expect(buy.filledNotional).toBe((bestAsk * 2n) / 10n)
    expect(balance('alice', 'BTC').available).toBe('0.2')
    expect(formatDecimal(book.asks[0]!.remaining)).toBe('0.05')
    spot.sync(NOW)
    expect(book.asks.every((order) => formatDecimal(order.remaining) === '0.25')).toBe(true)
    expect(book.asks).toHaveLength(10)
  })
})
