/**
 * Exact decimal arithmetic for the reference market: a decimal is a bigint counting 10^-18 units,
 * so prices, sizes and balances never pass through floating point. Products and quotients
 * truncate toward zero at the 18th decimal place.
 */

export type Decimal = bigint

const PLACES = 18
export const ONE: Decimal = 10n ** BigInt(PLACES)

/** Most digits a decimal may have in all (before and after the point), and after the point. */
export const MAX_DIGITS = 40
export const MAX_PLACES = PLACES

const DECIMAL_TEXT = /^(-?)(\d+)(?:\.(\d+))?$/

/**
 * Decimal text (`"65000"`, `"-0.25"`) to a decimal; `undefined` for anything else, more than 40
 * digits or more than 18 places. The length is checked first, so a huge text costs no arithmetic.
 */
export function parseDecimal(text: string): Decimal | undefined {
  if (text.length > MAX_DIGITS + 2) return undefined
  const match = DECIMAL_TEXT.exec(text)
  if (!match) return undefined
  const [, sign, whole, fraction = ''] = match
  if (fraction.length > MAX_PLACES || whole!.length + fraction.length > MAX_DIGITS) return undefined
  const units = BigInt(whole!) * ONE + BigInt(fraction.padEnd(PLACES, '0'))
  return sign === '-' ? -units : units
}

/** A decimal constant written in code; throws on bad text (a programming error). */
export function dec(text: string): Decimal {
  const value = parseDecimal(text)
  if (value === undefined) throw new Error(`not a decimal: ${text}`)
  return value
}

/** Shortest decimal text: no trailing zeros, no exponent, `"0"` for zero. */
export function formatDecimal(value: Decimal): string {
  const negative = value < 0n
  const units = negative ? -value : value
  const whole = units / ONE
  const fraction = (units % ONE).toString().padStart(PLACES, '0').replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

export function fromInteger(value: number | bigint): Decimal {
  return BigInt(value) * ONE
}

export function mul(a: Decimal, b: Decimal): Decimal {
  return (a * b) / ONE
}

export function div(a: Decimal, b: Decimal): Decimal {
  if (b === 0n) throw new RangeError('division by zero')
  return (a * ONE) / b
}

/** a × numerator / denominator in one step, so nothing is lost between the two. */
export function scale(a: Decimal, numerator: Decimal, denominator: Decimal): Decimal {
  if (denominator === 0n) throw new RangeError('division by zero')
  return (a * numerator) / denominator
}

export function abs(value: Decimal): Decimal {
  return value < 0n ? -value : value
}

export function min(a: Decimal, b: Decimal): Decimal {
  return a < b ? a : b
}

export function max(a: Decimal, b: Decimal): Decimal {
  return a > b ? a : b
}

export function isMultipleOf(value: Decimal, step: Decimal): boolean {
  return value % step === 0n
}

/** The largest multiple of step not above value. */
export function floorTo(value: Decimal, step: Decimal): Decimal {
  const rest = value % step
  return rest < 0n ? value - rest - step : value - rest
}

/** The smallest multiple of step not below value. */
export function ceilTo(value: Decimal, step: Decimal): Decimal {
  const floor = floorTo(value, step)
  return floor === value ? value : floor + step
}

/** Millionths (`*E6` fields) to a decimal, and back (truncating). */
export function fromE6(value: number | bigint): Decimal {
  return BigInt(value) * (ONE / 1_000_000n)
}

export function toE6(value: Decimal): number {
  return Number(value / (ONE / 1_000_000n))
}

/** Basis points as a fraction: 5 → 0.0005. */
export function bps(points: number | bigint): Decimal {
  return BigInt(points) * (ONE / 10_000n)
}

/** For display fields the real service sends as JSON numbers (prediction book prices 0..1). */
export function toNumber(value: Decimal): number {
  return Number(formatDecimal(value))
}
