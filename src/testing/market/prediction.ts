/**
 * Prediction markets: binary and multi-outcome markets with one order book per outcome (prices
 * in USDC per share, 0.001 grid), complete sets (mint: 1 USDC → one share of every outcome;
 * redeem: the reverse), and claims of 1 USDC per winning share once the oracle's result is final.
 * Shares are account tokens named `shares:<marketId>:<outcomeIndex>`.
 */
import { append } from './collections.ts'
import type { Ledger, Reserve } from './ledger.ts'
import { ClosingPrices } from './closing-price.ts'
import { DueQueue } from './due-queue.ts'
import type { MarketPolicy } from './policy.ts'
import type { WorkMeter } from '../work.ts'
import { type Decimal, dec, div, formatDecimal, fromE6, fromInteger, mul, ONE, toE6 } from './decimal.ts'
import { PREDICTION_MARKETS, type PredictionSeed, QUOTE } from './demo-data.ts'
import { insufficientBalance, invalidParams, marketNotResolved, notFound, orderNotFound, overLimit } from './errors.ts'
import { Holdings, shareToken } from './holdings.ts'
import { bookKey, bookOf, type MarketStatus, type MarketType, marketStatus, newMarket, type NewMarketInput, type Outcome, type PredictionMarket } from './prediction-market.ts'
import { MarketMaker } from './market-maker.ts'
import { type Oracle } from './oracle.ts'
import { type CandleSource, HOUR } from './prices.ts'
import { pick } from '../prng.ts'
import { type IdSequence, isOpen, type Order, OrderVenue, type Settlement, type TimeInForce, type Trade } from './venue.ts'

/** orderType on the wire: 0 GTC, 1 GTD (kept until cancelled here), 2 IOC, 3 FOK. */
const TIME_IN_FORCE: readonly TimeInForce[] = ['GTC', 'GTC', 'IOC', 'FOK']
const MIN_BUY_NOTIONAL = ONE
const TICK = dec('0.001')
/** Ended markets closed per request at most; one a request names is closed when it is asked for. */
const CLOSES_PER_SYNC = 16
/** Entries the public activity and match feeds keep (newest). */
const FEED_LENGTH = 1000
/** Resolved markets the discovery lists still show (the newest); the others are found by id only. */
const RESOLVED_LISTED = 100
/** Past 1/CROWDED_SHARE of `maxMarkets` open markets, an account may hold one open market of its own. */
const CROWDED_SHARE = 5

export interface PredictionOrderInput {
  marketId: string
  side: 0 | 1
  outcomeIndex: number
  priceE6: number
  amount: number
  orderType: number
  clientOrderId: string | undefined
}

/** A public event of the activity feed (no account ids). */
export interface ActivityEvent {
  type: 'market_created' | 'mint' | 'redeem' | 'claim' | 'proposal' | 'challenge' | 'finalized'
  marketId: string
  outcomeIndex: number | null
  amount: number | null
  timestamp: number
}

export class PredictionDesk implements Settlement {
  readonly venue: OrderVenue
  readonly oracle: Oracle
  readonly #ledger: Ledger
  readonly #random: () => number
  /** The open markets: not yet resolved (active, or ended and awaiting their result). */
  readonly #markets = new Map<string, PredictionMarket>()
  /** Resolved markets, archived: out of the open markets and their lists, found by id (claims, positions, look-ups). */
  readonly #resolved = new Map<string, PredictionMarket>()
  /** The newest RESOLVED_LISTED resolved markets, oldest first: what discovery shows of history. */
  readonly #recentlyResolved: PredictionMarket[] = []
  readonly #maker = new MarketMaker()
  readonly holdings: Holdings
  readonly #orderTypes = new Map<string, number>()
  readonly #signatures = new Map<string, string>()
  readonly #events: ActivityEvent[] = []
  readonly #recentTrades: Trade[] = []
  readonly #ordersByMarket = new Map<string, Order[]>()
  readonly #tradedNotional = new Map<string, Decimal>()
  readonly #closingPrices: ClosingPrices
  readonly #due = new DueQueue()
  /** Per creator, the bonds of its markets not yet resolved. */
  readonly #creations = new Map<string, Map<string, Reserve>>()
  readonly #policy: Pick<MarketPolicy, 'maxMarkets' | 'maxOpenMarketsPerAccount' | 'marketBond' | 'marketBondDoubling'>
  readonly #work: WorkMeter
  /** The time of the last sync: a market asked for after its end is closed then. */
  #syncedAt: number
  #nextMarketId = 2001

  constructor(ledger: Ledger, ids: IdSequence, oracle: Oracle, random: () => number, now: number, policy: Pick<MarketPolicy, 'maxMarkets' | 'maxOpenMarketsPerAccount' | 'marketBond' | 'marketBondDoubling'>, work: WorkMeter) {
    this.#ledger = ledger
    this.#random = random
    this.oracle = oracle
    this.#policy = policy
    this.#work = work
    this.#syncedAt = now
    this.#closingPrices = new ClosingPrices(work)
    this.venue = new OrderVenue(ledger, this, ids, work)
    this.holdings = new Holdings(ledger)
    for (const seed of PREDICTION_MARKETS) this.#seed(seed, now)
  }

  /**
   * The markets the discovery lists show: every open one and the newest RESOLVED_LISTED resolved
   * ones (nothing else walks them all). Older resolved markets are archived and found by id only.
   */
  list(): PredictionMarket[] {
    this.#work.visit(this.#markets.size + this.#recentlyResolved.length)
    return [...this.#markets.values(), ...this.#recentlyResolved]
  }

  /**
   * The bond a new market locks now: `marketBond` doubled for every `marketBondDoubling` open
   * markets, so filling the exchange costs more than the per-account cap times a flat bond.
   */
  creationBond(): Decimal {
    if (this.#policy.marketBond === 0) return 0n
    return fromInteger(BigInt(this.#policy.marketBond) << BigInt(Math.floor(this.#markets.size / this.#policy.marketBondDoubling)))
  }

  /** The market (closed first if it has ended since); NOT_FOUND for an unknown id. */
  market(marketId: string): PredictionMarket {
    const market = this.find(marketId)
    if (!market) throw notFound(`unknown prediction market ${marketId}`)
    return market
  }

  find(marketId: string): PredictionMarket | undefined {
    const market = this.#markets.get(marketId)
    if (!market) return this.#resolved.get(marketId)
    if (!market.closed && market.endTime <= this.#syncedAt) this.#end(market)
    return market
  }

  status(market: PredictionMarket, now: number): MarketStatus {
    return marketStatus(market, now)
  }

  outcome(market: PredictionMarket, outcomeIndex: number, field = 'outcomeIndex'): Outcome {
    const outcome = market.outcomes[outcomeIndex]
    if (!outcome) throw invalidParams(field, `${field} must be between 0 and ${market.outcomes.length - 1}`)
    return outcome
  }

  /** The last traded price of an outcome, else its reference price. */
  priceE6(market: PredictionMarket, outcomeIndex: number): number {
    const last = this.venue.trades(bookKey(market.marketId, outcomeIndex))[0]
    return last ? toE6(last.price) : market.outcomes[outcomeIndex]!.referenceE6
  }

  /** The newest matches of every market (at most FEED_LENGTH), oldest first. */
  recentTrades(): readonly Trade[] {
    return this.#recentTrades
  }

  /** Every order placed on a market's books, oldest first. */
  ordersOn(marketId: string): readonly Order[] {
    return this.#ordersByMarket.get(marketId) ?? []
  }

  /** Every match of a market across its outcome books, newest first. */
  trades(market: PredictionMarket): Trade[] {
    return market.outcomes.flatMap((_, outcomeIndex) => this.venue.trades(bookKey(market.marketId, outcomeIndex))).sort((a, b) => b.createdAt - a.createdAt)
  }

  volumeE6(market: PredictionMarket): number {
    return market.baseVolumeE6 + toE6(this.#tradedNotional.get(market.marketId) ?? 0n)
  }

  /** A fifth of the demo history's volume stays open, plus the complete sets minted here. */
  openInterestE6(market: PredictionMarket): number {
    return Math.floor(market.baseVolumeE6 / 5) + toE6(market.setsOutstanding)
  }

  /** A price series for klines and price history: noisy hourly history ending at today's price. */
  candleSource(market: PredictionMarket, outcomeIndex: number, now: number): CandleSource {
    const currentHour = Math.floor(now / HOUR) * HOUR
    const current = fromE6(this.priceE6(market, outcomeIndex))
    const reference = market.outcomes[outcomeIndex]!.referenceE6
    return {
      key: bookKey(market.marketId, outcomeIndex),
      priceAt: (t) => (t >= currentHour ? current : fromE6(clampE6(reference + 1000 * pick(-20, 20, 'prediction', market.marketId, outcomeIndex, Math.floor(t / HOUR))))),
      tick: TICK,
      volumePerMinute: fromInteger(50),
    }
  }

  events(): readonly ActivityEvent[] {
    return this.#events
  }

  createMarket(accountId: string, input: NewMarketInput, now: number): PredictionMarket {
    if (input.endTime <= now) throw invalidParams('endTime', 'endTime must be in the future')
    const binary = input.marketType === 'binary'
    const labels = input.outcomes.length > 0 ? input.outcomes : binary ? ['Yes', 'No'] : []
    if (binary && labels.length !== 2) throw invalidParams('outcomes', 'a binary market has exactly two outcomes')
    if (!binary && labels.length < 3) throw invalidParams('outcomes', 'a multi_outcome market needs at least 3 outcomes')
    const open = this.#creations.get(accountId) ?? new Map<string, Reserve>()
    const crowded = this.#markets.size >= Math.floor(this.#policy.maxMarkets / CROWDED_SHARE)
    const most = crowded ? 1 : this.#policy.maxOpenMarketsPerAccount
    if (open.size >= most) throw overLimit('markets', most, `this account has ${open.size} markets not yet resolved, the most it may have${crowded ? ' while the exchange holds over a fifth of its open markets' : ''}`)
    if (this.#markets.size >= this.#policy.maxMarkets) throw overLimit('markets', this.#policy.maxMarkets, 'the exchange holds the most open prediction markets it may')
    const bond = this.#ledger.lock(accountId, QUOTE, this.creationBond())
    const referenceE6 = Math.floor(1_000_000 / labels.length / 1000) * 1000
    const marketId = String(this.#nextMarketId++)
    open.set(marketId, bond)
    this.#creations.set(accountId, open)
    return this.#add({ marketId, ...input, outcomes: labels.map((label) => ({ label, priceE6: referenceE6 })), createdOffset: 0, endOffset: input.endTime - now }, now, accountId)
  }

  place(accountId: string, route: MarketType, input: PredictionOrderInput, now: number): Order {
    const market = this.#routed(input.marketId, route)
    const earlier = this.venue.earlier(accountId, input.clientOrderId)
    if (earlier) return earlier
    this.#tradable(market, now)
    this.outcome(market, input.outcomeIndex)
    const price = fromE6(input.priceE6)
    const size = fromInteger(input.amount)
    if (input.side === 0 && mul(price, size) < MIN_BUY_NOTIONAL) throw invalidParams('amount', 'a buy must be worth at least 1 USDC (amount × price)')
    const order = this.venue.place(
      { accountId, market: bookKey(market.marketId, input.outcomeIndex), side: input.side === 0 ? 'buy' : 'sell', type: 'limit', price, size, timeInForce: TIME_IN_FORCE[input.orderType]!, postOnly: false, reduceOnly: false, leverage: 1, clientOrderId: input.clientOrderId },
      now,
    )
    this.#orderTypes.set(order.id, input.orderType)
    append(this.#ordersByMarket, market.marketId, order)
    this.#quote(market, input.outcomeIndex, now)
    return order
  }

  orderType(order: Order): number {
    return this.#orderTypes.get(order.id) ?? 0
  }

  /** A stable internal operation id for an order (the real service's `txSignature`). */
  txSignature(operationId: string): string {
    let signature = this.#signatures.get(operationId)
    if (!signature) {
      signature = this.newTxSignature()
      this.#signatures.set(operationId, signature)
    }
    return signature
  }

  newTxSignature(): string {
    return Array.from({ length: 64 }, () => Math.floor(this.#random() * 16).toString(16)).join('')
  }

  /** This account's order in this market; ORDER_NOT_FOUND otherwise. */
  order(accountId: string, marketId: string, orderId: string): Order {
    const order = this.venue.order(accountId, orderId)
    if (bookOf(order).marketId !== marketId) throw orderNotFound(orderId)
    return order
  }

  cancelAll(accountId: string, marketId: string | undefined, now: number): string[] {
    const ids = this.venue
      .ordersOf(accountId)
      .filter((order) => isOpen(order) && (marketId === undefined || bookOf(order).marketId === marketId))
      .map((order) => order.id)
    return this.venue.cancelMany(accountId, ids, now)
  }

  /** Takes `amount` USDC, credits `amount` shares of every outcome. */
  mint(accountId: string, route: MarketType, marketId: string, amount: number, now: number): PredictionMarket {
    const market = this.#routed(marketId, route)
    this.#tradable(market, now)
    const sets = fromInteger(amount)
    this.#ledger.debit(accountId, QUOTE, sets)
    const costPerShare = div(ONE, fromInteger(market.outcomes.length))
    market.outcomes.forEach((_, index) => {
      this.#ledger.credit(accountId, shareToken(marketId, index), sets)
      this.holdings.acquired(accountId, marketId, index, mul(costPerShare, sets))
    })
    market.setsOutstanding += sets
    this.#event('mint', marketId, null, amount, now)
    return market
  }

  /** Burns `amount` shares of every outcome, pays `amount` USDC. */
  redeem(accountId: string, route: MarketType, marketId: string, amount: number, now: number): PredictionMarket {
    const market = this.#routed(marketId, route)
    const sets = fromInteger(amount)
    for (let index = 0; index < market.outcomes.length; index++) {
      const token = shareToken(marketId, index)
      const { available } = this.#ledger.peek(accountId, token)
      if (available < sets) throw insufficientBalance(token, formatDecimal(sets), formatDecimal(available))
    }
    const proceedsPerShare = div(ONE, fromInteger(market.outcomes.length))
    market.outcomes.forEach((_, index) => {
      this.holdings.released(accountId, marketId, index, sets, mul(proceedsPerShare, sets))
      this.#ledger.debit(accountId, shareToken(marketId, index), sets)
    })
    this.#ledger.credit(accountId, QUOTE, sets)
    market.setsOutstanding -= sets
    this.#event('redeem', marketId, null, amount, now)
    return market
  }

  /** Pays 1 USDC per winning share held (all of them); MARKET_NOT_RESOLVED before the result is final. */
  claim(accountId: string, route: MarketType, marketId: string, outcomeIndex: number | undefined, now: number): { outcomeIndex: number; shares: Decimal } {
    const market = this.#routed(marketId, route)
    if (market.finalOutcomeIndex === null) throw marketNotResolved(marketId)
    if (outcomeIndex !== undefined) {
      this.outcome(market, outcomeIndex)
      if (outcomeIndex !== market.finalOutcomeIndex) throw invalidParams('outcomeIndex', `outcome ${outcomeIndex} did not win; outcome ${market.finalOutcomeIndex} did`)
    }
    const winner = market.finalOutcomeIndex
    const token = shareToken(marketId, winner)
    const shares = this.#ledger.peek(accountId, token).available
    this.holdings.released(accountId, marketId, winner, shares, shares)
    this.#ledger.debit(accountId, token, shares)
    this.#ledger.credit(accountId, QUOTE, shares)
    this.#event('claim', marketId, winner, Number(shares / ONE), now)
    return { outcomeIndex: winner, shares }
  }

  challenge(accountId: string, marketId: string, outcomeIndex: number, evidenceHash: string | undefined, now: number): void {
    this.outcome(this.market(marketId), outcomeIndex)
    this.oracle.challenge(marketId, { challenger: accountId, outcomeIndex, evidenceHash: evidenceHash ?? null, challengedAt: now })
    this.#event('challenge', marketId, outcomeIndex, null, now)
  }

  finalize(marketId: string, now: number): PredictionMarket {
    const market = this.market(marketId)
    const proposal = this.oracle.finalize(marketId, now)
    this.#close(market, now)
    market.finalOutcomeIndex = proposal.proposedOutcomeIndex
    market.resolvedAt = now
    this.#releaseCreationBond(market)
    this.#archive(market)
    this.#event('finalized', marketId, proposal.proposedOutcomeIndex, null, now)
    return market
  }

  /** What a share of an outcome is worth now: 1 or 0 once resolved, else its price. */
  shareValue(market: PredictionMarket, outcomeIndex: number): Decimal {
    if (market.finalOutcomeIndex !== null) return market.finalOutcomeIndex === outcomeIndex ? ONE : 0n
    return fromE6(this.priceE6(market, outcomeIndex))
  }

  /** Every outcome this account holds shares of or has traded, with its value now. */
  positionsOf(accountId: string): { market: PredictionMarket; outcomeIndex: number; shares: Decimal; locked: Decimal; cost: Decimal; realized: Decimal; value: Decimal }[] {
    // The account's share tokens (every outcome it ever held is one): its own, not every market's.
    const held: { market: PredictionMarket; outcomeIndex: number }[] = []
    for (const token of this.#ledger.tokens(accountId).keys()) {
      this.#work.visit()
      const [kind, marketId, outcomeIndex] = token.split(':')
      if (kind === 'shares') held.push({ market: this.market(marketId!), outcomeIndex: Number(outcomeIndex) })
    }
    held.sort((a, b) => Number(a.market.marketId) - Number(b.market.marketId) || a.outcomeIndex - b.outcomeIndex)
    return held
      .map(({ market, outcomeIndex }) => ({ market, outcomeIndex, ...this.holdings.of(accountId, market.marketId, outcomeIndex) }))
      .filter((row) => row.shares > 0n || row.realized !== 0n || row.cost !== 0n)
      .map((row) => ({ ...row, value: mul(row.shares, this.shareValue(row.market, row.outcomeIndex)) }))
  }

  /**
   * Closes markets that have ended, found by time (a queue), at most CLOSES_PER_SYNC per request;
   * the oracle proposes each one's result by the closing-price rule.
   */
  sync(now: number): void {
    this.#syncedAt = now
    for (let closed = 0; closed < CLOSES_PER_SYNC; closed++) {
      const marketId = this.#due.popDue(now)
      if (marketId === undefined) return
      this.#work.visit()
      const market = this.#markets.get(marketId)
      if (market && !market.closed) this.#end(market)
    }
  }

  /** Settlement hook: feeds, volume and the closing-price rule hear of each match. */
  traded(trade: Trade, taker: Order, maker: Order): void {
    const { marketId } = bookOf(trade)
    this.#recentTrades.push(trade)
    if (this.#recentTrades.length > FEED_LENGTH) this.#recentTrades.shift()
    this.#tradedNotional.set(marketId, (this.#tradedNotional.get(marketId) ?? 0n) + mul(trade.price, trade.size))
    this.#closingPrices.record(trade.market, trade.createdAt, toE6(trade.price), taker.accountId === maker.accountId)
  }

  /** Settlement: a buy locks price × amount USDC, a sell locks the shares. */
  reserve(order: Order): { token: string; amount: Decimal } {
    const { marketId, outcomeIndex } = bookOf(order)
    return order.side === 'buy' ? { token: QUOTE, amount: mul(order.price, order.remaining) } : { token: shareToken(marketId, outcomeIndex), amount: order.remaining }
  }

  settle(order: Order, price: Decimal, size: Decimal): { fee: Decimal; realizedPnl?: Decimal } {
    const { marketId, outcomeIndex } = bookOf(order)
    const token = shareToken(marketId, outcomeIndex)
    const value = mul(price, size)
    if (order.side === 'buy') {
      this.#ledger.spend(order.reserve!, value)
      this.#ledger.credit(order.accountId, token, size)
      this.holdings.acquired(order.accountId, marketId, outcomeIndex, value)
      return { fee: 0n }
    }
    const realizedPnl = this.holdings.released(order.accountId, marketId, outcomeIndex, size, value)
    this.#ledger.spend(order.reserve!, size)
    this.#ledger.credit(order.accountId, QUOTE, value)
    return { fee: 0n, realizedPnl }
  }

  /** The market, checked against the route: binary routes take binary markets, multi-outcome routes the others. */
  #routed(marketId: string, route: MarketType): PredictionMarket {
    const market = this.market(marketId)
    if (market.marketType !== route) {
      const path = market.marketType === 'binary' ? '/prediction/…' : '/prediction/multi-outcome/…'
      throw invalidParams('marketId', `market ${marketId} is ${market.marketType}: use the ${path} routes`)
    }
    return market
  }

  #tradable(market: PredictionMarket, now: number): void {
    const status = this.status(market, now)
    if (status !== 'active') throw invalidParams('marketId', `market ${market.marketId} is ${status}; it no longer trades`)
  }

  /** Re-quotes one outcome's book (after an order there: a quote may have been hit). */
  #quote(market: PredictionMarket, outcomeIndex: number, now: number): void {
    const reference = fromE6(market.outcomes[outcomeIndex]!.referenceE6)
    this.#maker.refresh(this.venue, bookKey(market.marketId, outcomeIndex), { reference, step: dec('0.01'), levels: 5, size: fromInteger(500), tick: TICK, lowest: TICK, highest: ONE - TICK }, now)
  }

  /** An ended market: closed at its end time, and its result proposed by the closing-price rule. */
  #end(market: PredictionMarket): void {
    this.#close(market, market.endTime)
    if (!this.oracle.proposal(market.marketId)) this.#propose(market, this.#leader(market), market.endTime)
  }

  /** Stops trading: withdraws the quotes and cancels the open orders of the market's own books. */
  #close(market: PredictionMarket, now: number): void {
    if (market.closed) return
    market.closed = true
    market.outcomes.forEach((_, index) => {
      const book = bookKey(market.marketId, index)
      this.#maker.stop(this.venue, book)
      const resting = this.venue.book(book)
      for (const order of [...resting.bids, ...resting.asks]) {
        this.#work.visit()
        this.venue.close(order, 'cancelled', now)
      }
    })
  }

  /** The closing-price rule's outcome (ties to the lowest index). */
  #leader(market: PredictionMarket): number {
    const averages = market.outcomes.map((outcome, index) => this.#closingPrices.averageE6(bookKey(market.marketId, index), outcome.referenceE6, market.endTime))
    return averages.reduce((best, average, index) => (average > averages[best]! ? index : best), 0)
  }

  /** A resolved market leaves the open markets (and their cap); discovery shows the newest few. */
  #archive(market: PredictionMarket): void {
    this.#markets.delete(market.marketId)
    this.#resolved.set(market.marketId, market)
    this.#recentlyResolved.push(market)
    if (this.#recentlyResolved.length > RESOLVED_LISTED) this.#recentlyResolved.shift()
  }

  #releaseCreationBond(market: PredictionMarket): void {
    if (market.creator === null) return
    const open = this.#creations.get(market.creator)
    const bond = open?.get(market.marketId)
    if (!open || !bond) return
    this.#ledger.release(bond)
    open.delete(market.marketId)
    if (open.size === 0) this.#creations.delete(market.creator)
  }

  #propose(market: PredictionMarket, outcomeIndex: number, at: number): void {
    this.oracle.propose(market.marketId, outcomeIndex, at)
    this.#event('proposal', market.marketId, outcomeIndex, null, at)
  }

  #seed(seed: PredictionSeed, now: number): void {
    const market = this.#add(seed, now, null)
    if (!seed.oracle) return
    market.closed = true
    if (seed.oracle.state === 'proposed') return this.#propose(market, seed.oracle.outcomeIndex, now)
    this.#propose(market, seed.oracle.outcomeIndex, Math.min(market.endTime, now - this.oracle.challengePeriodMs - 1))
    if (seed.oracle.state === 'finalized') this.finalize(market.marketId, now)
  }

  #add(seed: PredictionSeed, now: number, creator: string | null): PredictionMarket {
    const market = newMarket(seed, now, creator)
    this.#markets.set(market.marketId, market)
    this.#due.push(market.endTime, market.marketId)
    if (this.status(market, now) === 'active') market.outcomes.forEach((_, index) => this.#quote(market, index, now))
    this.#event('market_created', market.marketId, null, null, market.createdAt)
    return market
  }

  #event(type: ActivityEvent['type'], marketId: string, outcomeIndex: number | null, amount: number | null, timestamp: number): void {
    this.#events.push({ type, marketId, outcomeIndex, amount, timestamp })
    if (this.#events.length > FEED_LENGTH) this.#events.shift()
  }
}

function clampE6(priceE6: number): number {
  return Math.min(999_000, Math.max(1000, priceE6))
}
