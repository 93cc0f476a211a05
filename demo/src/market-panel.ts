import { priceChart, type Candle } from './chart.ts'
import { card, fill, h, table } from './dom.ts'
import { formatNumber, formatTime, trend } from './format.ts'

export interface TickerView {
  lastPrice: string
  markPrice?: string
  high24h?: string
  low24h?: string
  volume24h?: string
  change24h?: string
}

export interface BookView {
  bids: readonly (readonly [string, string])[]
  asks: readonly (readonly [string, string])[]
}

export interface TradeView {
  price: string
  size: string
  side: string
  timestamp: number
}

export interface MarketPanel {
  element: HTMLElement
  markets(symbols: readonly string[], selected: string): void
  ticker(ticker: TickerView): void
  book(book: BookView, depth?: number): void
  trades(trades: readonly TradeView[], count?: number): void
  candles(candles: readonly Candle[]): void
}

function stat(label: string, value: string, test: string, className = ''): HTMLElement {
  return h('div', { class: `stat ${className}` }, h('span', { class: 'label' }, label), h('span', { class: 'value', 'data-test': test }, value))
}

/** Live market data of one perp market: ticker, chart, order book, recent trades. */
export function marketPanel(onSelect: (symbol: string) => void): MarketPanel {
  const picker = h('select', { 'aria-label': 'Market', 'data-test': 'market-select', onChange: (event) => onSelect((event.target as HTMLSelectElement).value) })
  const stats = h('div', { class: 'stats', 'data-test': 'ticker' }, h('p', { class: 'empty' }, 'Loading market…'))
  const chart = h('div', { class: 'chart-box', 'data-test': 'chart' })
  const bookBox = h('div', { class: 'book', 'data-test': 'order-book' })
  const tradesBox = h('div', { 'data-test': 'trades' })
  const element = card('Market', 'market-panel',
    h('div', { class: 'card-head' }, picker, h('span', { class: 'live' }, 'live')),
    stats, chart,
    h('div', { class: 'split' }, h('div', {}, h('h3', {}, 'Order book'), bookBox), h('div', {}, h('h3', {}, 'Recent trades'), tradesBox)))

  return {
    element,
    markets(symbols, selected) {
      fill(picker, ...symbols.map((symbol) => h('option', { value: symbol, selected: symbol === selected }, symbol)))
    },
    ticker(ticker) {
      const direction = trend(ticker.change24h)
      fill(stats,
        stat('Last', formatNumber(ticker.lastPrice, 6), 'last-price', `big ${direction}`),
        ticker.change24h !== undefined && stat('24h change', `${direction === 'up' ? '+' : ''}${ticker.change24h}`, 'change', direction),
        ticker.markPrice !== undefined && stat('Mark', formatNumber(ticker.markPrice, 6), 'mark-price'),
        ticker.high24h !== undefined && stat('24h high', formatNumber(ticker.high24h, 6), 'high'),
        ticker.low24h !== undefined && stat('24h low', formatNumber(ticker.low24h, 6), 'low'),
        ticker.volume24h !== undefined && stat('24h volume', formatNumber(ticker.volume24h, 2), 'volume'))
    },
    book(book, depth = 8) {
      const side = (levels: BookView['bids'], kind: 'bid' | 'ask') =>
        levels.slice(0, depth).map(([price, size]) => [h('span', { class: kind }, formatNumber(price, 6)), formatNumber(size, 6)])
      fill(bookBox,
        table(['Ask', 'Size'], side(book.asks, 'ask').reverse(), 'No asks'),
        table(['Bid', 'Size'], side(book.bids, 'bid'), 'No bids'))
    },
    trades(trades, count = 12) {
      fill(tradesBox, table(['Time', 'Price', 'Size'], trades.slice(0, count).map((trade) => [
        formatTime(trade.timestamp),
        h('span', { class: trade.side === 'sell' ? 'ask' : 'bid' }, formatNumber(trade.price, 6)),
        formatNumber(trade.size, 6),
      ]), 'No trades yet'))
    },
    candles(candles) {
      fill(chart, priceChart(candles))
    },
  }
}
