/**
 * The rule that proposes a prediction market's result: the outcome with the highest time-weighted
 * price over the last `windowMs` before the end, from trades between two different accounts
 * (a self-trade, where the taker's account is also the maker's, moves nothing). Before an outcome's
 * first such trade its price is its reference price. One account alone cannot set it: a trade at an
 * extreme price needs a counterparty, and weighs only as long as it stands.
 */
import type { WorkMeter } from '../work.ts'

export const CLOSING_WINDOW_MS = 30 * 60 * 1000

interface PricePoint {
  at: number
  priceE6: number
}

export class ClosingPrices {
  readonly #points = new Map<string, PricePoint[]>()
  readonly #work: WorkMeter

  constructor(work: WorkMeter) {
    this.#work = work
  }

  /** Records a trade of a book; self-trades are not price points. */
  record(book: string, at: number, priceE6: number, selfTrade: boolean): void {
    if (selfTrade) return
    const points = this.#points.get(book)
    if (points) points.push({ at, priceE6 })
    else this.#points.set(book, [{ at, priceE6 }])
  }

  /** The time-weighted price of a book over [end − windowMs, end]; visits only the points in the window and one before. */
  averageE6(book: string, referenceE6: number, end: number, windowMs = CLOSING_WINDOW_MS): number {
    const start = end - windowMs
    const points = this.#points.get(book) ?? []
    let weighted = 0
    let until = end
    let index = points.length - 1
    while (index >= 0 && points[index]!.at > end) index--
    for (; index >= 0; index--) {
      this.#work.visit()
      const point = points[index]!
      const from = Math.max(point.at, start)
      weighted += point.priceE6 * (until - from)
      until = from
      if (point.at <= start) break
    }
    weighted += referenceE6 * (until - start)
    return weighted / windowMs
  }
}
