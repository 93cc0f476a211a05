/** The order book as rows: asks above (best ask lowest), the spread, bids below, with running totals. */
import { h, type Child } from './dom.ts'
import { formatFixed } from './format.ts'

export type Level = readonly [string, string]

export interface BookRow {
  side: 'ask' | 'bid'
  price: string
  size: string
  /** The size of this level and every better one on its side. */
  total: number
  /** `total` as a share of the deeper side's total, for the depth bar. */
  depth: number
}

export interface Spread {
  /** Best ask − best bid. */
  absolute: number
  /** Of the mid price, in percent. */
  percent: number
}

/** Cumulative sizes per side; the asks come back highest first, so the best ask meets the best bid. */
export function bookRows(bids: readonly Level[], asks: readonly Level[], depth: number): BookRow[] {
  const running = (levels: readonly Level[], side: 'ask' | 'bid') => {
    let total = 0
    return levels.slice(0, depth).map(([price, size]) => ({ side, price, size, total: (total += Number(size)), depth: 0 }))
  }
  const askRows = running(asks, 'ask')
  const bidRows = running(bids, 'bid')
  const deepest = Math.max(askRows.at(-1)?.total ?? 0, bidRows.at(-1)?.total ?? 0) || 1
  for (const row of [...askRows, ...bidRows]) row.depth = row.total / deepest
  return [...askRows.reverse(), ...bidRows]
}

export function spreadOf(bids: readonly Level[], asks: readonly Level[]): Spread | undefined {
  const bid = Number(bids[0]?.[0])
  const ask = Number(asks[0]?.[0])
  if (!(bid > 0 && ask > 0)) return undefined
  return { absolute: ask - bid, percent: ((ask - bid) / ((ask + bid) / 2)) * 100 }
}

/** The book as a table: Price · Size · Total, the spread line between the sides. */
export function bookTable(bids: readonly Level[], asks: readonly Level[], priceDecimals: number, sizeDecimals: number, depth = 8): HTMLElement {
  const rows = bookRows(bids, asks, depth)
  if (rows.length === 0) return h('p', { class: 'empty' }, 'The book is empty')
  const spread = spreadOf(bids, asks)
  const row = (level: BookRow) => h('tr', { class: `level ${level.side}`, style: `--depth: ${(level.depth * 100).toFixed(1)}%` },
    h('td', { class: `num ${level.side}` }, formatFixed(level.price, priceDecimals)),
    h('td', { class: 'num' }, formatFixed(level.size, sizeDecimals)),
    h('td', { class: 'num' }, formatFixed(level.total, sizeDecimals)))
  const spreadRow = h('tr', { class: 'spread', 'data-test': 'spread' },
    h('td', { colspan: 3 }, spread ? `Spread ${formatFixed(spread.absolute, priceDecimals)} (${spread.percent.toFixed(3)}%)` : 'No spread: one side is empty'))
  const body: Child[] = [...rows.filter((r) => r.side === 'ask').map(row), spreadRow, ...rows.filter((r) => r.side === 'bid').map(row)]
  return h('table', { class: 'book-table' },
    h('thead', {}, h('tr', {}, h('th', { scope: 'col', class: 'num' }, 'Price'), h('th', { scope: 'col', class: 'num' }, 'Size'), h('th', { scope: 'col', class: 'num' }, 'Total'))),
    h('tbody', {}, ...body))
}
