/**
 * One order book: resting orders in price-time priority (best price first, then oldest first).
 * An order's place is found by binary search, so adding or removing one does not walk the others.
 */
import type { Decimal } from './decimal.ts'

export type Side = 'buy' | 'sell'

export interface Resting {
  readonly id: string
  readonly accountId: string
  readonly side: Side
  price: Decimal
  /** Size still open. */
  remaining: Decimal
  /** Arrival order; lower is older. */
  seq: number
}

export interface Level {
  price: Decimal
  size: Decimal
  count: number
}

export class Book<T extends Resting> {
  /** Best (highest) bid first. */
  readonly bids: T[] = []
  /** Best (lowest) ask first. */
  readonly asks: T[] = []

  add(order: T): void {
    const list = this.#side(order.side)
    list.splice(firstBehind(list, order), 0, order)
  }

  remove(order: T): boolean {
    const list = this.#side(order.side)
    // Price and arrival (seq) order the list wholly: the order is right after those ahead of it.
    const index = firstBehind(list, order, true)
    if (list[index] !== order) return false
    list.splice(index, 1)
    return true
  }

  /** The resting orders a `side` order limited to `limit` (none: any price) trades with, in priority order. */
  crossing(side: Side, limit: Decimal | undefined): T[] {
    const opposite = side === 'buy' ? this.asks : this.bids
    const crosses = (order: T) => limit === undefined || (side === 'buy' ? order.price <= limit : order.price >= limit)
    const end = opposite.findIndex((order) => !crosses(order))
    return opposite.slice(0, end < 0 ? opposite.length : end)
  }

  best(side: Side): T | undefined {
    return this.#side(side)[0]
  }

  /** Aggregated price levels of one side, best first. */
  levels(side: Side, depth: number): Level[] {
    const levels: Level[] = []
    for (const order of this.#side(side)) {
      const last = levels[levels.length - 1]
      if (last && last.price === order.price) {
        last.size += order.remaining
        last.count += 1
      } else if (levels.length === depth) break
      else levels.push({ price: order.price, size: order.remaining, count: 1 })
    }
    return levels
  }

  #side(side: Side): T[] {
    return side === 'buy' ? this.bids : this.asks
  }
}

/** The first index whose order `order` is ahead of (or, `orAt`, is or is ahead of): binary search. */
function firstBehind(list: readonly Resting[], order: Resting, orAt = false): number {
  let low = 0
  let high = list.length
  while (low < high) {
    const middle = (low + high) >> 1
    const other = list[middle]!
    if ((orAt && other === order) || ahead(order, other)) high = middle
    else low = middle + 1
  }
  return low
}

/** True when `order` has priority over `other` on the same side. */
function ahead(order: Resting, other: Resting): boolean {
  if (order.price !== other.price) return order.side === 'buy' ? order.price > other.price : order.price < other.price
  return order.seq < other.seq
}
