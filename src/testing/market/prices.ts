/**
 * Synthetic market history, a pure function of the seed and the clock: a reference price per
 * minute (a slow two-day wave plus noise), candles built from it, past public trades and funding
 * rates. The same time always gives the same numbers.
 */
import { bps, ceilTo, type Decimal, floorTo, fromInteger, max, min, mul } from './decimal.ts'
import { invalidParams } from './errors.ts'
import { Fields } from './input.ts'
import { pick } from '../prng.ts'

export const MINUTE = 60_000
export const HOUR = 60 * MINUTE
export const FUNDING_INTERVAL = 8 * HOUR

const INTERVALS: Record<string, number> = { '1m': MINUTE, '5m': 5 * MINUTE, '15m': 15 * MINUTE, '1h': HOUR, '4h': 4 * HOUR, '1d': 24 * HOUR }

const WAVE_MINUTES = 2880

/** The reference price of `asset` at time t: base ± 1% wave ± 0.25% noise, on the tick grid. */
export function referencePrice(asset: string, base: Decimal, tick: Decimal, t: number): Decimal {
  const minute = Math.floor(t / MINUTE)
  const offset = wave(minute + pick(0, WAVE_MINUTES, 'phase', asset), 100) + pick(-25, 25, 'noise', asset, minute)
  return floorTo(base + mul(base, bps(offset)), tick)
}

/** A triangle wave of period WAVE_MINUTES between -amplitude and +amplitude (integer). */
function wave(minute: number, amplitude: number): number {
  const phase = minute % WAVE_MINUTES
  const half = WAVE_MINUTES / 2
  const rising = phase < half ? phase : WAVE_MINUTES - phase
  return Math.floor((rising * 2 * amplitude) / half) - amplitude
}

export interface Candle {
  openTime: number
  open: Decimal
  high: Decimal
  low: Decimal
  close: Decimal
  volume: Decimal
  closeTime: number
}

export interface CandleSource {
  /** Names the series so each has its own noise. */
  key: string
  priceAt(t: number): Decimal
  tick: Decimal
  /** Typical volume traded per minute. */
  volumePerMinute: Decimal
}

/** Candles for a klines query (`interval`, `startTime`, `endTime`, `limit`), oldest first, none after now. */
export function candles(source: CandleSource, query: URLSearchParams, now: number): Candle[] {
  const fields = Fields.query(query)
  const interval = INTERVALS[fields.optionalOneOf('interval', Object.keys(INTERVALS)) ?? '1h']!
  const limit = fields.optionalInteger('limit', 1, 1000) ?? 100
  const start = fields.optionalInteger('startTime', 0, Number.MAX_SAFE_INTEGER)
  const end = fields.optionalInteger('endTime', 0, Number.MAX_SAFE_INTEGER)
  if (start !== undefined && end !== undefined && start > end) throw invalidParams('startTime', 'startTime must not be after endTime')
  let last = Math.floor(Math.min(end ?? now, now) / interval) * interval
  let first = last - (limit - 1) * interval
  if (start !== undefined) {
    first = Math.max(first, Math.ceil(start / interval) * interval)
    if (end === undefined) {
      first = Math.ceil(start / interval) * interval
      last = Math.min(last, first + (limit - 1) * interval)
    }
  }
  const result: Candle[] = []
  for (let openTime = first; openTime <= last; openTime += interval) result.push(candle(source, openTime, interval, now))
  return result
}

function candle(source: CandleSource, openTime: number, interval: number, now: number): Candle {
  const closeTime = openTime + interval - 1
  // A candle opens where the one before it closed (the price held until its open), as a traded market's do.
  const open = source.priceAt(openTime - 1)
  const close = source.priceAt(Math.min(closeTime, now))
  const high = ceilTo(mul(max(open, close), fromInteger(1) + bps(pick(0, 15, 'high', source.key, openTime, interval))), source.tick)
  const low = floorTo(mul(min(open, close), fromInteger(1) - bps(pick(0, 15, 'low', source.key, openTime, interval))), source.tick)
  const volume = (mul(source.volumePerMinute, fromInteger(pick(20, 180, 'volume', source.key, openTime, interval))) * BigInt(interval / MINUTE)) / 100n
  return { openTime, open, high, low, close, volume, closeTime }
}

export interface PastTrade {
  tradeId: string
  price: Decimal
  size: Decimal
  side: 'buy' | 'sell'
  timestamp: number
}

const TRADE_SPACING = 7_000

/** Public trades from before the exchange started: one every 7 s, newest first. */
export function pastTrades(source: CandleSource, sizeStep: Decimal, count: number, now: number): PastTrade[] {
  const trades: PastTrade[] = []
  const newest = Math.floor(now / TRADE_SPACING) * TRADE_SPACING
  for (let i = 0; i < count; i++) {
    const timestamp = newest - i * TRADE_SPACING
    const price = source.priceAt(timestamp) + source.tick * BigInt(pick(-3, 3, 'trade', source.key, timestamp))
    trades.push({
      tradeId: String(BigInt(timestamp) * 1000n + BigInt(pick(0, 999, 'trade-id', source.key))),
      price: max(price, source.tick),
      size: sizeStep * BigInt(pick(1, 40, 'size', source.key, timestamp)),
      side: pick(0, 1, 'side', source.key, timestamp) === 0 ? 'buy' : 'sell',
      timestamp,
    })
  }
  return trades
}

/** The funding rate of `asset` for the interval ending at `fundingTime` (−0.005% … +0.015%). */
export function fundingRate(asset: string, fundingTime: number): Decimal {
  return bps(pick(-5, 15, 'funding', asset, fundingTime)) / 10n
}

/** Funding times (multiples of 8 h) in (after, upTo], oldest first, at most `most`. */
export function fundingTimes(after: number, upTo: number, most: number): number[] {
  const times: number[] = []
  const newest = Math.floor(upTo / FUNDING_INTERVAL) * FUNDING_INTERVAL
  for (let t = newest; t > after && times.length < most; t -= FUNDING_INTERVAL) times.push(t)
  return times.reverse()
}
