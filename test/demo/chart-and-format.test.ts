// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { candlesticks, chartAxes, chartGeometry, priceChart } from '../../demo/src/chart.ts'
import { decimalsOf, decimalText, formatChange, formatDateTime, formatFixed, formatNumber, formatSigned, intervalWords, lastTick, shortAddress, toTick, trend, wholeText } from '../../demo/src/format.ts'

const candles = (closes: string[]) => closes.map((close, i) => ({ openTime: i * 60_000, close }))

describe('the price chart', () => {
  it('scales closes into the box: lowest at the bottom, highest at the top, time left to right', () => {
    const geometry = chartGeometry(candles(['100', '150', '200']), 200, 100)!
    expect(geometry.line).toBe('M0.0,100.0 L100.0,50.0 L200.0,0.0')
    expect(geometry.area).toBe('M0.0,100.0 L100.0,50.0 L200.0,0.0 L200,100 L0,100 Z')
    expect(geometry).toMatchObject({ low: 100, high: 200, last: 200 })
  })

  it('draws a flat market as a line along the bottom instead of dividing by zero', () => {
    expect(chartGeometry(candles(['5', '5']), 10, 10)!.line).toBe('M0.0,10.0 L10.0,10.0')
  })

  it('needs two prices; until then it shows a placeholder', () => {
    expect(chartGeometry(candles(['1']), 10, 10)).toBeUndefined()
    expect(priceChart(candles(['1'])).textContent).toMatch(/Waiting/)
  })

  it('renders an SVG coloured by direction, described in words (range, time span, last price)', () => {
    const chart = priceChart(candles(['10', '12', '11']), 2).querySelector('svg')!
    expect(chart.getAttribute('class')).toBe('chart up')
    expect(chart.getAttribute('aria-label')).toMatch(/^Closing-price line from \d\d:\d\d to \d\d:\d\d, between 10\.00 and 12\.00, last 11\.00$/)
    expect(chart.querySelectorAll('path')).toHaveLength(2)
    expect(priceChart(candles(['12', '10'])).querySelector('svg')!.getAttribute('class')).toBe('chart down')
  })

  it('labels a price axis (high, middle, low, at the tick\'s decimals) and a time axis (first, middle, last)', () => {
    const series = [0, 1, 2, 3, 4].map((i) => ({ openTime: Date.UTC(2026, 0, 1, 12, i * 15), close: String(100 + i * 25) }))
    const axes = chartAxes(series, chartGeometry(series, 100, 100)!, 1)
    expect(axes.prices).toEqual(['200.0', '150.0', '100.0'])
    const clock = (ms: number) => new Date(ms).toLocaleTimeString('en-GB', { hour12: false, hour: '2-digit', minute: '2-digit' })
    expect(axes.times).toEqual([series[0]!, series[2]!, series[4]!].map((candle) => clock(candle.openTime)))
    const frame = priceChart(series, 1)
    expect([...frame.querySelectorAll('.chart-prices span')].map((span) => span.textContent)).toEqual(axes.prices)
    expect([...frame.querySelectorAll('.chart-times span')].map((span) => span.textContent)).toEqual(axes.times)
  })
})

describe('display formatting', () => {
  it('formats decimal strings with grouping and bounded decimals', () => {
    expect(formatNumber('65000.123456', 2)).toBe('65,000.12')
    expect(formatNumber('0.001', 6)).toBe('0.001')
    expect(formatNumber(undefined)).toBe('—')
    expect(formatNumber('n/a')).toBe('n/a')
  })

  it('formats a column at fixed decimals so the digits line up', () => {
    expect(['65000', '64999.5', '0.1'].map((value) => formatFixed(value, 1))).toEqual(['65,000.0', '64,999.5', '0.1'])
    expect(formatFixed('0.0015', 3)).toBe('0.002')
    expect(formatFixed(null, 2)).toBe('—')
  })

  it('rounds a price down onto the tick', () => {
    expect(decimalsOf('0.01')).toBe(2)
    expect(decimalsOf('1')).toBe(0)
    expect(toTick(61750.987, '0.1')).toBe('61750.9')
    expect(toTick(3.14159, '0.001')).toBe('3.141')
  })

  it('shortens addresses, names trends, says never for no expiry', () => {
    expect(shortAddress('0x2c7536E3605D9C16a7a3D7b1898e529396a65c23')).toBe('0x2c75…5c23')
    expect(shortAddress('short')).toBe('short')
    expect([trend('1.5'), trend('-0.2'), trend('0'), trend(undefined)]).toEqual(['up', 'down', 'flat', 'flat'])
    expect(formatDateTime(null)).toBe('never')
  })
})

describe('what a trader reads', () => {
  it('lastTick: the direction of the last move, held while the price stands, flat before any', () => {
    expect(lastTick(undefined, '100')).toBe('flat')
    expect(lastTick('100', '101', 'down')).toBe('up')
    expect(lastTick('101', '100.5', 'up')).toBe('down')
    expect(lastTick('100.5', '100.50', 'down')).toBe('down')
  })

  it('formatChange: the change and its percentage of the price a day ago', () => {
    expect(formatChange('2', '102', 2)).toBe('+2.00 (+2.00%)')
    expect(formatChange('-2', '98', 2)).toBe('-2.00 (-2.00%)')
    expect(formatChange('0', '98', 1)).toBe('0.0 (0.00%)')
    expect(formatChange('5', '5', 1)).toBe('+5.0')
  })

  it('decimalText and wholeText keep digits (and one dot), nothing else', () => {
    expect(decimalText('1e5')).toBe('15')
    expect(decimalText('+1.2.3')).toBe('1.23')
    expect(decimalText('.5')).toBe('.5')
    expect(wholeText('-1e2 ')).toBe('12')
  })

  it('intervalWords names a candle width', () => {
    expect(['1m', '15m', '4h', '1d'].map(intervalWords)).toEqual(['1-minute', '15-minute', '4-hour', '1-day'])
  })
})

describe('candlesticks and signed amounts', () => {
  const ohlc = [
    { openTime: 0, open: '100', high: '120', low: '90', close: '110' },
    { openTime: 60_000, open: '110', high: '115', low: '80', close: '85' },
  ]

  it('draws one candlestick per candle: wick from high to low, body from open to close, the range spanning every high and low', () => {
    // Box 200 × 40, prices 80…120: y = 40 − (price − 80).
    const { sticks, low, high } = candlesticks(ohlc, 200, 40)!
    expect({ low, high }).toEqual({ low: 80, high: 120 })
    expect(sticks.map(({ x, wickTop, wickBottom, bodyTop, bodyHeight, direction }) => ({ x, wickTop, wickBottom, bodyTop, bodyHeight, direction }))).toEqual([
      { x: 50, wickTop: 0, wickBottom: 30, bodyTop: 10, bodyHeight: 10, direction: 'up' },
      { x: 150, wickTop: 5, wickBottom: 40, bodyTop: 10, bodyHeight: 25, direction: 'down' },
    ])
    const chart = priceChart(ohlc, 2, '1m')
    expect(chart.querySelectorAll('[data-test="candle"]')).toHaveLength(2)
    expect(chart.querySelector('svg')!.getAttribute('aria-label')).toMatch(/^Candlestick chart \(1m candles: open, high, low, close\)/)
  })

  it('says it draws a line of closes when the candles carry only closes', () => {
    expect(priceChart(candles(['1', '2']), 2, '1m').querySelector('svg')!.getAttribute('aria-label')).toMatch(/^Closing-price line \(1m closes\)/)
  })

  it('renders a signed amount with its sign in front', () => {
    expect(['-0.03', '12.5', '0', '-0.001'].map((value) => formatSigned(value, 2))).toEqual(['−0.03', '+12.50', '0.00', '0.00'])
  })
})
