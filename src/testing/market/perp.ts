/**
 * Perpetuals: orders through the shared venue, one isolated-margin position per account and
 * market, leverage, margin, TP/SL triggers, funding every 8 h and liquidation at the mark price.
 * A request's work is its own: positions are kept per account, a price move finds the positions
 * whose trigger or liquidation price it reached (price-watch.ts), and funding is settled per
 * position when the position is touched (its account's requests, its fills, its triggers).
 */
import { append, newestFirst } from './collections.ts'
import { abs, type Decimal, dec, formatDecimal, max, min, mul } from './decimal.ts'
import { MAKER_FEE_RATE, PERP_MARKETS, type PerpMarket, QUOTE, TAKER_FEE_RATE } from './demo-data.ts'
import type { Fill } from './engine.ts'
import { firstRefusedFill } from './fill-rules.ts'
import { insufficientMargin, invalidParams, notFound, overLimit, priceDeviation, tpslExists } from './errors.ts'
import { type HoldBack, type Ledger } from './ledger.ts'
import { type MarginAtMark, marginAtMark, refusal, room } from './margin-at-mark.ts'
import { MarketBoard } from './market-board.ts'
import type { MarketPolicy } from './policy.ts'
import type { TradeOrderInput } from './order-input.ts'
import {
  applyTrade,
  closable,
  emptyPosition,
  initialMargin,
  isLiquidatable,
  isLong,
  liquidationPrice,
  type Position,
  thresholds,
  triggeredLeg,
  type TriggerLeg,
  unrealizedPnl,
} from './positions.ts'
import { fundingRate, fundingTimes } from './prices.ts'
import { PriceWatch } from './price-watch.ts'
import { pick } from '../prng.ts'
import type { WorkMeter } from '../work.ts'
import { type FillRefusal, type IdSequence, remainingValue, isOpen, type Order, OrderVenue, type Role, type Settlement } from './venue.ts'

const DEFAULT_LEVERAGE = 20
/** A limit price further than this from the mark price is refused (TRADE_PRICE_DEVIATION). */
const MAX_DEVIATION_PERCENT = 15n
/** Funding periods settled at most when a position is touched (one untouched for years must not loop for years). */
const MAX_FUNDING_CATCH_UP = 90

export interface PerpOrderInput extends TradeOrderInput<PerpMarket> {
  leverage: number | undefined
}

export interface CloseRequest {
  type: 'market' | 'limit'
  size: Decimal | undefined
  price: Decimal | undefined
}

export type TpslLeg = 'take_profit' | 'stop_loss'

/** A record of the perp history lists, ready for JSON. */
export type PerpRecord = Record<string, string | number | null>

export class PerpDesk implements Settlement {
  readonly board: MarketBoard<PerpMarket>
  readonly venue: OrderVenue
  /** Collects what liquidations leave over and covers what they lack. */
  insuranceFund: Decimal = dec('2500000')
  readonly #ledger: Ledger
  readonly #ids: IdSequence
  /** Per account, its positions by market. */
  readonly #positions = new Map<string, Map<string, Position>>()
  /** Per account, its leverage settings by market. */
  readonly #leverage = new Map<string, Map<string, number>>()
  /** Per market, its positions by the mark prices that would trigger or liquidate them. */
  readonly #watches = new Map<string, PriceWatch<Position>>()
  /** Per market, the size of its long positions (open interest). */
  readonly #longs = new Map<string, Decimal>()
  readonly #funding = new Map<string, PerpRecord[]>()
  readonly #pnl = new Map<string, PerpRecord[]>()
  readonly #liquidations = new Map<string, PerpRecord[]>()
  readonly #maxLeverage: number

  readonly #work: WorkMeter
  /** The time of the last sync: what the hold-back on USDC is valued at. */
  #syncedAt = 0

  constructor(ledger: Ledger, ids: IdSequence, policy: Pick<MarketPolicy, 'symbolCase' | 'maxLeverage' | 'makerLadder'>, work: WorkMeter) {
    this.#work = work
    this.board = new MarketBoard(PERP_MARKETS, policy.symbolCase, policy.makerLadder)
    this.#maxLeverage = policy.maxLeverage
    this.#ledger = ledger
    this.#ids = ids
    this.venue = new OrderVenue(ledger, this, ids, work)
  }

  markPrice(symbol: string, now: number): Decimal {
    return this.board.reference(symbol, now)
  }

  /** The highest leverage of a market: its own maximum, within the exchange's policy. */
  maxLeverage(symbol: string): number {
    return Math.min(this.board.get(symbol).maxLeverage, this.#maxLeverage)
  }

  /** The account's leverage preference for a market, else 20x clamped to the maximum. */
  leverageOf(accountId: string, symbol: string): number {
    return this.#leverage.get(accountId)?.get(symbol) ?? Math.min(DEFAULT_LEVERAGE, this.maxLeverage(symbol))
  }

  place(accountId: string, input: PerpOrderInput, now: number): Order {
    const earlier = this.venue.earlier(accountId, input.clientOrderId)
    if (earlier) return earlier
    const symbol = input.market.symbol
    if (input.price !== undefined) this.checkDeviation(symbol, input.price, now)
    let size = input.size
    if (input.reduceOnly) {
      const reducible = closable(this.position(accountId, symbol), input.side)
      if (reducible === 0n) throw invalidParams('reduceOnly', `a reduceOnly ${input.side} order needs an opposite position in ${symbol}`)
      size = min(size, reducible)
    }
    const leverage = input.leverage ?? this.leverageOf(accountId, symbol)
    const order = this.venue.place({ ...input, accountId, market: symbol, size, leverage }, now)
    this.#dropStaleReduceOnly(accountId, symbol, now)
    return order
  }

  /** Closes all or part of a position: at market, or IOC at a limit price. */
  closePosition(accountId: string, symbol: string, request: CloseRequest, now: number): { order: Order; position: Position | undefined } {
    const position = this.#existing(accountId, symbol)
    const held = abs(position.size)
    const size = request.size ?? held
    if (size > held) throw invalidParams('size', `size exceeds the position (${formatDecimal(held)})`)
    this.board.checkGrid(this.board.get(symbol), size, request.price)
    if (request.price !== undefined) this.checkDeviation(symbol, request.price, now)
    const order = this.#reduce(position, size, request.type, request.price, 'close', now)
    return { order, position: this.position(accountId, symbol) }
  }

  /**
   * Sets the leverage and re-margins an open position to its initial margin at entry at the new
   * leverage. Margin it would release must leave the position its initial margin at the mark.
   */
  setLeverage(accountId: string, symbol: string, leverage: number, now: number): void {
    const most = this.maxLeverage(symbol)
    if (leverage > most) throw overLimit('leverage', most, `leverage must be between 1 and ${most}`)
    const position = this.position(accountId, symbol)
    if (position) {
      const margin = initialMargin(position, leverage)
      const released = position.margin - margin
      if (released > 0n) {
        const standing = marginAtMark(position, this.markPrice(symbol, now), margin, leverage)
        if (standing.shortfall > 0n) throw refusal('leverage', `leverage ${leverage}x would release ${formatDecimal(released)} USDC of ${symbol}'s margin and leave it ${formatDecimal(standing.shortfall)} USDC short of its initial margin at the mark`, standing)
        this.#ledger.credit(accountId, QUOTE, released)
      } else this.#ledger.debit(accountId, QUOTE, -released, this.holdBackOf(accountId, now, symbol))
      position.leverage = leverage
      position.margin = margin
      this.#watch(position)
    }
    let settings = this.#leverage.get(accountId)
    if (!settings) this.#leverage.set(accountId, (settings = new Map()))
    settings.set(symbol, leverage)
  }

  adjustMargin(accountId: string, symbol: string, amount: Decimal, type: 'add' | 'remove', now: number): Position {
    const position = this.#existing(accountId, symbol)
    if (type === 'add') {
      this.#ledger.debit(accountId, QUOTE, amount, this.holdBackOf(accountId, now, position.market))
      position.margin += amount
    } else {
      // Two rules: the margin keeps its initial margin at entry, and margin plus PnL at the mark its initial margin there.
      const atEntry = initialMargin(position)
      const byEntry = room(position.margin, atEntry)
      const current = marginAtMark(position, this.markPrice(position.market, now))
      const byMark = room(current.equity, current.required)
      if (amount > byEntry && byEntry <= byMark) {
        throw insufficientMargin('amount', `at most ${formatDecimal(byEntry)} USDC can be removed: ${position.market}'s margin must stay at least its initial margin at the entry price (${formatDecimal(atEntry)} at ${position.leverage}x)`, { rule: 'initial_margin_at_entry', market: position.market, required: formatDecimal(atEntry), most: formatDecimal(byEntry) })
      }
      if (amount > byMark) {
        const standing = marginAtMark(position, current.markPrice, position.margin - amount)
        throw refusal('amount', `removing ${formatDecimal(amount)} USDC would leave ${position.market} ${formatDecimal(standing.shortfall)} USDC short of its initial margin at the mark; at most ${formatDecimal(byMark)} can be removed`, standing, { most: formatDecimal(byMark) })
      }
      position.margin -= amount
      this.#ledger.credit(accountId, QUOTE, amount)
    }
    position.updatedAt = now
    this.#watch(position)
    return position
  }

  /**
   * Refuses a USDC withdrawal that would leave less available than the account's positions lack of
   * their initial margin at the mark. One over the available balance is left to the ledger's refusal.
   */
  checkWithdrawal(accountId: string, token: string, amount: Decimal, now: number): void {
    if (token !== QUOTE) return
    const { available } = this.#ledger.peek(accountId, QUOTE)
    if (amount > available) return
    this.holdBackOf(accountId, now)?.check(amount, available, { field: 'amount', doing: 'withdrawing', may: 'can be withdrawn' })
  }

  /**
   * The hold-back on the account's free USDC: what its positions (but the one in `except`, which
   * the money goes to) lack of their initial margin at the mark. Every use of free USDC but an
   * order that only reduces a position leaves at least this much (ledger.ts); null when nothing lacks.
   */
  holdBackOf(accountId: string, now: number = this.#syncedAt, except?: string): HoldBack | null {
    const lacking = this.#lacking(accountId, now).filter((standing) => standing.market !== except)
    if (lacking.length === 0) return null
    const total = lacking.reduce((sum, standing) => sum + standing.shortfall, 0n)
    const markets = lacking.map((standing) => `${standing.market} ${formatDecimal(standing.shortfall)}`).join(', ')
    const check = (amount: Decimal, free: Decimal, words: { field?: string; doing: string; may: string } = { doing: 'using', may: 'is free to use' }) => {
      if (free - amount >= total) return
      const most = room(free, total)
      throw refusal(words.field, `${words.doing} ${formatDecimal(amount)} USDC would leave less than the ${formatDecimal(total)} USDC this account's positions lack of their initial margin at the mark (${markets}); at most ${formatDecimal(most)} ${words.may} until margin is added or a position reduced`, lacking[0]!, { token: QUOTE, held: formatDecimal(total), most: formatDecimal(most) })
    }
    return { amount: total, check }
  }

  /** The account's positions that lack initial margin at the mark, with their standing. */
  #lacking(accountId: string, now: number): MarginAtMark[] {
    return this.positionsOf(accountId)
      .map((position) => marginAtMark(position, this.markPrice(position.market, now)))
      .filter((standing) => standing.shortfall > 0n)
  }

  /**
   * Sets take-profit and/or stop-loss triggers. `create` refuses a leg that is already set
   * (POS_TPSL_EXISTS); `replace` (PUT, or `replace: true`) overwrites it.
   */
  setTpsl(accountId: string, symbol: string, legs: { takeProfit?: TriggerLeg | undefined; stopLoss?: TriggerLeg | undefined }, mode: 'create' | 'replace', now: number): Position {
    const position = this.#existing(accountId, symbol)
    const { takeProfit, stopLoss } = legs
    if (!takeProfit && !stopLoss) throw invalidParams('take_profit_price', 'take_profit_price or stop_loss_price is required (snake_case keys)')
    const mark = this.markPrice(symbol, now)
    const long = isLong(position)
    if (takeProfit && (long ? takeProfit.price <= mark : takeProfit.price >= mark)) {
      throw invalidParams('take_profit_price', `the take profit of a ${long ? 'long' : 'short'} must be ${long ? 'above' : 'below'} the mark price ${formatDecimal(mark)}`)
    }
    if (stopLoss && (long ? stopLoss.price >= mark : stopLoss.price <= mark)) {
      throw invalidParams('stop_loss_price', `the stop loss of a ${long ? 'long' : 'short'} must be ${long ? 'below' : 'above'} the mark price ${formatDecimal(mark)}`)
    }
    if (mode === 'create' && takeProfit && position.takeProfit) throw tpslExists(symbol, 'take profit')
    if (mode === 'create' && stopLoss && position.stopLoss) throw tpslExists(symbol, 'stop loss')
    if (takeProfit) position.takeProfit = takeProfit
    if (stopLoss) position.stopLoss = stopLoss
    position.updatedAt = now
    this.#watch(position)
    return position
  }

  cancelTpsl(accountId: string, symbol: string, which: TpslLeg | 'all', now: number): Position {
    const position = this.#existing(accountId, symbol)
    if (which !== 'stop_loss') position.takeProfit = undefined
    if (which !== 'take_profit') position.stopLoss = undefined
    position.updatedAt = now
    this.#watch(position)
    return position
  }

  /** Open interest: the size of all long positions (synthetic before this exchange's own). */
  openInterest(symbol: string): Decimal {
    const market = this.board.get(symbol)
    return market.quoteSize * BigInt(pick(100, 400, 'open-interest', symbol)) + (this.#longs.get(market.symbol) ?? 0n)
  }

  position(accountId: string, symbol: string): Position | undefined {
    return this.#positions.get(accountId)?.get(symbol)
  }

  positionsOf(accountId: string): Position[] {
    const own = [...(this.#positions.get(accountId)?.values() ?? [])]
    this.#work.visit(own.length)
    return own
  }

  /** Settles the funding the account's positions owe or earn up to `now` (before its requests and reads). */
  settleFunding(accountId: string, now: number): void {
    for (const position of this.positionsOf(accountId)) this.#settleFunding(position, now)
  }

  /** Forgets an expired account's leverage settings (an idle account holds nothing else here). */
  forget(accountId: string): void {
    this.#leverage.delete(accountId)
  }

  /** Funding payments, realized PnL and liquidations of an account, newest first. */
  fundingOf(accountId: string): PerpRecord[] {
    return newestFirst(this.#funding, accountId)
  }

  pnlOf(accountId: string): PerpRecord[] {
    return newestFirst(this.#pnl, accountId)
  }

  liquidationsOf(accountId: string): PerpRecord[] {
    return newestFirst(this.#liquidations, accountId)
  }

  /**
   * Brings the market up to `now`: quotes, the caller's funding, and the TP/SL triggers and
   * liquidations the mark prices reached (only those positions are looked at).
   */
  sync(now: number, accountId?: string): void {
    this.#syncedAt = now
    this.board.requote(this.venue, now)
    if (accountId !== undefined) this.settleFunding(accountId, now)
    for (const [symbol, watch] of this.#watches) {
      const mark = this.markPrice(symbol, now)
      for (const position of watch.reached(mark)) {
        this.#work.visit()
        // An earlier trigger in this loop may have traded against (and closed) this position.
        if (this.position(position.accountId, symbol) !== position) continue
        this.#settleFunding(position, now)
        const leg = triggeredLeg(position, mark)
        if (leg) this.#reduce(position, abs(position.size), 'market', undefined, leg, now)
        else if (isLiquidatable(position, mark)) this.#liquidate(position, mark, now)
        // Still open (a trigger that did not fill): watched again, looked at by the next sync if still reached.
        if (this.position(position.accountId, symbol) === position) this.#watch(position)
      }
    }
  }

  /** Settlement: margin for the part that opens exposure plus the taker fee, in USDC. */
  reserve(order: Order, fills: readonly Fill<Order>[]): { token: string; amount: Decimal } {
    if (order.reduceOnly) return { token: QUOTE, amount: 0n }
    const notional = remainingValue(order, fills)
    const opening = order.remaining - min(order.remaining, closable(this.position(order.accountId, order.market), order.side))
    const margin = (notional * opening) / order.remaining / BigInt(order.leverage)
    return { token: QUOTE, amount: margin + mul(notional, TAKER_FEE_RATE) }
  }

  /** Settlement: an order that only reduces its position is not held back; one that adds exposure is. */
  heldBack(order: Order): HoldBack | null | undefined {
    return order.reduceOnly || closable(this.position(order.accountId, order.market), order.side) >= order.remaining ? null : undefined
  }

  /** Settlement: the first resting order the planned fills may not fill (see fill-rules.ts). */
  vet(fills: readonly Fill<Order>[], cancelled: readonly Order[]): FillRefusal | undefined {
    return firstRefusedFill(fills, cancelled, { position: (accountId, symbol) => this.position(accountId, symbol), free: (accountId) => this.#ledger.peek(accountId, QUOTE).available })
  }

  /** Settlement: closes against the position first (margin back plus PnL), then opens with new margin; pays the fee. */
  settle(order: Order, price: Decimal, size: Decimal, role: Role, now: number): { fee: Decimal; realizedPnl?: Decimal } {
    const reserve = order.reserve!
    const position = this.#open(order.accountId, order.market, order.leverage, now)
    this.#settleFunding(position, now)
    const longBefore = max(0n, position.size)
    const effect = applyTrade(position, order.side, price, size)
    this.#addLongs(position.market, max(0n, position.size) - longBefore)
    // A close past bankruptcy: the owner's free USDC pays what the margin lacks, the fund the rest.
    this.insuranceFund -= this.#ledger.adjust(order.accountId, QUOTE, effect.marginReleased + effect.realizedPnl)
    if (effect.opened > 0n) {
      position.leverage = order.leverage
      position.margin += this.#ledger.spend(reserve, mul(price, effect.opened) / BigInt(order.leverage))
    }
    const fee = this.#ledger.spend(reserve, mul(mul(price, size), role === 'maker' ? MAKER_FEE_RATE : TAKER_FEE_RATE))
    position.updatedAt = now
    if (effect.closed > 0n) {
      append(this.#pnl, order.accountId, { pnlId: this.#ids.next(), market: order.market, type: 'trade', realizedPnl: formatDecimal(effect.realizedPnl), fee: formatDecimal(fee), closedSize: formatDecimal(effect.closed), price: formatDecimal(price), createdAt: now })
    }
    if (position.size === 0n) this.#delete(position)
    else this.#watch(position)
    return effect.closed > 0n ? { fee, realizedPnl: effect.realizedPnl } : { fee }
  }

  #reduce(position: Position, size: Decimal, type: 'market' | 'limit', price: Decimal | undefined, source: string, now: number): Order {
    const order = this.venue.place(
      { accountId: position.accountId, market: position.market, side: isLong(position) ? 'sell' : 'buy', type, price, size, timeInForce: 'IOC', postOnly: false, reduceOnly: true, leverage: position.leverage, clientOrderId: undefined, source },
      now,
    )
    this.#dropStaleReduceOnly(position.accountId, position.market, now)
    return order
  }

  /**
   * Closes the position at the mark. What margin plus PnL leaves goes to the insurance fund; a loss
   * past the margin (a price gap) is paid from the owner's free USDC first, the fund covering the rest.
   */
  #liquidate(position: Position, mark: Decimal, now: number): void {
    const left = position.margin + unrealizedPnl(position, mark)
    const paid = left < 0n ? min(-left, this.#ledger.peek(position.accountId, QUOTE).available) : 0n
    if (paid > 0n) this.#ledger.adjust(position.accountId, QUOTE, -paid)
    this.insuranceFund += left + paid
    this.#addLongs(position.market, -max(0n, position.size))
    this.#delete(position)
    append(this.#liquidations, position.accountId, {
      liquidationId: this.#ids.next(),
      market: position.market,
      side: isLong(position) ? 'long' : 'short',
      size: formatDecimal(abs(position.size)),
      entryPrice: formatDecimal(position.entryPrice),
      liquidationPrice: formatDecimal(liquidationPrice(position)),
      markPrice: formatDecimal(mark),
      lostMargin: formatDecimal(position.margin),
      createdAt: now,
    })
    append(this.#pnl, position.accountId, { pnlId: this.#ids.next(), market: position.market, type: 'liquidation', realizedPnl: formatDecimal(-position.margin - paid), fee: '0', closedSize: formatDecimal(abs(position.size)), price: formatDecimal(mark), createdAt: now })
    this.#dropStaleReduceOnly(position.accountId, position.market, now)
  }

  /** Longs pay shorts when the rate is positive: size × mark × rate at each 8-hour mark passed. */
  #settleFunding(position: Position, now: number): void {
    const market = this.board.get(position.market)
    for (const fundingTime of fundingTimes(position.lastFundingAt, now, MAX_FUNDING_CATCH_UP)) {
      const rate = fundingRate(market.baseAsset, fundingTime)
      const mark = this.markPrice(position.market, fundingTime)
      const payment = -mul(mul(position.size, mark), rate)
      this.#ledger.adjust(position.accountId, QUOTE, payment)
      append(this.#funding, position.accountId, {
        fundingId: this.#ids.next(),
        market: position.market,
        fundingRate: formatDecimal(rate),
        payment: formatDecimal(payment),
        positionSize: formatDecimal(position.size),
        markPrice: formatDecimal(mark),
        fundingTime,
      })
    }
    position.lastFundingAt = Math.max(position.lastFundingAt, now)
  }

  /** Cancels resting reduceOnly orders that no longer face a position they could reduce. */
  #dropStaleReduceOnly(accountId: string, symbol: string, now: number): void {
    const position = this.position(accountId, symbol)
    const own = this.venue.ordersOf(accountId)
    this.#work.visit(own.length)
    for (const order of own) {
      if (order.market === symbol && order.reduceOnly && isOpen(order) && closable(position, order.side) === 0n) this.venue.close(order, 'cancelled', now, 'reduce_only_would_increase')
    }
  }

  /** TRADE_PRICE_DEVIATION when a limit price is more than 15% from the mark price. */
  checkDeviation(symbol: string, price: Decimal, now: number): void {
    const mark = this.markPrice(symbol, now)
    if (abs(price - mark) * 100n > mark * MAX_DEVIATION_PERCENT) throw priceDeviation(formatDecimal(price), formatDecimal(mark))
  }

  #existing(accountId: string, symbol: string): Position {
    this.board.get(symbol)
    const position = this.position(accountId, symbol)
    if (!position) throw notFound(`no open position in ${symbol}`)
    return position
  }

  #open(accountId: string, symbol: string, leverage: number, now: number): Position {
    const existing = this.position(accountId, symbol)
    if (existing) return existing
    const position: Position = { ...emptyPosition(accountId, symbol, leverage), lastFundingAt: now, openedAt: now, updatedAt: now }
    let own = this.#positions.get(accountId)
    if (!own) this.#positions.set(accountId, (own = new Map()))
    own.set(symbol, position)
    return position
  }

  #delete(position: Position): void {
    const own = this.#positions.get(position.accountId)
    own?.delete(position.market)
    if (own?.size === 0) this.#positions.delete(position.accountId)
    this.#watches.get(position.market)?.remove(position)
  }

  /** (Re-)files the position under its liquidation and trigger prices after a change. */
  #watch(position: Position): void {
    let watch = this.#watches.get(position.market)
    if (!watch) this.#watches.set(position.market, (watch = new PriceWatch()))
    watch.set(position, thresholds(position))
  }

  #addLongs(symbol: string, change: Decimal): void {
    if (change !== 0n) this.#longs.set(symbol, (this.#longs.get(symbol) ?? 0n) + change)
  }
}
