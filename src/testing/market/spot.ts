/** Spot: orders through the shared venue; fills swap base and quote tokens, fees paid in USDC. */
import type { Ledger } from './ledger.ts'
import { type Decimal, fromInteger, mul } from './decimal.ts'
import { MAKER_FEE_RATE, QUOTE, SPOT_MARKETS, TAKER_FEE_RATE, TOKENS, type TradingMarket } from './demo-data.ts'
import type { Fill } from './engine.ts'
import { MarketBoard } from './market-board.ts'
import type { MarketPolicy } from './policy.ts'
import type { TradeOrderInput } from './order-input.ts'
import type { WorkMeter } from '../work.ts'
import { type IdSequence, remainingValue, type Order, OrderVenue, type Role, type Settlement } from './venue.ts'

export class SpotDesk implements Settlement {
  readonly board: MarketBoard<TradingMarket>
  readonly venue: OrderVenue
  readonly #ledger: Ledger

  constructor(ledger: Ledger, ids: IdSequence, policy: Pick<MarketPolicy, 'symbolCase' | 'makerLadder'>, work: WorkMeter) {
    this.board = new MarketBoard(SPOT_MARKETS, policy.symbolCase, policy.makerLadder)
    this.#ledger = ledger
    this.venue = new OrderVenue(ledger, this, ids, work)
  }

  place(accountId: string, input: TradeOrderInput<TradingMarket>, now: number): Order {
    return this.venue.place({ ...input, accountId, market: input.market.symbol, leverage: 1 }, now)
  }

  /** What one unit of a token is worth in USDC now (its spot reference price). */
  usdPrice(token: string, now: number): Decimal {
    if (token === QUOTE) return fromInteger(1)
    const market = SPOT_MARKETS.find((candidate) => candidate.baseAsset === token)
    return market ? this.board.reference(market.symbol, now) : 0n
  }

  tokens(): readonly string[] {
    return TOKENS.map((token) => token.symbol)
  }

  sync(now: number): void {
    this.board.requote(this.venue, now)
  }

  /** Settlement: a buy locks the quote cost plus the taker fee, a sell locks the base size. */
  reserve(order: Order, fills: readonly Fill<Order>[]): { token: string; amount: Decimal } {
    const market = this.board.get(order.market)
    if (order.side === 'sell') return { token: market.baseAsset, amount: order.remaining }
    const cost = remainingValue(order, fills)
    return { token: QUOTE, amount: cost + mul(cost, TAKER_FEE_RATE) }
  }

  settle(order: Order, price: Decimal, size: Decimal, role: Role): { fee: Decimal } {
    const market = this.board.get(order.market)
    const reserve = order.reserve!
    const cost = mul(price, size)
    const fee = mul(cost, role === 'maker' ? MAKER_FEE_RATE : TAKER_FEE_RATE)
    if (order.side === 'buy') {
      this.#ledger.spend(reserve, cost + fee)
      this.#ledger.credit(order.accountId, market.baseAsset, size)
    } else {
      this.#ledger.spend(reserve, size)
      this.#ledger.credit(order.accountId, QUOTE, cost - fee)
    }
    return { fee }
  }
}
