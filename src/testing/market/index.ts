/**
 * The reference exchange's market: perp, spot and prediction trading, accounts and championships
 * behind the routes of the operations table in docs/operations.md (all but system, onboarding and key routes, which
 * the platform owns). Plug it into the exchange as an `ExchangeModule`.
 */
import type { ExchangeModule, Router } from '../http/router.ts'
import { formatDecimal, parseDecimal } from './decimal.ts'
import { orderView as predictionOrderView } from './prediction-views.ts'
import { addAccountRoutes } from './routes/account.ts'
import { addChampionshipRoutes } from './routes/championship.ts'
import { addPerpRoutes } from './routes/perp.ts'
import { addPredictionRoutes } from './routes/prediction.ts'
import { addPredictionTradingRoutes } from './routes/prediction-trading.ts'
import { routeAdder } from './routes/route.ts'
import { addSpotRoutes } from './routes/spot.ts'
import { MarketState, type MarketOptions } from './state.ts'
import { orderView, positionView } from './trade-views.ts'

export type { MarketOptions } from './state.ts'
export { DEFAULT_POLICY, type MarketPolicy } from './policy.ts'
export { MARKET_MAKER } from './ledger.ts'

export interface MarketModule extends ExchangeModule {
  register(router: Router): void
  /** Creates (or resets) an account with these balances, e.g. `{ USDC: "10000" }`. */
  openAccount(accountId: string, balances: Record<string, string>): void
  /** Every token balance of an account (prediction shares are `shares:<marketId>:<outcomeIndex>`). */
  balances(accountId: string): Record<string, { available: string; locked: string }>
  /** An account's orders of every status, newest first, as the API shows them. */
  orders(accountId: string): { perp: Record<string, unknown>[]; spot: Record<string, unknown>[]; prediction: Record<string, unknown>[] }
  /** An account's perp positions, as the API shows them. */
  positions(accountId: string): Record<string, unknown>[]
  /** Holds a perp or spot market's reference (mark) price at `price`; undefined lets it follow the clock again. */
  setReferencePrice(area: 'perp' | 'spot', market: string, price: string | undefined): void
  /**
   * The resolution source's answer for an escalated prediction market (its challenge rounds used
   * up): finalization takes it instead of the closing-price rule's outcome.
   */
  rule(marketId: string, outcomeIndex: number): void
  /**
   * Brings quotes, TP/SL triggers, liquidations and prediction closes up to `now` (requests do this
   * themselves); funding is settled per account, when the account makes a request or is read here.
   */
  sync(now?: number): void
  /** The whole state, for tests that look deeper. */
  readonly state: MarketState
}

export function createMarketModule(options: MarketOptions): MarketModule {
  const state = new MarketState(options)
  return {
    state,
    register(router) {
      const add = routeAdder(router, state)
      addAccountRoutes(add, state)
      addPerpRoutes(add, state)
      addSpotRoutes(add, state)
      addPredictionRoutes(add, state)
      addPredictionTradingRoutes(add, state)
      addChampionshipRoutes(add, state)
    },
    openAccount(accountId, balances) {
      state.ledger.open(accountId, balances)
    },
    isIdle(accountId) {
      const venues = [state.perp.venue, state.spot.venue, state.prediction.venue]
      return state.ledger.untouched(accountId) && venues.every((venue) => venue.ordersOf(accountId).length === 0)
    },
    closeAccount(accountId) {
      state.ledger.close(accountId)
      state.perp.forget(accountId)
    },
    balances(accountId) {
      state.perp.settleFunding(accountId, options.now())
      const result: Record<string, { available: string; locked: string }> = {}
      for (const [token, balance] of state.ledger.tokens(accountId)) result[token] = { available: formatDecimal(balance.available), locked: formatDecimal(balance.locked) }
      return result
    },
    orders(accountId) {
      return {
        perp: state.perp.venue.ordersOf(accountId).map((order) => orderView(order, true)),
        spot: state.spot.venue.ordersOf(accountId).map((order) => orderView(order, false)),
        prediction: state.prediction.venue.ordersOf(accountId).map((order) => predictionOrderView(state.prediction, order)),
      }
    },
    positions(accountId) {
      const now = options.now()
      state.perp.settleFunding(accountId, now)
      return state.perp.positionsOf(accountId).map((position) => positionView(position, state.perp.markPrice(position.market, now)))
    },
    setReferencePrice(area, market, price) {
      const value = price === undefined ? undefined : parseDecimal(price)
      if (price !== undefined && (value === undefined || value <= 0n)) throw new Error(`not a positive decimal: ${price}`)
      state[area].board.pin(market, value)
    },
    rule(marketId, outcomeIndex) {
      const market = state.prediction.market(marketId)
      state.prediction.outcome(market, outcomeIndex)
      state.prediction.oracle.rule(marketId, outcomeIndex)
    },
    sync(now = options.now()) {
      state.sync(now)
    },
  }
}
