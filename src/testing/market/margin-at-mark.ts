/**
 * Margin at the mark: money leaves a position (a higher leverage re-margining it, a margin removal)
 * or an account that holds positions (a USDC withdrawal) only while every position keeps at least
 * its initial margin valued at the mark price, its unrealized PnL counted. The liquidation engine
 * uses the maintenance margin instead (positions.ts).
 */
import { type Decimal, formatDecimal, max } from './decimal.ts'
import { insufficientMargin } from './errors.ts'
import type { ApiFailure } from '../http/router.ts'
import { initialMarginAt, type Position, unrealizedPnl } from './positions.ts'

/** A position's standing at the mark with a given margin and leverage (its own by default). */
export interface MarginAtMark {
  market: string
  markPrice: Decimal
  /** Margin plus unrealized PnL at the mark. */
  equity: Decimal
  /** Initial margin at the mark: the notional at the mark over the leverage. */
  required: Decimal
  /** What equity lacks of `required` (0 when it holds it). */
  shortfall: Decimal
  leverage: number
}

export function marginAtMark(position: Position, markPrice: Decimal, margin = position.margin, leverage = position.leverage): MarginAtMark {
  const equity = margin + unrealizedPnl(position, markPrice)
  const required = initialMarginAt(position, markPrice, leverage)
  return { market: position.market, markPrice, equity, required, shortfall: max(0n, required - equity), leverage }
}

/** The figures behind a refusal: "margin plus unrealized PnL at the mark price 42000: -8414.7; needed: 420 at 50x". */
function figures(standing: MarginAtMark): string {
  return `margin plus unrealized PnL at the mark price ${formatDecimal(standing.markPrice)}: ${formatDecimal(standing.equity)}; needed: ${formatDecimal(standing.required)} at ${standing.leverage}x`
}

/** POS_INSUFFICIENT_MARGIN naming the rule, the position and the shortfall; `message` says what was refused and by how much. */
export function refusal(field: string | undefined, message: string, standing: MarginAtMark, extra: Record<string, string> = {}): ApiFailure {
  return insufficientMargin(field, `${message} (${figures(standing)})`, {
    rule: 'initial_margin_at_mark',
    market: standing.market,
    markPrice: formatDecimal(standing.markPrice),
    equity: formatDecimal(standing.equity),
    required: formatDecimal(standing.required),
    shortfall: formatDecimal(standing.shortfall),
    ...extra,
  })
}

/** What may leave: the room above a requirement, never below zero. */
export function room(held: Decimal, needed: Decimal): Decimal {
  return max(0n, held - needed)
}
