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
import type { Open } from '../response-shapes.ts'
import type { OrderStatus } from '../schemas.ts'

export const perpMarketSchema: v.ObjectSchema<{
  readonly symbol: v.StringSchema<undefined>;
  readonly baseAsset: v.StringSchema<undefined>;
  readonly quoteAsset: v.StringSchema<undefined>;
  readonly status: v.GenericSchema<Open<"active">>;
  readonly tickSize: v.StringSchema<"must be a decimal string">;
  readonly stepSize: v.StringSchema<"must be a decimal string">;
  readonly minOrderSize: v.StringSchema<"must be a decimal string">;
  readonly maxLeverage: v.NumberSchema<undefined>;
}, undefined> = v.object({ ...marketEntries, maxLeverage: v.number() })
export const perpTickerSchema: v.ObjectSchema<{
  readonly market: v.StringSchema<undefined>;
  readonly lastPrice: v.StringSchema<"must be a decimal string">;
  readonly high24h: v.StringSchema<"must be a decimal string">;
  readonly low24h: v.StringSchema<"must be a decimal string">;
  readonly volume24h: v.StringSchema<"must be a decimal string">;
  readonly change24h: v.StringSchema<"must be a decimal string">;
  readonly markPrice: v.StringSchema<"must be a decimal string">;
  readonly indexPrice: v.StringSchema<"must be a decimal string">;
}, undefined> = v.object({ ...tickerEntries, markPrice: decimalString, indexPrice: decimalString })

export const fundingRateSchema: v.ObjectSchema<{
  readonly market: v.StringSchema<undefined>;
  readonly fundingRate: v.StringSchema<"must be a decimal string">;
  /** When the rate applies (history), UTC ms. */
  readonly fundingTime: v.OptionalSchema<v.NumberSchema<"must be UTC milliseconds">, undefined>;
  /** When the current rate next applies, UTC ms. */
  readonly nextFundingTime: v.OptionalSchema<v.NumberSchema<"must be UTC milliseconds">, undefined>;
}, undefined> = v.object({
  market: v.string(),
  fundingRate: decimalString,
  /** When the rate applies (history), UTC ms. */
  fundingTime: v.optional(ms),
  /** When the current rate next applies, UTC ms. */
  nextFundingTime: v.optional(ms),
})
export const insuranceFundSchema: v.ObjectSchema<{
  readonly balance: v.StringSchema<"must be a decimal string">;
  readonly token: v.StringSchema<undefined>;
}, undefined> = v.object({ balance: decimalString, token: v.string() })
export const markPriceSchema: v.ObjectSchema<{
  readonly market: v.StringSchema<undefined>;
  readonly markPrice: v.StringSchema<"must be a decimal string">;
}, undefined> = v.object({ market: v.string(), markPrice: decimalString })
export const indexPriceSchema: v.ObjectSchema<{
  readonly market: v.StringSchema<undefined>;
  readonly indexPrice: v.StringSchema<"must be a decimal string">;
}, undefined> = v.object({ market: v.string(), indexPrice: decimalString })
export const openInterestSchema: v.ObjectSchema<{
  readonly market: v.StringSchema<undefined>;
  readonly openInterest: v.StringSchema<"must be a decimal string">;
}, undefined> = v.object({ market: v.string(), openInterest: decimalString })

export const perpOrderSchema: v.ObjectSchema<{
  readonly orderId: v.StringSchema<"must be an id string">;
  readonly clientOrderId: v.NullishSchema<v.StringSchema<undefined>, undefined>;
  readonly market: v.StringSchema<undefined>;
  readonly side: v.PicklistSchema<readonly ["buy", "sell"], undefined>;
  readonly type: v.PicklistSchema<readonly ["limit", "market"], undefined>;
  readonly price: v.NullishSchema<v.StringSchema<"must be a decimal string">, undefined>;
  readonly size: v.StringSchema<"must be a decimal string">;
  readonly filledSize: v.OptionalSchema<v.StringSchema<"must be a decimal string">, undefined>;
  readonly remainingSize: v.OptionalSchema<v.StringSchema<"must be a decimal string">, undefined>;
  readonly avgFillPrice: v.NullishSchema<v.StringSchema<"must be a decimal string">, undefined>;
  readonly fee: v.OptionalSchema<v.StringSchema<"must be a decimal string">, undefined>;
  readonly status: v.GenericSchema<Open<OrderStatus>>;
  readonly timeInForce: v.OptionalSchema<v.PicklistSchema<readonly ["GTC", "IOC", "FOK"], undefined>, undefined>;
  readonly reduceOnly: v.OptionalSchema<v.BooleanSchema<undefined>, undefined>;
  readonly postOnly: v.OptionalSchema<v.BooleanSchema<undefined>, undefined>;
  readonly createdAt: v.OptionalSchema<v.NumberSchema<"must be UTC milliseconds">, undefined>;
  readonly updatedAt: v.OptionalSchema<v.NumberSchema<"must be UTC milliseconds">, undefined>;
  readonly leverage: v.OptionalSchema<v.NumberSchema<undefined>, undefined>;
}, undefined> = v.object({ ...orderEntries, leverage: v.optional(v.number()) })

/** An open position; decimals are strings. */
export const positionSchema: v.ObjectSchema<{
  readonly market: v.StringSchema<undefined>;
  readonly side: v.PicklistSchema<["long", "short"], undefined>;
  readonly size: v.StringSchema<"must be a decimal string">;
  readonly entryPrice: v.StringSchema<"must be a decimal string">;
  readonly markPrice: v.StringSchema<"must be a decimal string">;
  readonly liquidationPrice: v.OptionalSchema<v.StringSchema<"must be a decimal string">, undefined>;
  readonly unrealizedPnl: v.OptionalSchema<v.StringSchema<"must be a decimal string">, undefined>;
  readonly margin: v.OptionalSchema<v.StringSchema<"must be a decimal string">, undefined>;
  readonly leverage: v.OptionalSchema<v.NumberSchema<undefined>, undefined>;
  readonly takeProfitPrice: v.NullishSchema<v.StringSchema<"must be a decimal string">, undefined>;
  readonly stopLossPrice: v.NullishSchema<v.StringSchema<"must be a decimal string">, undefined>;
  readonly tpSlStatus: v.OptionalSchema<v.GenericSchema<Open<"active" | "none">>, undefined>;
}, undefined> = v.object({
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
export const closedPositionSchema: v.ObjectSchema<{
  readonly order: v.ObjectSchema<{
    readonly orderId: v.StringSchema<"must be an id string">;
    readonly clientOrderId: v.NullishSchema<v.StringSchema<undefined>, undefined>;
    readonly market: v.StringSchema<undefined>;
    readonly side: v.PicklistSchema<readonly ["buy", "sell"], undefined>;
    readonly type: v.PicklistSchema<readonly ["limit", "market"], undefined>;
    readonly price: v.NullishSchema<v.StringSchema<"must be a decimal string">, undefined>;
    readonly size: v.StringSchema<"must be a decimal string">;
    readonly filledSize: v.OptionalSchema<v.StringSchema<"must be a decimal string">, undefined>;
    readonly remainingSize: v.OptionalSchema<v.StringSchema<"must be a decimal string">, undefined>;
    readonly avgFillPrice: v.NullishSchema<v.StringSchema<"must be a decimal string">, undefined>;
    readonly fee: v.OptionalSchema<v.StringSchema<"must be a decimal string">, undefined>;
    readonly status: v.GenericSchema<Open<OrderStatus>>;
    readonly timeInForce: v.OptionalSchema<v.PicklistSchema<readonly ["GTC", "IOC", "FOK"], undefined>, undefined>;
    readonly reduceOnly: v.OptionalSchema<v.BooleanSchema<undefined>, undefined>;
    readonly postOnly: v.OptionalSchema<v.BooleanSchema<undefined>, undefined>;
    readonly createdAt: v.OptionalSchema<v.NumberSchema<"must be UTC milliseconds">, undefined>;
    readonly updatedAt: v.OptionalSchema<v.NumberSchema<"must be UTC milliseconds">, undefined>;
    readonly leverage: v.OptionalSchema<v.NumberSchema<undefined>, undefined>;
  }, undefined>;
  readonly position: v.NullableSchema<v.ObjectSchema<{
    readonly market: v.StringSchema<undefined>;
    readonly side: v.PicklistSchema<["long", "short"], undefined>;
    readonly size: v.StringSchema<"must be a decimal string">;
    readonly entryPrice: v.StringSchema<"must be a decimal string">;
    readonly markPrice: v.StringSchema<"must be a decimal string">;
    readonly liquidationPrice: v.OptionalSchema<v.StringSchema<"must be a decimal string">, undefined>;
    readonly unrealizedPnl: v.OptionalSchema<v.StringSchema<"must be a decimal string">, undefined>;
    readonly margin: v.OptionalSchema<v.StringSchema<"must be a decimal string">, undefined>;
    readonly leverage: v.OptionalSchema<v.NumberSchema<undefined>, undefined>;
    readonly takeProfitPrice: v.NullishSchema<v.StringSchema<"must be a decimal string">, undefined>;
    readonly stopLossPrice: v.NullishSchema<v.StringSchema<"must be a decimal string">, undefined>;
    readonly tpSlStatus: v.OptionalSchema<v.GenericSchema<Open<"active" | "none">>, undefined>;
  }, undefined>, undefined>;
}, undefined> = v.object({ order: perpOrderSchema, position: v.nullable(positionSchema) })
export const leverageSchema: v.ObjectSchema<{
  readonly market: v.StringSchema<undefined>;
  readonly leverage: v.NumberSchema<undefined>;
}, undefined> = v.object({ market: v.string(), leverage: v.number() })

/** A funding payment of the caller: positive received, negative paid. */
export const fundingPaymentSchema: v.ObjectSchema<{
  readonly fundingId: v.StringSchema<"must be an id string">;
  readonly market: v.StringSchema<undefined>;
  readonly fundingRate: v.StringSchema<"must be a decimal string">;
  readonly payment: v.StringSchema<"must be a decimal string">;
  readonly positionSize: v.OptionalSchema<v.StringSchema<"must be a decimal string">, undefined>;
  readonly markPrice: v.OptionalSchema<v.StringSchema<"must be a decimal string">, undefined>;
  readonly fundingTime: v.NumberSchema<"must be UTC milliseconds">;
}, undefined> = v.object({
  fundingId: idString,
  market: v.string(),
  fundingRate: decimalString,
  payment: decimalString,
  positionSize: v.optional(decimalString),
  markPrice: v.optional(decimalString),
  fundingTime: ms,
})
export const liquidationSchema: v.ObjectSchema<{
  readonly liquidationId: v.StringSchema<"must be an id string">;
  readonly market: v.StringSchema<undefined>;
  readonly side: v.GenericSchema<Open<"long" | "short">>;
  readonly size: v.StringSchema<"must be a decimal string">;
  readonly entryPrice: v.OptionalSchema<v.StringSchema<"must be a decimal string">, undefined>;
  readonly liquidationPrice: v.OptionalSchema<v.StringSchema<"must be a decimal string">, undefined>;
  readonly markPrice: v.StringSchema<"must be a decimal string">;
  readonly lostMargin: v.OptionalSchema<v.StringSchema<"must be a decimal string">, undefined>;
  readonly createdAt: v.NumberSchema<"must be UTC milliseconds">;
}, undefined> = v.object({
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
export const pnlRecordSchema: v.ObjectSchema<{
  readonly pnlId: v.StringSchema<"must be an id string">;
  readonly market: v.StringSchema<undefined>;
  /** What realized it: a close, a reduce, a liquidation… */
  readonly type: v.OptionalSchema<v.StringSchema<undefined>, undefined>;
  readonly realizedPnl: v.StringSchema<"must be a decimal string">;
  readonly fee: v.OptionalSchema<v.StringSchema<"must be a decimal string">, undefined>;
  readonly closedSize: v.OptionalSchema<v.StringSchema<"must be a decimal string">, undefined>;
  readonly price: v.OptionalSchema<v.StringSchema<"must be a decimal string">, undefined>;
  readonly createdAt: v.NumberSchema<"must be UTC milliseconds">;
}, undefined> = v.object({
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
