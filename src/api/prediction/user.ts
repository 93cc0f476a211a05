import * as v from 'valibot'
import { operation, type Operation } from '../operation.ts'
import { clientOrderId, id, limit, limitQuery, pageEntries, type IntegerSchema, type LimitQuery, type PatternSchema } from '../schemas.ts'
import type { Items, Page } from '../response-shapes.ts'
import type { PredictionMatch } from './markets.ts'
import type * as schemas from './responses.ts'
import type { PredictionOrder } from './trading.ts'
import { BINARY_MARKET, marketIdInput, type MarketIdInput } from './schemas.ts'

/** Shares held in one outcome; `*E6` are millionths of USDC. */
export interface PredictionPosition extends v.InferOutput<typeof schemas.predictionPositionSchema> {}
export interface PredictionStats extends v.InferOutput<typeof schemas.predictionStatsSchema> {}
/** An event of the public activity feed: a trade, a market created, a mint, a proposal… */
export interface ActivityEvent extends v.InferOutput<typeof schemas.activityEventSchema> {}
export interface MatchStats extends v.InferOutput<typeof schemas.matchStatsSchema> {}
/** A fill of one of the caller's orders; `side` 0 = buy, 1 = sell. */
export interface PredictionFill extends v.InferOutput<typeof schemas.predictionFillSchema> {}
/** One of the caller's matches: a fill under its match id. */
export interface PredictionMyMatch extends v.InferOutput<typeof schemas.predictionMyMatchSchema> {}


// The `/me/*` lists are page lists: the real service takes `limit`; `page`/`pageSize` walk them.
const myMatchesQuery: v.OptionalSchema<v.StrictObjectSchema<{
  readonly page: v.OptionalSchema<IntegerSchema, undefined>
  readonly pageSize: v.OptionalSchema<IntegerSchema, undefined>
  readonly limit: v.OptionalSchema<IntegerSchema, undefined>
}, undefined>, undefined> = v.optional(v.strictObject({ limit: v.optional(limit), ...pageEntries }))
const myOrdersQuery: v.OptionalSchema<v.StrictObjectSchema<{
  readonly page: v.OptionalSchema<IntegerSchema, undefined>
  readonly pageSize: v.OptionalSchema<IntegerSchema, undefined>
  readonly marketId: v.OptionalSchema<typeof id, undefined>
  readonly clientOrderId: v.OptionalSchema<PatternSchema, undefined>
  readonly limit: v.OptionalSchema<IntegerSchema, undefined>
}, undefined>, undefined> = v.optional(v.strictObject({ marketId: v.optional(id), clientOrderId: v.optional(clientOrderId), limit: v.optional(limit), ...pageEntries }))
const myPositionsQuery: v.OptionalSchema<v.StrictObjectSchema<{
  readonly page: v.OptionalSchema<IntegerSchema, undefined>
  readonly pageSize: v.OptionalSchema<IntegerSchema, undefined>
  readonly activeOnly: v.OptionalSchema<v.BooleanSchema<'must be true or false'>, undefined>
  readonly marketId: v.OptionalSchema<typeof id, undefined>
}, undefined>, undefined> = v.optional(v.strictObject({ activeOnly: v.optional(v.boolean('must be true or false')), marketId: v.optional(id), ...pageEntries }))
const myTradesQuery: v.OptionalSchema<v.StrictObjectSchema<{
  readonly page: v.OptionalSchema<IntegerSchema, undefined>
  readonly pageSize: v.OptionalSchema<IntegerSchema, undefined>
  readonly marketId: v.OptionalSchema<typeof id, undefined>
  readonly limit: v.OptionalSchema<IntegerSchema, undefined>
}, undefined>, undefined> = v.optional(v.strictObject({ marketId: v.optional(id), limit: v.optional(limit), ...pageEntries }))

export type MyMatchesQuery = v.InferInput<typeof myMatchesQuery>
export type MyOrdersQuery = v.InferInput<typeof myOrdersQuery>
export type MyPositionsQuery = v.InferInput<typeof myPositionsQuery>
export type MyTradesQuery = v.InferInput<typeof myTradesQuery>

const marketId = BINARY_MARKET

/** Prediction User: public feeds, and the caller's own data (needs read). */
export const predictionUserOperations: {
  listActivity: Operation<LimitQuery, Items<ActivityEvent>>
  getMatchStats: Operation<MarketIdInput, MatchStats>
  listMatches: Operation<LimitQuery, Items<PredictionMatch>>
  listMyMatches: Operation<MyMatchesQuery, Page<PredictionMyMatch>>
  listMyOrders: Operation<MyOrdersQuery, Page<PredictionOrder>>
  listMyPositions: Operation<MyPositionsQuery, Page<PredictionPosition>>
  getMyStats: Operation<undefined, PredictionStats>
  listMyTrades: Operation<MyTradesQuery, Page<PredictionFill>>
} = {
  listActivity: operation<Items<ActivityEvent>, LimitQuery>({
    method: 'GET', path: '/api/v1/prediction/activity', auth: 'none', effect: 'public', source: 'real', specName: 'get activity feed',
    summary: 'Activity feed', input: limitQuery, example: { limit: 20 },
  }),
  getMatchStats: operation<MatchStats, MarketIdInput>({
    method: 'GET', path: '/api/v1/prediction/markets/:marketId/match-stats', auth: 'none', effect: 'public', source: 'real', specName: 'get market match statistics',
    summary: 'Match statistics of a market', input: marketIdInput, example: { marketId },
  }),
  listMatches: operation<Items<PredictionMatch>, LimitQuery>({
    method: 'GET', path: '/api/v1/prediction/matches', auth: 'none', effect: 'public', source: 'real', specName: 'get global match history',
    summary: 'Global match history', input: limitQuery, example: { limit: 20 },
  }),
  listMyMatches: operation<Page<PredictionMyMatch>, MyMatchesQuery>({
    method: 'GET', path: '/api/v1/prediction/me/matches', auth: 'read', effect: 'read', source: 'real', specName: 'get current user\'s match history',
    summary: "The caller's matches; page list", input: myMatchesQuery, example: { limit: 20 },
  }),
  listMyOrders: operation<Page<PredictionOrder>, MyOrdersQuery>({
    method: 'GET', path: '/api/v1/prediction/me/orders', auth: 'read', effect: 'read', source: 'real', specName: 'get current user\'s orders',
    summary: "The caller's orders of every status; filter by market or clientOrderId; page list", input: myOrdersQuery, example: { marketId, limit: 50 },
  }),
  listMyPositions: operation<Page<PredictionPosition>, MyPositionsQuery>({
    method: 'GET', path: '/api/v1/prediction/me/positions', auth: 'read', effect: 'read', source: 'real', specName: 'get current user\'s positions',
    summary: "The caller's positions; page list", input: myPositionsQuery, example: { activeOnly: true },
  }),
  getMyStats: operation<PredictionStats>({
    method: 'GET', path: '/api/v1/prediction/me/stats', auth: 'read', effect: 'read', source: 'real', specName: 'get current user\'s statistics', summary: "The caller's statistics",
  }),
  listMyTrades: operation<Page<PredictionFill>, MyTradesQuery>({
    method: 'GET', path: '/api/v1/prediction/me/trades', auth: 'read', effect: 'read', source: 'real', specName: 'get current user\'s trades',
    summary: "The caller's trades; page list", input: myTradesQuery, example: { marketId, limit: 20 },
  }),
}
