/**
 * The built-in market maker: a ladder of quotes on both sides of a reference price, so an order
 * always finds a counterparty. It re-quotes when the reference moves or a quote was hit (a hit
 * quote stays taken for `refillMs` first, so the book shows the trade), and never quotes through
 * resting user orders (the book stays uncrossed).
 */
import { type Decimal, ceilTo, floorTo } from './decimal.ts'
import type { Order, OrderVenue } from './venue.ts'

export interface Ladder {
  reference: Decimal
  /** Distance between levels; the first level is one step from the reference. */
  step: Decimal
  levels: number
  size: Decimal
  tick: Decimal
  /** Quotes stay within [lowest, highest]. */
  lowest: Decimal
  highest: Decimal
  /** Each level's size (level 1 is the nearest); default `size` everywhere. */
  sizeAt?: (level: number, side: 'buy' | 'sell') => Decimal
  /** How long a quote that was hit stays as the trade left it before the ladder is refilled. Default 0. */
  refillMs?: number
}

export class MarketMaker {
  readonly #quoted = new Map<string, { reference: Decimal; quotes: Order[]; quotedAt: number }>()

  refresh(venue: OrderVenue, market: string, ladder: Ladder, now: number): void {
    const state = this.#quoted.get(market)
    if (state && state.reference === ladder.reference) {
      const untouched = state.quotes.every((quote) => quote.remaining === quote.size)
      if (untouched || now - state.quotedAt < (ladder.refillMs ?? 0)) return
    }
    venue.withdrawQuotes(market, state?.quotes ?? [])
    const book = venue.book(market)
    const bestUserAsk = book.best('sell')?.price
    const bestUserBid = book.best('buy')?.price
    const quotes: Order[] = []
    const sizeAt = ladder.sizeAt ?? (() => ladder.size)
    for (let level = 1n; level <= BigInt(ladder.levels); level++) {
      const bid = floorTo(ladder.reference - ladder.step * level, ladder.tick)
      const ask = ceilTo(ladder.reference + ladder.step * level, ladder.tick)
      if (bid >= ladder.lowest && (bestUserAsk === undefined || bid < bestUserAsk)) quotes.push(venue.quote(market, 'buy', bid, sizeAt(Number(level), 'buy'), now))
      if (ask <= ladder.highest && (bestUserBid === undefined || ask > bestUserBid)) quotes.push(venue.quote(market, 'sell', ask, sizeAt(Number(level), 'sell'), now))
    }
    this.#quoted.set(market, { reference: ladder.reference, quotes, quotedAt: now })
  }

  /** Stops quoting a market (e.g. a prediction market that has ended). */
  stop(venue: OrderVenue, market: string): void {
    venue.withdrawQuotes(market, this.#quoted.get(market)?.quotes ?? [])
    this.#quoted.delete(market)
  }
}
