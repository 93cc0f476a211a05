import * as v from 'valibot'
import { operation, type Operation } from '../operation.ts'
import { batchOf, id, integer, klineInterval, limit, MARKET_TYPES, on, text, timestampMs, type IntegerSchema, type TextSchema } from '../schemas.ts'
import type { Items, Kline } from '../response-shapes.ts'
import { BINARY_MARKET, MULTI_MARKET, marketIdInput, outcomeIndex, type MarketIdInput } from './schemas.ts'
import type * as schemas from './responses.ts'
import type { PredictionOrder } from './trading.ts'

export type { MarketType } from '../schemas.ts'
export type { PredictionMarketStatus } from './responses.ts'
export interface Outcome extends v.InferOutput<typeof schemas.outcomeSchema> {}
/** A prediction market; `*E6` fields are integers in millionths, ids are strings. */
export interface PredictionMarket extends v.InferOutput<typeof schemas.predictionMarketSchema> {}
export interface MarketPrices extends v.InferOutput<typeof schemas.marketPricesSchema> {}
export interface BatchPrices extends v.InferOutput<typeof schemas.batchPricesSchema> {}
/** Depth levels: `price` is a float in [0, 1]. */
export interface DepthLevel extends v.InferOutput<typeof schemas.depthLevelSchema> {}
export interface OutcomeDepth extends v.InferOutput<typeof schemas.outcomeDepthSchema> {}
export interface PredictionOrderBook extends v.InferOutput<typeof schemas.predictionOrderBookSchema> {}
export interface PriceBalance extends v.InferOutput<typeof schemas.priceBalanceSchema> {}
/** An outcome with its price as a probability, and whether it won once the market is resolved. */
export interface OutcomeProbability extends v.InferOutput<typeof schemas.outcomeProbabilitySchema> {}
/** A point of an outcome's price history. */
export interface PricePoint extends v.InferOutput<typeof schemas.pricePointSchema> {}
export interface PredictionMarketStats extends v.InferOutput<typeof schemas.predictionMarketStatsSchema> {}
/** A public match of two orders (no account ids); `takerSide` 0 = buy, 1 = sell. */
export interface PredictionMatch extends v.InferOutput<typeof schemas.predictionMatchSchema> {}
/** A trade of the market: a match under its trade id. */
export interface PredictionTrade extends v.InferOutput<typeof schemas.predictionTradeSchema> {}

const createInput: v.SchemaWithPipe<readonly [v.StrictObjectSchema<{
  readonly question: TextSchema
  readonly description: v.OptionalSchema<TextSchema, undefined>
  readonly category: TextSchema
  readonly tags: v.OptionalSchema<v.SchemaWithPipe<readonly [v.ArraySchema<TextSchema, 'must be an array of strings'>]>, undefined>
  readonly marketType: v.PicklistSchema<readonly ['binary', 'multi_outcome'], 'must be "binary" or "multi_outcome"'>
  readonly outcomes: v.OptionalSchema<v.SchemaWithPipe<readonly [v.ArraySchema<TextSchema, 'must be an array of at least 2 labels'>, v.CheckAction<string[], 'must be an array of at least 2 labels'>]>, undefined>
  readonly endTime: IntegerSchema
}, undefined>, v.CheckAction<{
  question: string
  description?: string | undefined
  category: string
  tags?: string[] | undefined
  marketType: 'binary' | 'multi_outcome'
  outcomes?: string[] | undefined
  endTime: number
}, (issue: v.BaseIssue<unknown>) => string>]> = v.pipe(
  v.strictObject({
    question: text(500),
    description: v.optional(text(5000)),
    category: text(64),
    tags: v.optional(v.pipe(v.array(text(64), 'must be an array of strings'))),
    marketType: v.picklist(MARKET_TYPES, 'must be "binary" or "multi_outcome"'),
    outcomes: v.optional(v.pipe(v.array(text(100), 'must be an array of at least 2 labels'), v.check((labels) => labels.length >= 2, 'must be an array of at least 2 labels'))),
    endTime: timestampMs,
  }),
  v.check((input) => input.marketType === 'binary' || input.outcomes !== undefined, on('outcomes', 'a multi-outcome market needs its outcomes')),
)
const batchPricesInput: v.StrictObjectSchema<{
  readonly marketIds: v.SchemaWithPipe<readonly [v.ArraySchema<typeof id, 'must be a non-empty array'>, v.CheckAction<string[], 'must be a non-empty array'>]>
}, undefined> = v.strictObject({ marketIds: batchOf(id) })
const outcomeInput: v.StrictObjectSchema<{
  readonly marketId: typeof id
  readonly outcomeIndex: v.OptionalSchema<IntegerSchema, undefined>
}, undefined> = v.strictObject({ marketId: id, outcomeIndex: v.optional(outcomeIndex) })
const klinesInput: v.StrictObjectSchema<{
  readonly marketId: typeof id
  readonly outcomeIndex: v.OptionalSchema<IntegerSchema, undefined>
  readonly interval: typeof klineInterval
  readonly startTime: v.OptionalSchema<IntegerSchema, undefined>
  readonly endTime: v.OptionalSchema<IntegerSchema, undefined>
  readonly limit: v.OptionalSchema<IntegerSchema, undefined>
}, undefined> = v.strictObject({
  marketId: id,
  outcomeIndex: v.optional(outcomeIndex),
  interval: klineInterval,
  startTime: v.optional(timestampMs),
  endTime: v.optional(timestampMs),
  limit: v.optional(integer(1)),
})
const marketLimitInput: v.StrictObjectSchema<{
  readonly marketId: typeof id
  readonly limit: v.OptionalSchema<IntegerSchema, undefined>
}, undefined> = v.strictObject({ marketId: id, limit: v.optional(limit) })
const priceHistoryInput: v.StrictObjectSchema<{
  readonly marketId: typeof id
  readonly outcomeIndex: v.OptionalSchema<IntegerSchema, undefined>
  readonly limit: v.OptionalSchema<IntegerSchema, undefined>
}, undefined> = v.strictObject({ marketId: id, outcomeIndex: v.optional(outcomeIndex), limit: v.optional(limit) })

export interface CreateMarketInput extends v.InferInput<typeof createInput> {}
export interface BatchPricesInput extends v.InferInput<typeof batchPricesInput> {}
export interface OutcomeInput extends v.InferInput<typeof outcomeInput> {}
export interface PredictionKlinesInput extends v.InferInput<typeof klinesInput> {}
export interface MarketLimitInput extends v.InferInput<typeof marketLimitInput> {}
export interface PriceHistoryInput extends v.InferInput<typeof priceHistoryInput> {}

const marketId = BINARY_MARKET

/** Prediction Markets: per-market data, open; creating a market needs trade. */
export const predictionMarketOperations: {
  createMarket: Operation<CreateMarketInput, PredictionMarket>
  listMarketPrices: Operation<BatchPricesInput, BatchPrices>
  getMarket: Operation<MarketIdInput, PredictionMarket>
  listDepths: Operation<MarketIdInput, OutcomeDepth[]>
  getDepth: Operation<OutcomeInput, OutcomeDepth>
  listKlines: Operation<PredictionKlinesInput, Kline[]>
  getOrderbook: Operation<OutcomeInput, PredictionOrderBook>
  listMarketOrders: Operation<MarketLimitInput, Items<PredictionOrder>>
  listOutcomes: Operation<MarketIdInput, OutcomeProbability[]>
  getPriceBalance: Operation<MarketIdInput, PriceBalance>
  listPriceHistory: Operation<PriceHistoryInput, PricePoint[]>
  getMarketStats: Operation<MarketIdInput, PredictionMarketStats>
  listMarketTrades: Operation<MarketLimitInput, PredictionTrade[]>
} = {
  createMarket: operation<PredictionMarket, CreateMarketInput>({
    method: 'POST', path: '/api/v1/prediction/markets', auth: 'trade', effect: 'moves-value', source: 'ours', specName: 'create a prediction market',
    summary: 'Create a binary or multi-outcome market',
    input: createInput,
    example: { question: 'Will BTC close above 100k this year?', category: 'crypto', tags: ['btc'], marketType: 'binary', endTime: 1_893_456_000_000 },
  }),
  listMarketPrices: operation<BatchPrices, BatchPricesInput>({
    method: 'POST', path: '/api/v1/prediction/markets/batch-prices', auth: 'none', effect: 'public', source: 'real', specName: 'batch get market prices',
    summary: 'Outcome prices of several markets', input: batchPricesInput, example: { marketIds: [marketId, MULTI_MARKET] },
  }),
  getMarket: operation<PredictionMarket, MarketIdInput>({
    method: 'GET', path: '/api/v1/prediction/markets/:marketId', auth: 'none', effect: 'public', source: 'real', specName: 'get market details',
    summary: 'Market details', input: marketIdInput, example: { marketId },
  }),
  listDepths: operation<OutcomeDepth[], MarketIdInput>({
    method: 'GET', path: '/api/v1/prediction/markets/:marketId/all-depths', auth: 'none', effect: 'public', source: 'real', specName: 'get all outcome depths',
    summary: 'Depth of every outcome (prices as floats in [0, 1])', input: marketIdInput, example: { marketId },
  }),
  getDepth: operation<OutcomeDepth, OutcomeInput>({
    method: 'GET', path: '/api/v1/prediction/markets/:marketId/depth', auth: 'none', effect: 'public', source: 'real', specName: 'get depth for one outcome',
    summary: 'Depth of one outcome', input: outcomeInput, example: { marketId, outcomeIndex: 0 },
  }),
  listKlines: operation<Kline[], PredictionKlinesInput>({
    method: 'GET', path: '/api/v1/prediction/markets/:marketId/klines', auth: 'none', effect: 'public', source: 'real', specName: 'get K-line data',
    summary: 'Candles of an outcome', input: klinesInput, example: { marketId, outcomeIndex: 0, interval: '1h', limit: 24 },
  }),
  getOrderbook: operation<PredictionOrderBook, OutcomeInput>({
    method: 'GET', path: '/api/v1/prediction/markets/:marketId/orderbook', auth: 'none', effect: 'public', source: 'real', specName: 'get order book',
    summary: 'Resting orders of an outcome', input: outcomeInput, example: { marketId, outcomeIndex: 0 },
  }),
  listMarketOrders: operation<Items<PredictionOrder>, MarketLimitInput>({
    method: 'GET', path: '/api/v1/prediction/markets/:marketId/orders', auth: 'none', effect: 'public', source: 'real', specName: 'get market orders',
    summary: "The market's public orders (without clientOrderIds)", input: marketLimitInput, example: { marketId, limit: 20 },
  }),
  listOutcomes: operation<OutcomeProbability[], MarketIdInput>({
    method: 'GET', path: '/api/v1/prediction/markets/:marketId/outcomes', auth: 'none', effect: 'public', source: 'real', specName: 'get market outcomes for multi-outcome markets',
    summary: 'Outcomes with prices (multi-outcome markets)', input: marketIdInput, example: { marketId: MULTI_MARKET },
  }),
  getPriceBalance: operation<PriceBalance, MarketIdInput>({
    method: 'GET', path: '/api/v1/prediction/markets/:marketId/price-balance', auth: 'none', effect: 'public', source: 'real', specName: 'get price balance, a CTF constraint check',
    summary: 'Whether outcome prices sum to 1 (CTF constraint check)', input: marketIdInput, example: { marketId },
  }),
  listPriceHistory: operation<PricePoint[], PriceHistoryInput>({
    method: 'GET', path: '/api/v1/prediction/markets/:marketId/price-history', auth: 'none', effect: 'public', source: 'real', specName: 'get price history',
    summary: 'Price history of an outcome', input: priceHistoryInput, example: { marketId, outcomeIndex: 0, limit: 50 },
  }),
  getMarketStats: operation<PredictionMarketStats, MarketIdInput>({
    method: 'GET', path: '/api/v1/prediction/markets/:marketId/stats', auth: 'none', effect: 'public', source: 'real', specName: 'get market statistics',
    summary: 'Market statistics', input: marketIdInput, example: { marketId },
  }),
  listMarketTrades: operation<PredictionTrade[], MarketLimitInput>({
    method: 'GET', path: '/api/v1/prediction/markets/:marketId/trades', auth: 'none', effect: 'public', source: 'real', specName: 'get market trades',
    summary: "The market's trades", input: marketLimitInput, example: { marketId, limit: 20 },
  }),
}
