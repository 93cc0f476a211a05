/**
 * The built-in market maker: a ladder of quotes on both sides of a reference price, so an order
 * always finds a counterparty. It re-quotes when the reference moves or a quote was hit, and
 * never quotes through resting user orders (the book stays uncrossed).
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
}

export class MarketMaker {
  readonly #quoted = new Map<string, { reference: Decimal; quotes: Order[] }>()

  refresh(venue: OrderVenue, market: string, ladder: Ladder, now: number): void {
    const state = this.#quoted.get(market)
    if (state && state.reference === ladder.reference && state.quotes.every((quote) => quote.remaining === quote.size)) return
    venue.withdrawQuotes(market, state?.quotes ?? [])
    const book = venue.book(market)
    const bestUserAsk = book.best('sell')?.price
    const bestUserBid = book.best('buy')?.price
    const quotes: Order[] = []
    for (let level = 1n; level <= BigInt(ladder.levels); level++) {
      const bid = floorTo(ladder.reference - ladder.step * level, ladder.tick)
      const ask = ceilTo(ladder.reference + ladder.step * level, ladder.tick)
      if (bid >= ladder.lowest && (bestUserAsk === undefined || bid < bestUserAsk)) quotes.push(venue.quote(market, 'buy', bid, ladder.size, now))
      if (ask <= ladder.highest && (bestUserBid === undefined || ask > bestUserBid)) quotes.push(venue.quote(market, 'sell', ask, ladder.size, now))
    }
    this.#quoted.set(market, { reference: ladder.reference, quotes })
  }

  /** Stops quoting a market (e.g. a prediction market that has ended). */
  stop(venue: OrderVenue, market: string): void {
    venue.withdrawQuotes(market, this.#quoted.get(market)?.quotes ?? [])
    this.#quoted.delete(market)
  }
}
