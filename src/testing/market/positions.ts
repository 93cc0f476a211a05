/** Perp position math: one net position per account and market, isolated margin. */
import type { Side } from './book.ts'
import { abs, type Decimal, dec, div, max, min, mul, ONE, scale } from './decimal.ts'

export const MAINTENANCE_MARGIN_RATE = dec('0.005')

export interface TriggerLeg {
  price: Decimal
  type: 'market' | 'limit'
}

export interface Position {
  readonly accountId: string
  readonly market: string
  /** Signed: above zero long, below zero short. */
  size: Decimal
  entryPrice: Decimal
  margin: Decimal
  leverage: number
  realizedPnl: Decimal
  takeProfit: TriggerLeg | undefined
  stopLoss: TriggerLeg | undefined
  lastFundingAt: number
  readonly openedAt: number
  updatedAt: number
}

export interface TradeEffect {
  /** Size that reduced the position. */
  closed: Decimal
  /** Size that opened or grew it. */
  opened: Decimal
  realizedPnl: Decimal
  /** Margin freed by the closed part. */
  marginReleased: Decimal
}

/** A position of nothing yet: what a first fill opens. */
export function emptyPosition(accountId: string, market: string, leverage: number): Position {
  return { accountId, market, size: 0n, entryPrice: 0n, margin: 0n, leverage, realizedPnl: 0n, takeProfit: undefined, stopLoss: undefined, lastFundingAt: 0, openedAt: 0, updatedAt: 0 }
}

export function isLong(position: Position): boolean {
  return position.size > 0n
}

/** Size of the position an order on `side` would reduce (zero when it would add). */
export function closable(position: Position | undefined, side: Side): Decimal {
  if (!position || position.size === 0n) return 0n
  return isLong(position) === (side === 'sell') ? abs(position.size) : 0n
}

/** Applies a fill: closes against the position first, then opens the rest at the weighted entry. */
export function applyTrade(position: Position, side: Side, price: Decimal, size: Decimal): TradeEffect {
  const closed = min(size, closable(position, side))
  let realizedPnl = 0n
  let marginReleased = 0n
  if (closed > 0n) {
    const direction = isLong(position) ? 1n : -1n
    realizedPnl = mul(price - position.entryPrice, closed) * direction
    marginReleased = scale(position.margin, closed, abs(position.size))
    position.margin -= marginReleased
    position.size -= closed * direction
    position.realizedPnl += realizedPnl
  }
  const opened = size - closed
  if (opened > 0n) {
    const held = abs(position.size)
    position.entryPrice = div(mul(position.entryPrice, held) + mul(price, opened), held + opened)
    position.size += side === 'buy' ? opened : -opened
  }
  return { closed, opened, realizedPnl, marginReleased }
}

export function unrealizedPnl(position: Position, markPrice: Decimal): Decimal {
  return mul(markPrice - position.entryPrice, position.size)
}

/**
 * The mark price at which margin plus PnL falls to the maintenance margin at that price,
 * margin + (P − entry) × size = P × |size| × rate, rounded so that the mark reaching it liquidates.
 * Worked on the raw units (10^-18) so nothing is truncated before the one rounding.
 */
export function liquidationPrice(position: Position): Decimal {
  const size = abs(position.size)
  if (size === 0n) return 0n
  const entryValue = position.entryPrice * size
  if (isLong(position)) return max(0n, ((entryValue - position.margin * ONE) * ONE) / (size * (ONE - MAINTENANCE_MARGIN_RATE)))
  const denominator = size * (ONE + MAINTENANCE_MARGIN_RATE)
  return ((entryValue + position.margin * ONE) * ONE + denominator - 1n) / denominator
}

/** Margin plus PnL at the mark at or below the maintenance margin valued at the mark (compared exactly, in raw units). */
export function isLiquidatable(position: Position, markPrice: Decimal): boolean {
  return position.margin * ONE * ONE + (markPrice - position.entryPrice) * position.size * ONE <= markPrice * abs(position.size) * MAINTENANCE_MARGIN_RATE
}

/** Which trigger leg, if any, the mark price has reached. */
export function triggeredLeg(position: Position, markPrice: Decimal): 'take_profit' | 'stop_loss' | undefined {
  const long = isLong(position)
  const { takeProfit, stopLoss } = position
  if (takeProfit && (long ? markPrice >= takeProfit.price : markPrice <= takeProfit.price)) return 'take_profit'
  if (stopLoss && (long ? markPrice <= stopLoss.price : markPrice >= stopLoss.price)) return 'stop_loss'
  return undefined
}

/**
 * The mark prices at which the position must be looked at: its liquidation price and its triggers.
 * A long is liquidated or stopped by a fall and takes profit on a rise; a short the other way round.
 */
export function thresholds(position: Position): { falls: Decimal | undefined; rises: Decimal | undefined } {
  const liquidation = liquidationPrice(position)
  const { takeProfit, stopLoss } = position
  if (isLong(position)) return { falls: stopLoss ? max(liquidation, stopLoss.price) : liquidation, rises: takeProfit?.price }
  return { falls: takeProfit?.price, rises: stopLoss ? min(liquidation, stopLoss.price) : liquidation }
}

/** Margin the position needs at its leverage (or another), valued at entry. */
export function initialMargin(position: Position, leverage = position.leverage): Decimal {
  return mul(position.entryPrice, abs(position.size)) / BigInt(leverage)
}

/** Margin the position needs at its leverage (or another), valued at the mark price. */
export function initialMarginAt(position: Position, markPrice: Decimal, leverage = position.leverage): Decimal {
  return mul(markPrice, abs(position.size)) / BigInt(leverage)
}
