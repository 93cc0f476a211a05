/** A line chart of closing prices, as SVG, with a price axis (right) and a time axis (below). */
import { formatClock, formatFixed } from './format.ts'

export interface Candle {
  openTime: number
  close: string | number
}

export interface ChartGeometry {
  /** The price line. */
  line: string
  /** The line closed down to the bottom edge, for the fill under it. */
  area: string
  low: number
  high: number
  last: number
}

const SVG = 'http://www.w3.org/2000/svg'

/** Paths for candles in time order, scaled into width × height (y grows downwards). */
export function chartGeometry(candles: readonly Candle[], width: number, height: number): ChartGeometry | undefined {
  const closes = candles.map((candle) => Number(candle.close)).filter(Number.isFinite)
  if (closes.length < 2) return undefined
  const low = Math.min(...closes)
  const high = Math.max(...closes)
  const span = high - low || 1
  const points = closes.map((close, i) => {
    const x = (i / (closes.length - 1)) * width
    const y = height - ((close - low) / span) * height
    return `${x.toFixed(1)},${y.toFixed(1)}`
  })
  const line = `M${points.join(' L')}`
  return { line, area: `${line} L${width},${height} L0,${height} Z`, low, high, last: closes.at(-1)! }
}

/** Axis labels: prices top to bottom (high, middle, low), times left to right (first, middle, last). */
export function chartAxes(candles: readonly Candle[], geometry: ChartGeometry, priceDecimals: number): { prices: string[]; times: string[] } {
  const middle = (geometry.high + geometry.low) / 2
  const times = [candles[0]!, candles[Math.floor((candles.length - 1) / 2)]!, candles.at(-1)!].map((candle) => formatClock(candle.openTime))
  return { prices: [geometry.high, middle, geometry.low].map((price) => formatFixed(price, priceDecimals)), times }
}

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attributes: Record<string, string>): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG, tag)
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  return element
}

function labels(className: string, texts: readonly string[]): HTMLElement {
  const box = document.createElement('div')
  box.className = className
  box.setAttribute('aria-hidden', 'true')
  for (const text of texts) box.append(Object.assign(document.createElement('span'), { textContent: text }))
  return box
}

/**
 * The chart in a frame with its axes, or a placeholder paragraph until there are two candles. The
 * plot stretches to any width; the labels are HTML, so they stay readable on a phone.
 */
export function priceChart(candles: readonly Candle[], priceDecimals = 2, interval?: string, width = 640, height = 160): Element {
  const geometry = chartGeometry(candles, width, height)
  if (!geometry) {
    const waiting = document.createElement('p')
    waiting.className = 'empty'
    waiting.textContent = 'Waiting for price history…'
    return waiting
  }
  const axes = chartAxes(candles, geometry, priceDecimals)
  const direction = geometry.last >= Number(candles[0]!.close) ? 'up' : 'down'
  const chart = svg('svg', {
    viewBox: `0 0 ${width} ${height}`, preserveAspectRatio: 'none', class: `chart ${direction}`, role: 'img',
    'aria-label': `Price chart${interval ? ` (${interval} candles)` : ''} from ${axes.times[0]} to ${axes.times[2]}, between ${axes.prices[2]} and ${axes.prices[0]}, last ${formatFixed(geometry.last, priceDecimals)}`,
  })
  for (const y of [0, height / 2, height]) chart.append(svg('line', { x1: '0', x2: String(width), y1: String(y), y2: String(y), class: 'chart-grid' }))
  chart.append(svg('path', { d: geometry.area, class: 'chart-area' }), svg('path', { d: geometry.line, class: 'chart-line' }))
  const frame = document.createElement('div')
  frame.className = 'chart-frame'
  frame.append(chart, labels('chart-prices', axes.prices), labels('chart-times', axes.times))
  return frame
}
