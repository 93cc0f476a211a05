/**
 * The order lifecycle shared by perp, spot and prediction books: idempotent placement by
 * clientOrderId, time in force, postOnly, cancel and modify, reserves, fills and histories. What a
 * fill does to balances and positions is the `Settlement` of each area.
 */
import { type HoldBack, type Ledger, MARKET_MAKER, type Reserve } from './ledger.ts'
import { Book, type Resting, type Side } from './book.ts'
import { append, newestFirst } from './collections.ts'
import { type Decimal, div, mul } from './decimal.ts'
import { applyFills, type Fill, filledSize, notional, planFills } from './engine.ts'
import { invalidParams, orderNotFound, orderNotOpen } from './errors.ts'
import type { WorkMeter } from '../work.ts'

export type OrderType = 'limit' | 'market'
export type TimeInForce = 'GTC' | 'IOC' | 'FOK'
export type OrderStatus = 'open' | 'partially_filled' | 'filled' | 'cancelled' | 'expired' | 'rejected'
export type Role = 'maker' | 'taker'
/**
 * Why the exchange cancelled what was left of an order: it was about to fill against the same
 * account's new order (self-trade prevention), or its rules failed when it was about to fill.
 */
export type CancelReason = 'self_trade' | 'reduce_only_would_increase' | 'insufficient_margin'

/** A resting order the planned fills may not fill, and why. */
export interface FillRefusal {
  maker: Order
  reason: CancelReason
}

/** What placing an order would do: its fills, and the resting orders cancelled first. Nothing is applied yet. */
interface Plan {
  fills: Fill<Order>[]
  cancels: FillRefusal[]
}

export interface OrderRequest {
  accountId: string
  /** The book: a market symbol, or `marketId:outcomeIndex` on prediction books. */
  market: string
  side: Side
  type: OrderType
  /** Limit price; ignored for market orders. */
  price: Decimal | undefined
  size: Decimal
  timeInForce: TimeInForce
  postOnly: boolean
  reduceOnly: boolean
  leverage: number
  clientOrderId: string | undefined
  /** What placed it when not the user directly: `take_profit`, `stop_loss`, `close`. */
  source?: string
}

export interface Order extends Resting {
  readonly market: string
  readonly clientOrderId: string | null
  readonly type: OrderType
  size: Decimal
  /** Σ price × size of its fills, for the average fill price. */
  filledNotional: Decimal
  fee: Decimal
  status: OrderStatus
  /** Set when the exchange, not the owner, cancelled the rest of the order. */
  cancelReason: CancelReason | null
  readonly timeInForce: TimeInForce
  readonly postOnly: boolean
  readonly reduceOnly: boolean
  readonly leverage: number
  readonly source: string
  reserve: Reserve | undefined
  readonly createdAt: number
  updatedAt: number
}

/** A match on a book (public trade). */
export interface Trade {
  tradeId: string
  market: string
  price: Decimal
  size: Decimal
  takerSide: Side
  takerOrderId: string
  makerOrderId: string
  createdAt: number
}

/** One account's side of a match. */
export interface AccountFill {
  tradeId: string
  orderId: string
  clientOrderId: string | null
  market: string
  side: Side
  price: Decimal
  size: Decimal
  fee: Decimal
  role: Role
  realizedPnl: Decimal | undefined
  createdAt: number
}

export interface Settlement {
  /** What an order must lock for its remaining size, given the fills it would get right now. */
  reserve(order: Order, fills: readonly Fill<Order>[]): { token: string; amount: Decimal }
  /** Moves balances (and positions) for one account's side of a fill. */
  settle(order: Order, price: Decimal, size: Decimal, role: Role, now: number): { fee: Decimal; realizedPnl?: Decimal }
  /**
   * The first resting order among the planned fills that may not fill as the account stands by
   * then (reduce-only, margin), counting what the `cancelled` orders' locks give back. Areas whose
   * orders lock all they need at placement have none.
   */
  vet?(fills: readonly Fill<Order>[], cancelled: readonly Order[]): FillRefusal | undefined
  /**
   * The hold-back on free funds the order's lock respects: null for none, undefined for the
   * account's (ledger.ts). Areas without it always use the account's.
   */
  heldBack?(order: Order): HoldBack | null | undefined
  /** Hears of each match with both orders (the accounts on each side), after it settled. */
  traded?(trade: Trade, taker: Order, maker: Order): void
}

/** Ids like the real service's: decimal strings beyond 2^53, so clients must keep them as text. */
export class IdSequence {
  #next: bigint
  constructor(start: bigint) {
    this.#next = start
  }
  next(): string {
    this.#next += 1n
    return this.#next.toString()
  }
}

export function isOpen(order: Order): boolean {
  return order.status === 'open' || order.status === 'partially_filled'
}

export function averagePrice(order: Order): Decimal | undefined {
  const filled = order.size - order.remaining
  return filled === 0n ? undefined : div(order.filledNotional, filled)
}

/** What the rest of an order is worth: at its limit price, or at the fills a market order would get now. */
export function remainingValue(order: Order, fills: readonly Fill<Order>[]): Decimal {
  return order.type === 'limit' ? mul(order.price, order.remaining) : notional(fills)
}

export class OrderVenue {
  readonly #ledger: Ledger
  readonly #settlement: Settlement
  readonly #ids: IdSequence
  readonly #books = new Map<string, Book<Order>>()
  readonly #orders = new Map<string, Order>()
  readonly #byAccount = new Map<string, Order[]>()
  readonly #byClientId = new Map<string, Order>()
  readonly #trades = new Map<string, Trade[]>()
  readonly #fills = new Map<string, AccountFill[]>()
  #seq = 0

  /** Counts the resting orders placements look at. */
  readonly #work: WorkMeter

  constructor(ledger: Ledger, settlement: Settlement, ids: IdSequence, work: WorkMeter) {
    this.#work = work
    this.#ledger = ledger
    this.#settlement = settlement
    this.#ids = ids
  }

  book(market: string): Book<Order> {
    let book = this.#books.get(market)
    if (!book) {
      book = new Book<Order>()
      this.#books.set(market, book)
    }
    return book
  }

  /** Places an order, or returns the order this account already placed with the same clientOrderId. */
  place(request: OrderRequest, now: number): Order {
    const earlier = this.earlier(request.accountId, request.clientOrderId)
    if (earlier) return earlier
    const order = this.#create(request, now)
    const plan = this.#plan(order)
    // An order that ends before it starts, or that its account cannot pay for, changes nothing else.
    const refusal = refused(order, plan.fills)
    if (refusal) {
      order.status = refusal
      this.#record(order)
      return order
    }
    this.#commit(order, plan, now)
    this.#record(order)
    this.#execute(order, plan.fills, now)
    return order
  }

  /** The order this account already placed with this clientOrderId, if any. */
  earlier(accountId: string, clientOrderId: string | undefined): Order | undefined {
    return clientOrderId === undefined ? undefined : this.#byClientId.get(clientKey(accountId, clientOrderId))
  }

  /** A market-maker quote: rests in the book, settles against nobody. */
  quote(market: string, side: Side, price: Decimal, size: Decimal, now: number): Order {
    const order = this.#create({ accountId: MARKET_MAKER, market, side, type: 'limit', price, size, timeInForce: 'GTC', postOnly: true, reduceOnly: false, leverage: 1, clientOrderId: undefined }, now)
    order.status = 'open'
    this.book(market).add(order)
    return order
  }

  /** Takes these quotes of the market maker off their book (those still on it). */
  withdrawQuotes(market: string, quotes: readonly Order[]): void {
    const book = this.book(market)
    for (const quote of quotes) book.remove(quote)
  }

  cancel(accountId: string, orderId: string, now: number): Order {
    const order = this.order(accountId, orderId)
    if (!isOpen(order)) throw orderNotOpen(orderId, order.status)
    this.close(order, 'cancelled', now)
    return order
  }

  /** Cancels those of the ids that are this account's open orders; returns the ids cancelled. */
  cancelMany(accountId: string, orderIds: readonly string[], now: number): string[] {
    const cancelled: string[] = []
    for (const orderId of orderIds) {
      const order = this.#orders.get(orderId)
      if (order?.accountId !== accountId || !isOpen(order)) continue
      this.close(order, 'cancelled', now)
      cancelled.push(orderId)
    }
    return cancelled
  }

  /** Ends a live order (cancelled, expired) and gives back what it locked. */
  close(order: Order, status: OrderStatus, now: number, reason?: CancelReason): void {
    this.book(order.market).remove(order)
    order.status = status
    if (reason) order.cancelReason = reason
    order.updatedAt = now
    if (order.reserve) this.#ledger.release(order.reserve)
  }

  /**
   * New price and/or total size for an open limit order. It keeps its time priority only when the
   * price is unchanged and the size does not grow; a new price that crosses the book trades.
   */
  modify(accountId: string, orderId: string, change: { price?: Decimal | undefined; size?: Decimal | undefined }, now: number): Order {
    const order = this.order(accountId, orderId)
    if (!isOpen(order)) throw orderNotOpen(orderId, order.status)
    const filled = order.size - order.remaining
    const size = change.size ?? order.size
    if (size <= filled) throw invalidParams('size', `size must be more than the ${filled === 0n ? '0' : 'part already'} filled`)
    const before = { price: order.price, size: order.size, remaining: order.remaining, seq: order.seq, locked: order.reserve?.amount ?? 0n }
    const book = this.book(order.market)
    book.remove(order)
    if (order.reserve) this.#ledger.release(order.reserve)
    order.price = change.price ?? order.price
    order.size = size
    order.remaining = size - filled
    if (order.price !== before.price || size > before.size) order.seq = ++this.#seq
    let plan: Plan
    try {
      plan = this.#plan(order)
      if (order.postOnly && plan.fills.length > 0) throw invalidParams('price', 'a postOnly order cannot take liquidity')
      this.#commit(order, plan, now)
    } catch (error) {
      Object.assign(order, { price: before.price, size: before.size, remaining: before.remaining, seq: before.seq })
      // What it held before goes back as it was (no hold-back: nothing new leaves).
      if (order.reserve) order.reserve = this.#ledger.lock(order.accountId, order.reserve.token, before.locked, null)
      book.add(order)
      throw error
    }
    order.updatedAt = now
    this.#execute(order, plan.fills, now)
    return order
  }

  /** This account's order; ORDER_NOT_FOUND for unknown ids and other accounts' orders. */
  order(accountId: string, orderId: string): Order {
    const order = this.#orders.get(orderId)
    if (order?.accountId !== accountId) throw orderNotFound(orderId)
    return order
  }

  /** This account's orders, newest first. */
  ordersOf(accountId: string): Order[] {
    return newestFirst(this.#byAccount, accountId)
  }

  /** Public trades of a book, newest first. */
  trades(market: string): Trade[] {
    return newestFirst(this.#trades, market)
  }

  /** This account's fills, newest first. */
  fillsOf(accountId: string): AccountFill[] {
    return newestFirst(this.#fills, accountId)
  }

  #create(request: OrderRequest, now: number): Order {
    return {
      id: this.#ids.next(),
      accountId: request.accountId,
      market: request.market,
      clientOrderId: request.clientOrderId ?? null,
      side: request.side,
      type: request.type,
      price: request.type === 'limit' ? (request.price ?? 0n) : 0n,
      size: request.size,
      remaining: request.size,
      filledNotional: 0n,
      fee: 0n,
      status: 'open',
      cancelReason: null,
      timeInForce: request.timeInForce,
      postOnly: request.postOnly,
      reduceOnly: request.reduceOnly,
      leverage: request.leverage,
      source: request.source ?? 'user',
      reserve: undefined,
      seq: ++this.#seq,
      createdAt: now,
      updatedAt: now,
    }
  }

  /**
   * The fills the order would get now, changing nothing. Resting orders it reaches are passed
   * over, to be cancelled if it goes ahead: the same account's (self-trade prevention: the resting
   * order is cancelled, the new one trades on), and those that may not fill as planned (their
   * rules checked at fill time, not only when they were placed).
   */
  #plan(taker: Order): Plan {
    const book = this.book(taker.market)
    const refusals = new Map<Order, FillRefusal>()
    for (;;) {
      const cancels: FillRefusal[] = []
      const pass = (maker: Order) => {
        this.#work.visit()
        const cancel = maker.accountId === taker.accountId ? { maker, reason: 'self_trade' as const } : refusals.get(maker)
        if (cancel) cancels.push(cancel)
        return cancel !== undefined
      }
      const fills = planFills(book, { side: taker.side, limit: taker.type === 'limit' ? taker.price : undefined, size: taker.remaining }, pass)
      const refusal = this.#settlement.vet?.(fills, cancels.map((cancel) => cancel.maker))
      if (!refusal) return { fills, cancels }
      refusals.set(refusal.maker, refusal)
    }
  }

  /**
   * Locks what the order needs (counting what the planned cancels give back to its account), then
   * cancels them. Short of funds it throws before anything changes.
   */
  #commit(order: Order, plan: Plan, now: number): void {
    const need = this.#settlement.reserve(order, plan.fills)
    let freed = 0n
    for (const { maker } of plan.cancels) if (maker.accountId === order.accountId && maker.reserve?.token === need.token) freed += maker.reserve.amount
    const held = this.#settlement.heldBack?.(order)
    this.#ledger.requireAvailable(order.accountId, need.token, need.amount, freed, held)
    for (const { maker, reason } of plan.cancels) this.close(maker, 'cancelled', now, reason)
    order.reserve = this.#ledger.lock(order.accountId, need.token, need.amount, held)
  }

  #record(order: Order): void {
    this.#orders.set(order.id, order)
    append(this.#byAccount, order.accountId, order)
    if (order.clientOrderId !== null) this.#byClientId.set(clientKey(order.accountId, order.clientOrderId), order)
  }

  /** Applies the fills, then rests what is left of a GTC limit order; anything else left expires. */
  #execute(taker: Order, fills: readonly Fill<Order>[], now: number): void {
    const book = this.book(taker.market)
    applyFills(book, fills)
    for (const fill of fills) {
      taker.remaining -= fill.size
      const trade: Trade = { tradeId: this.#ids.next(), market: taker.market, price: fill.price, size: fill.size, takerSide: taker.side, takerOrderId: taker.id, makerOrderId: fill.maker.id, createdAt: now }
      append(this.#trades, taker.market, trade)
      this.#settle(fill.maker, trade, 'maker')
      this.#settle(taker, trade, 'taker')
      this.#settlement.traded?.(trade, taker, fill.maker)
    }
    if (taker.remaining === 0n) this.close(taker, 'filled', now)
    else if (taker.type === 'limit' && taker.timeInForce === 'GTC') {
      taker.status = taker.remaining < taker.size ? 'partially_filled' : 'open'
      book.add(taker)
    } else this.close(taker, 'expired', now)
  }

  #settle(order: Order, trade: Trade, role: Role): void {
    order.filledNotional += mul(trade.price, trade.size)
    order.updatedAt = trade.createdAt
    if (order.accountId === MARKET_MAKER) return
    const { fee, realizedPnl } = this.#settlement.settle(order, trade.price, trade.size, role, trade.createdAt)
    order.fee += fee
    append(this.#fills, order.accountId, {
      tradeId: trade.tradeId,
      orderId: order.id,
      clientOrderId: order.clientOrderId,
      market: order.market,
      side: order.side,
      price: trade.price,
      size: trade.size,
      fee,
      role,
      realizedPnl,
      createdAt: trade.createdAt,
    })
    if (role === 'maker') {
      if (order.remaining === 0n) this.close(order, 'filled', trade.createdAt)
      else order.status = 'partially_filled'
    }
  }
}

/** Why an order ends before it starts: a postOnly order would take, a FOK cannot fill whole, a market order finds nothing. */
function refused(order: Order, fills: readonly Fill<Order>[]): OrderStatus | undefined {
  if (order.postOnly && fills.length > 0) return 'rejected'
  if (order.timeInForce === 'FOK' && filledSize(fills) < order.size) return 'expired'
  if (order.type === 'market' && fills.length === 0) return 'expired'
  return undefined
}

function clientKey(accountId: string, clientOrderId: string): string {
  return `${accountId}\n${clientOrderId}`
}
