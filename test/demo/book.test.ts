// @vitest-environment happy-dom
// The order book view: running totals per side, best ask meeting best bid at the spread line.
import { describe, expect, it } from 'vitest'
import { bookRows, bookTable, spreadOf } from '../../demo/src/book.ts'

const bids = [['64999.5', '1'], ['64998', '2.5']] as const
const asks = [['65000.5', '0.5'], ['65002', '3']] as const

describe('the order book', () => {
  it('adds sizes up from the best level outwards on each side; asks highest first', () => {
    expect(bookRows(bids, asks, 10).map(({ side, price, total }) => [side, price, total])).toEqual([
      ['ask', '65002', 3.5],
      ['ask', '65000.5', 0.5],
      ['bid', '64999.5', 1],
      ['bid', '64998', 3.5],
    ])
  })

  it('scales depth bars to the deeper side and keeps only `depth` levels', () => {
    const rows = bookRows([['1', '1'], ['0.9', '1'], ['0.8', '2']], [['1.1', '1']], 2)
    expect(rows.map((row) => row.depth)).toEqual([0.5, 0.5, 1])
  })

  it('measures the spread: best ask − best bid, and as a share of the mid', () => {
    expect(spreadOf(bids, asks)).toEqual({ absolute: 1, percent: (1 / 65000) * 100 })
    expect(spreadOf([], asks)).toBeUndefined()
  })

  it('renders Price · Size · Total with the tick\'s and step\'s decimals, the spread line between the sides', () => {
    const table = bookTable(bids, asks, 1, 3)
    expect([...table.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['Price', 'Size', 'Total'])
    const rows = [...table.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent))
    expect(rows).toEqual([
      ['65,002.0', '3.000', '3.500'],
      ['65,000.5', '0.500', '0.500'],
      ['Spread 1.0 (0.002%)'],
      ['64,999.5', '1.000', '1.000'],
      ['64,998.0', '2.500', '3.500'],
    ])
    expect(bookTable([], [], 1, 3).textContent).toBe('The book is empty')
  })
})
