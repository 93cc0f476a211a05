/**
 * The markets of one area (perp or spot): lookup, the reference price each is quoted around (a
 * test can pin it), the market maker's ladder, and the order rules (tick, step, minimum size).
 */
import { bps, type Decimal, floorTo, formatDecimal, isMultipleOf, max, mul } from './decimal.ts'
import type { TradingMarket } from './demo-data.ts'
import { invalidParams, notFound } from './errors.ts'
import { MarketMaker } from './market-maker.ts'
import { type CandleSource, MINUTE, referencePrice } from './prices.ts'
import { pick } from '../prng.ts'
import type { MarketPolicy } from './policy.ts'
import type { OrderVenue } from './venue.ts'

type SymbolCase = MarketPolicy['symbolCase']
type LadderKind = MarketPolicy['makerLadder']

const LADDER_LEVELS = 10
const LADDER_STEP_BPS = 5
/** A quote that was hit stays taken this long before the ladder refills (it also refills when the reference moves, each minute). */
const REFILL_MS = 20_000

/**
 * The maker's size at a level, in percent of the market's quote size: deeper levels hold more
 * (+20 % a level), each side and each minute's ladder its own draw of up to +80 %; never less
 * than the quote size, so the nearest level always takes a quote-size order whole.
 */
export function levelSizePercent(symbol: string, level: number, side: 'buy' | 'sell', minute: number): number {
  return 100 + 20 * level + pick(0, 80, 'depth', symbol, side, level, minute)
}
export class MarketBoard<M extends TradingMarket> {
  readonly #markets: ReadonlyMap<string, M>
  readonly #pinned = new Map<string, Decimal>()
  readonly #maker = new MarketMaker()
  readonly #symbolCase: SymbolCase
  readonly #ladder: LadderKind

  constructor(markets: readonly M[], symbolCase: SymbolCase, ladder: LadderKind = 'flat') {
    this.#markets = new Map(markets.map((market) => [market.symbol, market]))
    this.#symbolCase = symbolCase
    this.#ladder = ladder
  }

  list(): M[] {
    return [...this.#markets.values()]
  }

  /** A symbol as the exchange's symbol-case policy reads it: as written, or upper-cased. */
  canonical(symbol: string): string {
    return this.#symbolCase === 'upper' ? symbol.toUpperCase() : symbol
  }

  /** The market of a path parameter; NOT_FOUND when unknown. */
  get(symbol: string): M {
    const market = this.#markets.get(this.canonical(symbol))
    if (!market) throw notFound(`unknown market ${symbol}`)
    return market
  }

  /** The market named in a request body; REQ_INVALID_PARAMS when unknown. */
  field(symbol: string): M {
    const market = this.#markets.get(this.canonical(symbol))
    if (!market) throw invalidParams('market', `unknown market ${symbol}; markets: ${[...this.#markets.keys()].join(', ')}`)
    return market
  }

  reference(symbol: string, now: number): Decimal {
    const market = this.get(symbol)
    return this.#pinned.get(symbol) ?? referencePrice(market.baseAsset, market.basePrice, market.tickSize, now)
  }

  /** Holds a market's reference price still (tests); undefined lets it follow the clock again. */
  pin(symbol: string, price: Decimal | undefined): void {
    this.get(symbol)
    if (price === undefined) this.#pinned.delete(symbol)
    else this.#pinned.set(symbol, price)
  }

  /** Re-quotes the market maker where the reference moved or a quote was taken. */
  requote(venue: OrderVenue, now: number): void {
    for (const market of this.#markets.values()) {
      const reference = this.reference(market.symbol, now)
      const step = max(market.tickSize, mul(reference, bps(LADDER_STEP_BPS)))
      const minute = Math.floor(now / MINUTE)
      const lively = this.#ladder === 'lively'
        ? { sizeAt: (level: number, side: 'buy' | 'sell') => floorTo((market.quoteSize * BigInt(levelSizePercent(market.symbol, level, side, minute))) / 100n, market.stepSize), refillMs: REFILL_MS }
        : {}
      this.#maker.refresh(venue, market.symbol, { reference, step, levels: LADDER_LEVELS, size: market.quoteSize, ...lively, tick: market.tickSize, lowest: market.tickSize, highest: reference * 2n }, now)
    }
  }

  candleSource(symbol: string): CandleSource {
    const market = this.get(symbol)
    return {
      key: market.symbol,
      priceAt: (t) => this.reference(symbol, t),
      tick: market.tickSize,
      volumePerMinute: market.quoteSize,
    }
  }

  /** Size and price on the market's grid: REQ_INVALID_PARAMS naming the field otherwise. */
  checkGrid(market: M, size: Decimal, price: Decimal | undefined): void {
    if (!isMultipleOf(size, market.stepSize)) throw invalidParams('size', `size must be a multiple of the step size ${formatDecimal(market.stepSize)}`)
    if (size < market.minOrderSize) throw invalidParams('size', `size must be at least ${formatDecimal(market.minOrderSize)}`)
    if (price !== undefined) this.checkTick(market, price, 'price')
  }

  checkTick(market: M, price: Decimal, field: string): void {
    if (!isMultipleOf(price, market.tickSize)) throw invalidParams(field, `${field} must be a multiple of the tick size ${formatDecimal(market.tickSize)}`)
  }
}
