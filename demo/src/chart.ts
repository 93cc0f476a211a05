/** A small line chart of closing prices, as SVG. */

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

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attributes: Record<string, string>): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG, tag)
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  return element
}

/** The chart, or a placeholder paragraph until there are two candles. */
export function priceChart(candles: readonly Candle[], width = 640, height = 160): Element {
  const geometry = chartGeometry(candles, width, height)
  if (!geometry) {
    const waiting = document.createElement('p')
    waiting.className = 'empty'
    waiting.textContent = 'Waiting for price history…'
    return waiting
  }
  const direction = geometry.last >= Number(candles[0]!.close) ? 'up' : 'down'
  const chart = svg('svg', { viewBox: `0 0 ${width} ${height}`, preserveAspectRatio: 'none', class: `chart ${direction}`, role: 'img', 'aria-label': `Price chart, last ${geometry.last}` })
  chart.append(svg('path', { d: geometry.area, class: 'chart-area' }), svg('path', { d: geometry.line, class: 'chart-line' }))
  return chart
}
