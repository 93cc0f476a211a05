import { bookTable, type Level } from './book.ts'
import { hasOhlc, priceChart, type Candle } from './chart.ts'
import { card, fill, h, table } from './dom.ts'
import { formatChange, formatFixed, formatNumber, formatTime, intervalWords, lastTick, trend, type Trend } from './format.ts'
import { notice, type Notice } from './notice.ts'

export interface TickerView {
  lastPrice: string
  markPrice?: string
  high24h?: string
  low24h?: string
  volume24h?: string
  change24h?: string
}

export interface BookView {
  bids: readonly Level[]
  asks: readonly Level[]
}

export interface TradeView {
  price: string
  size: string
  side: string
  timestamp: number
}

/** Decimals of the market's tick (prices) and step (sizes). */
export interface Precision {
  price: number
  size: number
}

export interface MarketView {
  ticker: TickerView
  book: BookView
  trades: readonly TradeView[]
  candles: readonly Candle[]
  /** The candles' width, such as `1m`. */
  interval: string
}

export interface MarketPanel {
  element: HTMLElement
  /** Outcomes of the live market data (a failing poll, the recovery). */
  notice: Notice
  markets(symbols: readonly string[], selected: string): void
  show(view: MarketView, precision: Precision): void
}

/** The trade with the latest timestamp. */
export function newest(trades: readonly TradeView[]): TradeView | undefined {
  return trades.reduce<TradeView | undefined>((latest, trade) => (latest === undefined || trade.timestamp > latest.timestamp ? trade : latest), undefined)
}

function stat(label: string, value: string, test: string, className = ''): HTMLElement {
  return h('div', { class: `stat ${className}` }, h('span', { class: 'label' }, label), h('span', { class: 'value', 'data-test': test }, value))
}

/** Live market data of one perp market: ticker, chart, order book, recent trades. */
export function marketPanel(onSelect: (symbol: string) => void): MarketPanel {
  /** The last price shown and the direction of its last move: another market starts afresh. */
  let tick: { price?: string; direction: Trend } = { direction: 'flat' }
  const picker = h('select', {
    'aria-label': 'Market', 'data-test': 'market-select',
    onChange: (event) => {
      tick = { direction: 'flat' }
      onSelect((event.target as HTMLSelectElement).value)
    },
  })
  const stats = h('div', { class: 'stats', 'data-test': 'ticker' }, h('p', { class: 'empty' }, 'Loading market…'))
  const chart = h('div', { class: 'chart-box', 'data-test': 'chart' })
  const chartTitle = h('h3', { 'data-test': 'chart-interval' }, 'Price')
  const bookBox = h('div', { class: 'book', 'data-test': 'order-book' })
  const tradesBox = h('div', { 'data-test': 'trades' })
  const status = notice('Market data')
  const element = card('Market', 'market-panel',
    h('div', { class: 'card-head' }, picker, h('span', { class: 'live' }, 'live')),
    status.element,
    stats, chartTitle, chart,
    h('div', { class: 'split' }, h('div', {}, h('h3', {}, 'Order book'), bookBox), h('div', {}, h('h3', {}, 'Recent trades'), tradesBox)))

  return {
    element,
    notice: status,
    markets(symbols, selected) {
      tick = { direction: 'flat' }
      fill(picker, ...symbols.map((symbol) => h('option', { value: symbol, selected: symbol === selected }, symbol)))
    },
    show({ ticker, book, trades, candles, interval }, precision) {
      const price = (value: string | undefined) => formatFixed(value, precision.price)
      // Last is the newest trade of the list shown beside it (the ticker's when there is none).
      const last = newest(trades)?.price ?? ticker.lastPrice
      tick = { price: last, direction: lastTick(tick.price, last, tick.direction) }
      fill(stats,
        stat('Last', price(last), 'last-price', `big ${tick.direction}`),
        ticker.change24h !== undefined && stat('24h change', formatChange(ticker.change24h, ticker.lastPrice, precision.price), 'change', trend(ticker.change24h)),
        ticker.markPrice !== undefined && stat('Mark', price(ticker.markPrice), 'mark-price'),
        ticker.high24h !== undefined && stat('24h high', price(ticker.high24h), 'high'),
        ticker.low24h !== undefined && stat('24h low', price(ticker.low24h), 'low'),
        ticker.volume24h !== undefined && stat('24h volume', formatNumber(ticker.volume24h, 2), 'volume'))
      fill(bookBox, bookTable(book.bids, book.asks, precision.price, precision.size))
      fill(tradesBox, table(['Time', 'Price', 'Size'], trades.slice(0, 12).map((trade) => [
        formatTime(trade.timestamp),
        h('span', { class: trade.side === 'sell' ? 'ask' : 'bid' }, price(trade.price)),
        formatFixed(trade.size, precision.size),
      ]), 'No trades yet', { numeric: [1, 2] }))
      chartTitle.textContent = hasOhlc(candles) ? `Price, ${intervalWords(interval)} candles (open, high, low, close)` : `Price, ${intervalWords(interval)} closes (line)`
      fill(chart, priceChart(candles, precision.price, interval))
    },
  }
}
