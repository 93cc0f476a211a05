/**
 * JSON views of prediction data in the real service's units: `*E6` integers for prices and USDC,
 * integer share counts, and float prices in [0, 1] on the depth and order-book routes.
 */
import { type Decimal, div, mul, ONE, toE6, toNumber } from './decimal.ts'
import type { Level } from './book.ts'
import { type Oracle, RESOLUTION_SOURCE } from './oracle.ts'
import type { PredictionDesk } from './prediction.ts'
import { bookKey, bookOf, type PredictionMarket } from './prediction-market.ts'
import { averagePrice, type AccountFill, type Order, type OrderStatus, type Trade } from './venue.ts'

const STATUS: Record<OrderStatus, string> = { open: 'active', partially_filled: 'partial_filled', filled: 'filled', cancelled: 'cancelled', expired: 'expired', rejected: 'rejected' }

export function shares(value: Decimal): number {
  return Number(value / ONE)
}

export function marketView(desk: PredictionDesk, market: PredictionMarket, now: number): Record<string, unknown> {
  let liquidity = 0n
  market.outcomes.forEach((_, index) => {
    for (const order of desk.venue.book(bookKey(market.marketId, index)).bids) liquidity += mul(order.price, order.remaining)
  })
  return {
    marketId: market.marketId,
    slug: market.slug,
    marketType: market.marketType,
    numOutcomes: market.outcomes.length,
    question: market.question,
    description: market.description,
    category: market.category,
    tags: market.tags,
    status: desk.status(market, now),
    endTime: market.endTime,
    createdAt: market.createdAt,
    creator: market.creator,
    outcomes: outcomesView(desk, market),
    totalVolumeE6: desk.volumeE6(market),
    totalLiquidityE6: toE6(liquidity),
    openInterestE6: desk.openInterestE6(market),
    collectionId: null,
    collectionName: null,
    imageUrl: null,
    finalOutcomeIndex: market.finalOutcomeIndex,
    resolvedAt: market.resolvedAt,
  }
}

export function outcomesView(desk: PredictionDesk, market: PredictionMarket): { outcomeIndex: number; label: string; priceE6: number }[] {
  return market.outcomes.map((outcome, outcomeIndex) => ({ outcomeIndex, label: outcome.label, priceE6: desk.priceE6(market, outcomeIndex) }))
}

export function orderView(desk: PredictionDesk, order: Order): Record<string, unknown> {
  const { marketId, outcomeIndex } = bookOf(order)
  const average = averagePrice(order)
  return {
    orderId: order.id,
    clientOrderId: order.clientOrderId,
    marketId,
    outcomeIndex,
    side: order.side === 'buy' ? 0 : 1,
    priceE6: toE6(order.price),
    amount: shares(order.size),
    filledAmount: shares(order.size - order.remaining),
    remainingAmount: shares(order.remaining),
    sharesE6: toE6(order.size),
    filledSharesE6: toE6(order.size - order.remaining),
    avgPriceE6: average === undefined ? null : toE6(average),
    orderType: desk.orderType(order),
    status: STATUS[order.status],
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
  }
}

/** The answer to a placement (`TxResponse`). */
export function placementView(desk: PredictionDesk, order: Order): Record<string, unknown> {
  return { txSignature: desk.txSignature(order.id), orderId: order.id, clientOrderId: order.clientOrderId, status: STATUS[order.status], filledQty: shares(order.size - order.remaining) }
}

export function fillView(fill: AccountFill): Record<string, unknown> {
  const { marketId, outcomeIndex } = bookOf(fill)
  return {
    tradeId: fill.tradeId,
    orderId: fill.orderId,
    clientOrderId: fill.clientOrderId,
    marketId,
    outcomeIndex,
    side: fill.side === 'buy' ? 0 : 1,
    priceE6: toE6(fill.price),
    amount: shares(fill.size),
    valueE6: toE6(mul(fill.price, fill.size)),
    role: fill.role,
    realizedPnlE6: fill.realizedPnl === undefined ? 0 : toE6(fill.realizedPnl),
    createdAt: fill.createdAt,
  }
}

/** A public match: no account ids. */
export interface PredictionMatch {
  matchId: string
  marketId: string
  outcomeIndex: number
  takerSide: 0 | 1
  priceE6: number
  amount: number
  createdAt: number
}

export function matchView(trade: Trade): PredictionMatch {
  const { marketId, outcomeIndex } = bookOf(trade)
  return { matchId: trade.tradeId, marketId, outcomeIndex, takerSide: trade.takerSide === 'buy' ? 0 : 1, priceE6: toE6(trade.price), amount: shares(trade.size), createdAt: trade.createdAt }
}

export function depthLevels(levels: readonly Level[]): { price: number; amount: number }[] {
  return levels.map((level) => ({ price: toNumber(level.price), amount: shares(level.size) }))
}

export function orderbookLevels(levels: readonly Level[]): { price: number; shares: number; orderCount: number }[] {
  return levels.map((level) => ({ price: toNumber(level.price), shares: shares(level.size), orderCount: level.count }))
}

export function positionRow(desk: PredictionDesk, row: ReturnType<PredictionDesk['positionsOf']>[number], now: number): Record<string, unknown> {
  const { market, outcomeIndex } = row
  return {
    marketId: market.marketId,
    outcomeIndex,
    outcomeLabel: market.outcomes[outcomeIndex]!.label,
    question: market.question,
    marketStatus: desk.status(market, now),
    shares: shares(row.shares),
    lockedShares: shares(row.locked),
    avgPriceE6: row.shares === 0n ? 0 : toE6(div(row.cost, row.shares)),
    currentPriceE6: toE6(desk.shareValue(market, outcomeIndex)),
    costE6: toE6(row.cost),
    valueE6: toE6(row.value),
    realizedPnlE6: toE6(row.realized),
    unrealizedPnlE6: toE6(row.value - row.cost),
  }
}

/**
 * A market's oracle state, bounded: at most `maxChallengeRounds` challenges are ever taken, each
 * shown with its account, outcome and time (never the bond's bookkeeping).
 */
export function proposalView(oracle: Oracle, market: PredictionMarket): Record<string, unknown> {
  const proposal = oracle.proposal(market.marketId)
  const rules = { escalated: proposal?.escalated ?? false, maxChallengeRounds: oracle.maxRounds, bondE6: oracle.bondE6, resolutionSource: RESOLUTION_SOURCE }
  if (!proposal) return { marketId: market.marketId, status: 'none', proposedOutcomeIndex: null, proposedAt: null, challengeDeadline: null, challengeCount: 0, challenges: [], finalizedAt: null, finalOutcomeIndex: null, ...rules }
  return {
    marketId: market.marketId,
    status: proposal.status,
    proposedOutcomeIndex: proposal.proposedOutcomeIndex,
    proposedAt: proposal.proposedAt,
    challengeDeadline: proposal.challengeDeadline,
    challengeCount: proposal.challenges.length,
    challenges: proposal.challenges.map(({ challenger, outcomeIndex, evidenceHash, challengedAt }) => ({ challenger, outcomeIndex, evidenceHash, challengedAt })),
    finalizedAt: proposal.finalizedAt,
    finalOutcomeIndex: market.finalOutcomeIndex,
    ...rules,
  }
}
