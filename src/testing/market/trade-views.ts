/** JSON views of perp and spot orders, fills, books, trades and perp positions (decimals as strings). */
import { abs, type Decimal, formatDecimal, mul } from './decimal.ts'
import { isLong, liquidationPrice, type Position, unrealizedPnl } from './positions.ts'
import type { PastTrade } from './prices.ts'
import { type AccountFill, averagePrice, type Order, type Trade } from './venue.ts'
import type { Book } from './book.ts'

export function orderView(order: Order, withLeverage: boolean): Record<string, unknown> {
  const average = averagePrice(order)
  return {
    orderId: order.id,
    clientOrderId: order.clientOrderId,
    market: order.market,
    side: order.side,
    type: order.type,
    price: order.type === 'limit' ? formatDecimal(order.price) : null,
    size: formatDecimal(order.size),
    filledSize: formatDecimal(order.size - order.remaining),
    remainingSize: formatDecimal(order.remaining),
    avgFillPrice: average === undefined ? null : formatDecimal(average),
    status: order.status,
    cancelReason: order.cancelReason,
    timeInForce: order.timeInForce,
    postOnly: order.postOnly,
    reduceOnly: order.reduceOnly,
    ...(withLeverage ? { leverage: order.leverage } : {}),
    fee: formatDecimal(order.fee),
    feeToken: 'USDC',
    source: order.source,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
  }
}

export function fillView(fill: AccountFill, withPnl: boolean): Record<string, unknown> {
  return {
    tradeId: fill.tradeId,
    orderId: fill.orderId,
    clientOrderId: fill.clientOrderId,
    market: fill.market,
    side: fill.side,
    price: formatDecimal(fill.price),
    size: formatDecimal(fill.size),
    fee: formatDecimal(fill.fee),
    feeToken: 'USDC',
    liquidity: fill.role,
    ...(withPnl ? { realizedPnl: fill.realizedPnl === undefined ? '0' : formatDecimal(fill.realizedPnl) } : {}),
    createdAt: fill.createdAt,
  }
}

/** Public trades, newest first: this exchange's own merged with the synthetic history before them. */
export function publicTrades(market: string, trades: readonly Trade[], history: readonly PastTrade[], limit: number): Record<string, unknown>[] {
  const own = trades.map((trade) => ({ tradeId: trade.tradeId, market, price: formatDecimal(trade.price), size: formatDecimal(trade.size), side: trade.takerSide, timestamp: trade.createdAt }))
  const past = history.map((trade) => ({ ...trade, market, price: formatDecimal(trade.price), size: formatDecimal(trade.size) }))
  return [...own, ...past].sort((a, b) => b.timestamp - a.timestamp).slice(0, limit)
}

export function bookView(market: string, book: Book<Order>, depth: number, now: number): Record<string, unknown> {
  const side = (levels: ReturnType<Book<Order>['levels']>) => levels.map((level) => [formatDecimal(level.price), formatDecimal(level.size)])
  return { market, bids: side(book.levels('buy', depth)), asks: side(book.levels('sell', depth)), timestamp: now }
}

export function positionView(position: Position, markPrice: Decimal): Record<string, unknown> {
  const { takeProfit, stopLoss } = position
  return {
    market: position.market,
    side: isLong(position) ? 'long' : 'short',
    size: formatDecimal(abs(position.size)),
    entryPrice: formatDecimal(position.entryPrice),
    markPrice: formatDecimal(markPrice),
    liquidationPrice: formatDecimal(liquidationPrice(position)),
    leverage: position.leverage,
    margin: formatDecimal(position.margin),
    marginMode: 'isolated',
    notional: formatDecimal(mul(markPrice, abs(position.size))),
    unrealizedPnl: formatDecimal(unrealizedPnl(position, markPrice)),
    realizedPnl: formatDecimal(position.realizedPnl),
    takeProfitPrice: takeProfit ? formatDecimal(takeProfit.price) : null,
    stopLossPrice: stopLoss ? formatDecimal(stopLoss.price) : null,
    takeProfitType: takeProfit?.type ?? null,
    stopLossType: stopLoss?.type ?? null,
    tpSlStatus: takeProfit || stopLoss ? 'active' : 'none',
    adlRank: 1,
    createdAt: position.openedAt,
    updatedAt: position.updatedAt,
  }
}

export interface FillStats {
  trades: number
  volume: Decimal
  fees: Decimal
  realizedPnl: Decimal
  wins: number
  losses: number
}

/** Totals over an account's fills (trading stats, championship standing). */
export function fillStats(fills: readonly AccountFill[]): FillStats {
  const stats: FillStats = { trades: fills.length, volume: 0n, fees: 0n, realizedPnl: 0n, wins: 0, losses: 0 }
  for (const fill of fills) {
    stats.volume += mul(fill.price, fill.size)
    stats.fees += fill.fee
    const pnl = fill.realizedPnl ?? 0n
    stats.realizedPnl += pnl
    if (pnl > 0n) stats.wins += 1
    if (pnl < 0n) stats.losses += 1
  }
  return stats
}
