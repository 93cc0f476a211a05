/** Display helpers: the API gives decimals as strings and times as UTC ms. */

/** A signed amount with its sign in front: `−0.03` (a minus sign, U+2212), `+12.50`, `0.00`. */
export function formatSigned(value: string | number | null | undefined, decimals: number): string {
  const number = Number(value)
  if (value === null || value === undefined || value === '' || !Number.isFinite(number)) return formatFixed(value, decimals)
  const magnitude = formatFixed(Math.abs(number), decimals)
  if (Number(magnitude.replace(/,/g, '')) === 0) return magnitude
  return `${number < 0 ? '−' : '+'}${magnitude}`
}

/** `1234.5` → `1,234.5`, at most `digits` decimals; text that is not a number is shown as is. */
export function formatNumber(value: string | number | null | undefined, digits = 4): string {
  if (value === null || value === undefined || value === '') return '—'
  const number = Number(value)
  if (!Number.isFinite(number)) return String(value)
  return number.toLocaleString('en-US', { maximumFractionDigits: digits })
}

/** `1234.5` at 2 decimals → `1,234.50`: every value of a column with the same decimals, so they line up. */
export function formatFixed(value: string | number | null | undefined, decimals: number): string {
  if (value === null || value === undefined || value === '') return '—'
  const number = Number(value)
  if (!Number.isFinite(number)) return String(value)
  return number.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })
}

/** How many decimals a tick size like `0.01` allows. */
export function decimalsOf(step: string): number {
  const dot = step.indexOf('.')
  return dot === -1 ? 0 : step.length - dot - 1
}

/** `price` rounded down to a multiple of `tick`, as text with the tick's decimals. */
export function toTick(price: number, tick: string): string {
  const step = Number(tick)
  if (!(step > 0)) return String(price)
  return (Math.floor(price / step) * step).toFixed(decimalsOf(tick))
}

/** `0x1234…abcd`. */
export function shortAddress(address: string): string {
  return address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address
}

/** `14:03:27` in the viewer's time zone. */
export function formatTime(ms: number): string {
  return new Date(ms).toLocaleTimeString('en-GB', { hour12: false })
}

/** `14:03` in the viewer's time zone, for chart axes. */
export function formatClock(ms: number): string {
  return new Date(ms).toLocaleTimeString('en-GB', { hour12: false, hour: '2-digit', minute: '2-digit' })
}

/** A date and time, or `never` for `null`. */
export function formatDateTime(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return 'never'
  return new Date(ms).toLocaleString('en-GB', { hour12: false })
}

/** `up`, `down` or `flat`, for colouring a signed change. */
export function trend(change: string | number | undefined): 'up' | 'down' | 'flat' {
  const number = Number(change)
  return number > 0 ? 'up' : number < 0 ? 'down' : 'flat'
}

export type Trend = ReturnType<typeof trend>

/**
 * The colour of a last price: the direction of its last move, kept while the price stands still
 * (`held`), flat before any move. Never the 24 h change: a market up on the day can be ticking down.
 */
export function lastTick(previous: string | undefined, current: string, held: Trend = 'flat'): Trend {
  if (previous === undefined) return 'flat'
  const move = Number(current) - Number(previous)
  if (!Number.isFinite(move) || move === 0) return held
  return move > 0 ? 'up' : 'down'
}

/** `+1,250.00 (+1.96%)`: the 24 h change and its share of the price 24 h ago (`last - change`). */
export function formatChange(change: string, last: string, decimals: number): string {
  const sign = Number(change) > 0 ? '+' : ''
  const before = Number(last) - Number(change)
  const percent = before > 0 && Number.isFinite(Number(change)) ? ` (${sign}${formatFixed((Number(change) / before) * 100, 2)}%)` : ''
  return `${sign}${formatFixed(change, decimals)}${percent}`
}

/** What a decimal field keeps of what was typed or pasted: digits and the first dot (no letters, signs or exponents). */
export function decimalText(typed: string): string {
  const [whole = '', ...fraction] = typed.replace(/[^0-9.]/g, '').split('.')
  return fraction.length > 0 ? `${whole}.${fraction.join('')}` : whole
}

/** What a whole-number field keeps: digits only. */
export const wholeText = (typed: string): string => typed.replace(/[^0-9]/g, '')

/** A candle width as words: `1m` → `1-minute`, `4h` → `4-hour`, `1d` → `1-day`. */
export function intervalWords(interval: string): string {
  const match = /^(\d+)([mhd])$/.exec(interval)
  if (!match) return interval
  return `${match[1]}-${{ m: 'minute', h: 'hour', d: 'day' }[match[2] as 'm' | 'h' | 'd']}`
}
