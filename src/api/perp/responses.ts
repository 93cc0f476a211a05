// Response schemas of every perp operation (`exchange-client/strict`), and the source of the perp
// response types (market-data.ts, trading.ts, positions.ts, history.ts import them as types only).
import * as v from 'valibot'
import {
  marketDataResponses,
  marketEntries,
  orderEntries,
  orderHistoryResponses,
  orderResponses,
  tickerEntries,
} from '../common/responses.ts'
import type { ResponseTable } from '../operation.ts'
import { cursorOf, decimalString, idString, ms, openString } from '../response-shapes.ts'
import type { perpOperations } from './index.ts'

export const perpMarketSchema = v.object({ ...marketEntries, maxLeverage: v.number() })
export const perpTickerSchema = v.object({ ...tickerEntries, markPrice: decimalString, indexPrice: decimalString })

export const fundingRateSchema = v.object({
  market: v.string(),
  fundingRate: decimalString,
  /** When the rate applies (history), UTC ms. */
  fundingTime: v.optional(ms),
  /** When the current rate next applies, UTC ms. */
  nextFundingTime: v.optional(ms),
})
export const insuranceFundSchema = v.object({ balance: decimalString, token: v.string() })
export const markPriceSchema = v.object({ market: v.string(), markPrice: decimalString })
export const indexPriceSchema = v.object({ market: v.string(), indexPrice: decimalString })
export const openInterestSchema = v.object({ market: v.string(), openInterest: decimalString })

export const perpOrderSchema = v.object({ ...orderEntries, leverage: v.optional(v.number()) })

/** An open position; decimals are strings. */
export const positionSchema = v.object({
  market: v.string(),
  side: v.picklist(['long', 'short']),
  size: decimalString,
  entryPrice: decimalString,
  markPrice: decimalString,
  liquidationPrice: v.optional(decimalString),
  unrealizedPnl: v.optional(decimalString),
  margin: v.optional(decimalString),
  leverage: v.optional(v.number()),
  takeProfitPrice: v.nullish(decimalString),
  stopLossPrice: v.nullish(decimalString),
  tpSlStatus: v.optional(openString<'active' | 'none'>()),
})
/** The closing order, and what is left of the position (`null` when closed in full). */
export const closedPositionSchema = v.object({ order: perpOrderSchema, position: v.nullable(positionSchema) })
export const leverageSchema = v.object({ market: v.string(), leverage: v.number() })

/** A funding payment of the caller: positive received, negative paid. */
export const fundingPaymentSchema = v.object({
  fundingId: idString,
  market: v.string(),
  fundingRate: decimalString,
  payment: decimalString,
  positionSize: v.optional(decimalString),
  markPrice: v.optional(decimalString),
  fundingTime: ms,
})
export const liquidationSchema = v.object({
  liquidationId: idString,
  market: v.string(),
  side: openString<'long' | 'short'>(),
  size: decimalString,
  entryPrice: v.optional(decimalString),
  liquidationPrice: v.optional(decimalString),
  markPrice: decimalString,
  lostMargin: v.optional(decimalString),
  createdAt: ms,
})
export const pnlRecordSchema = v.object({
  pnlId: idString,
  market: v.string(),
  /** What realized it: a close, a reduce, a liquidation… */
  type: v.optional(v.string()),
  realizedPnl: decimalString,
  fee: v.optional(decimalString),
  closedSize: v.optional(decimalString),
  price: v.optional(decimalString),
  createdAt: ms,
})

export const perpResponses: ResponseTable<typeof perpOperations> = {
  getInsuranceFund: insuranceFundSchema,
  ...marketDataResponses(perpMarketSchema, perpTickerSchema),
  listFundingRateHistory: v.array(fundingRateSchema),
  getFundingRate: fundingRateSchema,
  getIndexPrice: indexPriceSchema,
  getMarkPrice: markPriceSchema,
  getOpenInterest: openInterestSchema,
  ...orderResponses(perpOrderSchema),
  listPositions: v.array(positionSchema),
  getPosition: positionSchema,
  closePosition: closedPositionSchema,
  getLeverage: leverageSchema,
  setLeverage: leverageSchema,
  adjustMargin: positionSchema,
  setTpsl: positionSchema,
  modifyTpsl: positionSchema,
  cancelTpsl: positionSchema,
  listFundingHistory: cursorOf(fundingPaymentSchema),
  listLiquidationHistory: cursorOf(liquidationSchema),
  listPnlHistory: cursorOf(pnlRecordSchema),
  ...orderHistoryResponses(perpOrderSchema),
}
