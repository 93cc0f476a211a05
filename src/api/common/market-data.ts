// Perp and spot publish the same per-market data under their own prefix; both tables start here.
import * as v from 'valibot'
import { operation, type Operation } from '../operation.ts'
import {
  integer,
  klineInterval,
  marketInput,
  marketSymbol,
  timestampMs,
  type MarketInput,
  type PatternSchema,
  type IntegerSchema,
} from '../schemas.ts'
import type { Kline } from '../response-shapes.ts'
import type * as schemas from './responses.ts'

/** A market's trading rules; decimals as strings. */
export interface Market extends v.InferOutput<typeof schemas.marketSchema> {}
export interface Ticker extends v.InferOutput<typeof schemas.tickerSchema> {}
export interface OrderBook extends v.InferOutput<typeof schemas.orderBookSchema> {}
/** `[price, size]`, both decimal strings. */
export type BookLevel = OrderBook['bids'][number]
/** A public trade of the market. */
export interface Trade extends v.InferOutput<typeof schemas.tradeSchema> {}

const klinesInput: v.StrictObjectSchema<{
  readonly market: PatternSchema
  readonly interval: typeof klineInterval
  readonly startTime: v.OptionalSchema<IntegerSchema, undefined>
  readonly endTime: v.OptionalSchema<IntegerSchema, undefined>
  readonly limit: v.OptionalSchema<IntegerSchema, undefined>
}, undefined> = v.strictObject({
  market: marketSymbol,
  interval: klineInterval,
  startTime: v.optional(timestampMs),
  endTime: v.optional(timestampMs),
  limit: v.optional(integer(1)),
})
const orderbookInput: v.StrictObjectSchema<{
  readonly market: PatternSchema
  readonly depth: v.OptionalSchema<IntegerSchema, undefined>
}, undefined> = v.strictObject({ market: marketSymbol, depth: v.optional(integer(1)) })
const tradesInput: v.StrictObjectSchema<{
  readonly market: PatternSchema
  readonly limit: v.OptionalSchema<IntegerSchema, undefined>
}, undefined> = v.strictObject({ market: marketSymbol, limit: v.optional(integer(1)) })

export interface KlinesInput extends v.InferInput<typeof klinesInput> {}
export interface OrderbookInput extends v.InferInput<typeof orderbookInput> {}
export interface TradesInput extends v.InferInput<typeof tradesInput> {}

/** The six market-data reads every trading area has (`/api/v1/<area>/markets…`), open to all. */
/* @__NO_SIDE_EFFECTS__ */
export function marketDataOperations<M extends Market, T extends Ticker>(area: 'perp' | 'spot', market: string): {
  listMarkets: Operation<undefined, M[]>
  getMarket: Operation<MarketInput, M>
  listKlines: Operation<KlinesInput, Kline[]>
  getOrderbook: Operation<OrderbookInput, OrderBook>
  getTicker: Operation<MarketInput, T>
  listTrades: Operation<TradesInput, Trade[]>
} {
  const markets = `/api/v1/${area}/markets`
  return {
    listMarkets: operation<M[]>({
      method: 'GET', path: markets, auth: 'none', effect: 'public', source: 'spec',
      summary: `Every ${area} market with its trading rules`,
    }),
    getMarket: operation<M, MarketInput>({
      method: 'GET', path: `${markets}/:market`, auth: 'none', effect: 'public', source: 'spec',
      summary: `One ${area} market`, input: marketInput, example: { market },
    }),
    listKlines: operation<Kline[], KlinesInput>({
      method: 'GET', path: `${markets}/:market/klines`, auth: 'none', effect: 'public', source: 'spec',
      summary: `Candles of a ${area} market`, input: klinesInput, example: { market, interval: '1h', limit: 24 },
    }),
    getOrderbook: operation<OrderBook, OrderbookInput>({
      method: 'GET', path: `${markets}/:market/orderbook`, auth: 'none', effect: 'public', source: 'spec',
      summary: `Order book of a ${area} market`, input: orderbookInput, example: { market, depth: 20 },
    }),
    getTicker: operation<T, MarketInput>({
      method: 'GET', path: `${markets}/:market/ticker`, auth: 'none', effect: 'public', source: 'spec',
      summary: `24-hour ticker of a ${area} market`, input: marketInput, example: { market },
    }),
    listTrades: operation<Trade[], TradesInput>({
      method: 'GET', path: `${markets}/:market/trades`, auth: 'none', effect: 'public', source: 'spec',
      summary: `Recent public trades of a ${area} market`, input: tradesInput, example: { market, limit: 50 },
    }),
  }
}
