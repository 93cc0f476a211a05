import * as v from 'valibot'
import { operation } from '../operation.ts'
import { clientOrderId, id, limit, limitQuery, type Data, type LimitQuery } from '../schemas.ts'
import type { PredictionOrder } from './trading.ts'
import { BINARY_MARKET, marketIdInput, type MarketIdInput } from './schemas.ts'

/** Shares held in one outcome; `*E6` are millionths of USDC. */
export interface PredictionPosition {
  marketId: string
  outcomeIndex: number
  question?: string
  shares: number
  avgPriceE6: number
  realizedPnlE6: number
  unrealizedPnlE6: number
  [field: string]: unknown
}

export interface PredictionStats {
  totalTrades: number
  totalVolumeE6: number
  totalPnlE6: number
  activePositions: number
  activeOrders: number
  marketsParticipated: number
  [field: string]: unknown
}

const myOrdersQuery = v.optional(v.strictObject({ marketId: v.optional(id), clientOrderId: v.optional(clientOrderId), limit: v.optional(limit) }))
const myPositionsQuery = v.optional(v.strictObject({ activeOnly: v.optional(v.boolean('must be true or false')), marketId: v.optional(id) }))
const myTradesQuery = v.optional(v.strictObject({ marketId: v.optional(id), limit: v.optional(limit) }))

export type MyOrdersQuery = v.InferInput<typeof myOrdersQuery>
export type MyPositionsQuery = v.InferInput<typeof myPositionsQuery>
export type MyTradesQuery = v.InferInput<typeof myTradesQuery>

const marketId = BINARY_MARKET

/** Prediction User: public feeds, and the caller's own data (needs read). */
export const predictionUserOperations = {
  getActivity: operation<Data[], LimitQuery>({
    method: 'GET', path: '/api/v1/prediction/activity', auth: 'none', source: 'real',
    summary: 'Activity feed', input: limitQuery, example: { limit: 20 },
  }),
  getMatchStats: operation<Data, MarketIdInput>({
    method: 'GET', path: '/api/v1/prediction/markets/:marketId/match-stats', auth: 'none', source: 'real',
    summary: "Match statistics of a market", input: marketIdInput, example: { marketId },
  }),
  listMatches: operation<Data[], LimitQuery>({
    method: 'GET', path: '/api/v1/prediction/matches', auth: 'none', source: 'real',
    summary: 'Global match history', input: limitQuery, example: { limit: 20 },
  }),
  getMyMatches: operation<Data[], LimitQuery>({
    method: 'GET', path: '/api/v1/prediction/me/matches', auth: 'read', source: 'real',
    summary: "The caller's matches", input: limitQuery, example: { limit: 20 },
  }),
  getMyOrders: operation<PredictionOrder[], MyOrdersQuery>({
    method: 'GET', path: '/api/v1/prediction/me/orders', auth: 'read', source: 'real',
    summary: "The caller's orders of every status; filter by market or clientOrderId", input: myOrdersQuery, example: { marketId, limit: 50 },
  }),
  getMyPositions: operation<PredictionPosition[], MyPositionsQuery>({
    method: 'GET', path: '/api/v1/prediction/me/positions', auth: 'read', source: 'real',
    summary: "The caller's positions", input: myPositionsQuery, example: { activeOnly: true },
  }),
  getMyStats: operation<PredictionStats>({
    method: 'GET', path: '/api/v1/prediction/me/stats', auth: 'read', source: 'real', summary: "The caller's statistics",
  }),
  getMyTrades: operation<Data[], MyTradesQuery>({
    method: 'GET', path: '/api/v1/prediction/me/trades', auth: 'read', source: 'real',
    summary: "The caller's trades", input: myTradesQuery, example: { marketId, limit: 20 },
  }),
}
