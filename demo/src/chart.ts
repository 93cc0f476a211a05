/**
 * The price chart, as SVG, with a price axis (right) and a time axis (below): candlesticks (open,
 * high, low, close of each interval) when the candles carry them, else a line of closing prices;
 * the caption says which.
 */
import { formatClock, formatFixed } from './format.ts'

export interface Candle {
  openTime: number
  close: string | number
  open?: string | number
  high?: string | number
  low?: string | number
}

/** One candlestick in the box: its wick (high to low), its body (open to close), its colour. */
export interface Stick {
  x: number
  width: number
  wickTop: number
  wickBottom: number
  bodyTop: number
  bodyHeight: number
  direction: 'up' | 'down'
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

/** Whether every candle has its open, high and low: then the chart draws candlesticks. */
export function hasOhlc(candles: readonly Candle[]): boolean {
  return candles.length > 0 && candles.every((candle) => [candle.open, candle.high, candle.low].every((value) => value !== undefined && Number.isFinite(Number(value))))
}

/** Candlesticks scaled into width × height (y grows downwards), the range spanning every high and low; undefined under two candles. */
export function candlesticks(candles: readonly Candle[], width: number, height: number): { sticks: Stick[]; low: number; high: number; last: number } | undefined {
  if (candles.length < 2 || !hasOhlc(candles)) return undefined
  const low = Math.min(...candles.map((candle) => Number(candle.low)))
  const high = Math.max(...candles.map((candle) => Number(candle.high)))
  const span = high - low || 1
  const y = (price: number) => height - ((price - low) / span) * height
  const slot = width / candles.length
  const sticks = candles.map((candle, i) => {
    const [open, close] = [Number(candle.open), Number(candle.close)]
    const bodyTop = y(Math.max(open, close))
    return {
      x: slot * i + slot / 2,
      width: Math.max(1, slot * 0.6),
      wickTop: y(Number(candle.high)),
      wickBottom: y(Number(candle.low)),
      bodyTop,
      bodyHeight: Math.max(1, y(Math.min(open, close)) - bodyTop),
      direction: close >= open ? 'up' as const : 'down' as const,
    }
  })
  return { sticks, low, high, last: Number(candles.at(-1)!.close) }
}

/** Axis labels: prices top to bottom (high, middle, low), times left to right (first, middle, last). */
export function chartAxes(candles: readonly Candle[], geometry: Pick<ChartGeometry, 'low' | 'high'>, priceDecimals: number): { prices: string[]; times: string[] } {
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
  const sticks = candlesticks(candles, width, height)
  const geometry = sticks ?? chartGeometry(candles, width, height)
  if (!geometry) {
    const waiting = document.createElement('p')
    waiting.className = 'empty'
    waiting.textContent = 'Waiting for price history…'
    return waiting
  }
  const axes = chartAxes(candles, geometry, priceDecimals)
  const direction = geometry.last >= Number(candles[0]!.open ?? candles[0]!.close) ? 'up' : 'down'
  const drawn = sticks ? `Candlestick chart${interval ? ` (${interval} candles: open, high, low, close)` : ''}` : `Closing-price line${interval ? ` (${interval} closes)` : ''}`
  const chart = svg('svg', {
    viewBox: `0 0 ${width} ${height}`, preserveAspectRatio: 'none', class: `chart ${direction}`, role: 'img',
    'aria-label': `${drawn} from ${axes.times[0]} to ${axes.times[2]}, between ${axes.prices[2]} and ${axes.prices[0]}, last ${formatFixed(geometry.last, priceDecimals)}`,
  })
  for (const y of [0, height / 2, height]) chart.append(svg('line', { x1: '0', x2: String(width), y1: String(y), y2: String(y), class: 'chart-grid' }))
  if (sticks) {
    for (const stick of sticks.sticks) {
      const group = svg('g', { class: `candle ${stick.direction}`, 'data-test': 'candle' })
      group.append(
        svg('line', { x1: stick.x.toFixed(1), x2: stick.x.toFixed(1), y1: stick.wickTop.toFixed(1), y2: stick.wickBottom.toFixed(1), class: 'candle-wick' }),
        svg('rect', { x: (stick.x - stick.width / 2).toFixed(1), width: stick.width.toFixed(1), y: stick.bodyTop.toFixed(1), height: stick.bodyHeight.toFixed(1), class: 'candle-body' }),
      )
      chart.append(group)
    }
  } else {
    const line = geometry as ChartGeometry
    chart.append(svg('path', { d: line.area, class: 'chart-area' }), svg('path', { d: line.line, class: 'chart-line' }))
  }
  const frame = document.createElement('div')
  frame.className = 'chart-frame'
  frame.append(chart, labels('chart-prices', axes.prices), labels('chart-times', axes.times))
  return frame
}
