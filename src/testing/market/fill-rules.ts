/**
 * Perp rules checked when a resting order fills, not only when it was placed: the position may
 * have changed since. The planned fills are walked on copies of the positions and free balances
 * they touch, moving them as settlement would; the first resting order that may not fill is named.
 */
import { type Decimal, max, min, mul } from './decimal.ts'
import { MAKER_FEE_RATE } from './demo-data.ts'
import type { Fill } from './engine.ts'
import { MARKET_MAKER } from './ledger.ts'
import { applyTrade, closable, emptyPosition, type Position } from './positions.ts'
import type { FillRefusal, Order } from './venue.ts'

export interface AccountsNow {
  position(accountId: string, symbol: string): Position | undefined
  /** Free (unlocked) USDC. */
  free(accountId: string): Decimal
}

/**
 * A resting reduce-only order whose fill would grow or flip its position, or a resting order whose
 * opening margin and fee its lock and free balance cannot pay by the time it fills. The `cancelled`
 * orders' locks count as free. The taker is never one of the makers' accounts (self-trade
 * prevention passes over its own orders), so what it is about to lock takes nothing counted here.
 */
export function firstRefusedFill(fills: readonly Fill<Order>[], cancelled: readonly Order[], now: AccountsNow): FillRefusal | undefined {
  const positions = new Map<string, Position>()
  const free = new Map<string, Decimal>()
  const locks = new Map<string, Decimal>()
  const positionOf = (order: Order) => {
    let position = positions.get(order.accountId)
    if (!position) {
      const held = now.position(order.accountId, order.market)
      position = held ? { ...held } : emptyPosition(order.accountId, order.market, order.leverage)
      positions.set(order.accountId, position)
    }
    return position
  }
  const freed = (accountId: string) => cancelled.reduce((total, order) => total + (order.accountId === accountId ? (order.reserve?.amount ?? 0n) : 0n), 0n)
  const freeOf = (accountId: string) => free.get(accountId) ?? now.free(accountId) + freed(accountId)
  // As the ledger's adjust: a loss takes at most what is free.
  const credit = (accountId: string, amount: Decimal) => free.set(accountId, max(0n, freeOf(accountId) + amount))
  for (const fill of fills) {
    const { maker } = fill
    if (maker.accountId !== MARKET_MAKER) {
      const position = positionOf(maker)
      if (maker.reduceOnly && closable(position, maker.side) < fill.size) return { maker, reason: 'reduce_only_would_increase' }
      const effect = applyTrade(position, maker.side, fill.price, fill.size)
      credit(maker.accountId, effect.marginReleased + effect.realizedPnl)
      const need = mul(fill.price, effect.opened) / BigInt(maker.leverage) + mul(mul(fill.price, fill.size), MAKER_FEE_RATE)
      const lock = locks.get(maker.id) ?? maker.reserve?.amount ?? 0n
      const fromLock = min(need, lock)
      if (need - fromLock > freeOf(maker.accountId)) return { maker, reason: 'insufficient_margin' }
      locks.set(maker.id, lock - fromLock)
      credit(maker.accountId, fromLock - need)
    }
  }
  return undefined
}
