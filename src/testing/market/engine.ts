/**
 * Matching: an incoming order takes resting liquidity in price-time priority, at the resting
 * order's price. Planning is separate from applying so a venue can check FOK, postOnly and the
 * account's balance against the exact fills before anything changes.
 */
import { type Book, type Resting, type Side } from './book.ts'
import { type Decimal, min, mul } from './decimal.ts'

export interface Taker {
  side: Side
  /** Limit price; undefined for a market order. */
  limit: Decimal | undefined
  size: Decimal
}

export interface Fill<T extends Resting> {
  maker: T
  price: Decimal
  size: Decimal
}

/**
 * The fills the taker would get now, best price first; the book is not changed. `pass` is asked
 * about each resting order the taker reaches, in priority order: true leaves it out of the fills.
 */
export function planFills<T extends Resting>(book: Book<T>, taker: Taker, pass: (maker: T) => boolean = () => false): Fill<T>[] {
  const fills: Fill<T>[] = []
  let left = taker.size
  for (const maker of book.crossing(taker.side, taker.limit)) {
    if (left === 0n) break
    if (pass(maker)) continue
    const size = min(left, maker.remaining)
    fills.push({ maker, price: maker.price, size })
    left -= size
  }
  return fills
}

export function filledSize(fills: readonly Fill<Resting>[]): Decimal {
  return fills.reduce((total, fill) => total + fill.size, 0n)
}

/** Takes the planned sizes off the makers; makers left with nothing leave the book. */
export function applyFills<T extends Resting>(book: Book<T>, fills: readonly Fill<T>[]): void {
  for (const fill of fills) {
    fill.maker.remaining -= fill.size
    if (fill.maker.remaining === 0n) book.remove(fill.maker)
  }
}

/** Σ price × size over fills or trades. */
export function notional(fills: readonly { price: Decimal; size: Decimal }[]): Decimal {
  return fills.reduce((total, fill) => total + mul(fill.price, fill.size), 0n)
}
