// Response schemas of every perp operation (`exchange-client/strict`), and the source of the perp
// response types (market-data.ts, trading.ts, positions.ts, history.ts import them as types only).
import * as v from 'valibot'
import {
  marketEntries,
  orderEntries,
  tickerEntries,
} from '../common/responses.ts'
import { decimalString, idString, ms, openString, type Open } from '../response-shapes.ts'
import type { OrderStatus } from '../schemas.ts'

export const perpMarketSchema: v.ObjectSchema<{
  readonly symbol: v.StringSchema<undefined>
  readonly baseAsset: v.StringSchema<undefined>
  readonly quoteAsset: v.StringSchema<undefined>
  readonly status: v.GenericSchema<Open<'active'>>
  readonly tickSize: typeof decimalString
  readonly stepSize: typeof decimalString
  readonly minOrderSize: typeof decimalString
  readonly maxLeverage: v.NumberSchema<undefined>
}, undefined> = v.object({ ...marketEntries, maxLeverage: v.number() })
export const perpTickerSchema: v.ObjectSchema<{
  readonly market: v.StringSchema<undefined>
  readonly lastPrice: typeof decimalString
  readonly high24h: typeof decimalString
  readonly low24h: typeof decimalString
  readonly volume24h: typeof decimalString
  readonly change24h: typeof decimalString
  readonly markPrice: typeof decimalString
  readonly indexPrice: typeof decimalString
}, undefined> = v.object({ ...tickerEntries, markPrice: decimalString, indexPrice: decimalString })

export const fundingRateSchema: v.ObjectSchema<{
  readonly market: v.StringSchema<undefined>
  readonly fundingRate: typeof decimalString
  /** When the rate applies (history), UTC ms. */
  readonly fundingTime: v.OptionalSchema<typeof ms, undefined>
  /** When the current rate next applies, UTC ms. */
  readonly nextFundingTime: v.OptionalSchema<typeof ms, undefined>
}, undefined> = v.object({
  market: v.string(),
  fundingRate: decimalString,
  /** When the rate applies (history), UTC ms. */
  fundingTime: v.optional(ms),
  /** When the current rate next applies, UTC ms. */
  nextFundingTime: v.optional(ms),
})
export const insuranceFundSchema: v.ObjectSchema<{
  readonly balance: typeof decimalString
  readonly token: v.StringSchema<undefined>
}, undefined> = v.object({ balance: decimalString, token: v.string() })
export const markPriceSchema: v.ObjectSchema<{
  readonly market: v.StringSchema<undefined>
  readonly markPrice: typeof decimalString
}, undefined> = v.object({ market: v.string(), markPrice: decimalString })
export const indexPriceSchema: v.ObjectSchema<{
  readonly market: v.StringSchema<undefined>
  readonly indexPrice: typeof decimalString
}, undefined> = v.object({ market: v.string(), indexPrice: decimalString })
export const openInterestSchema: v.ObjectSchema<{
  readonly market: v.StringSchema<undefined>
  readonly openInterest: typeof decimalString
}, undefined> = v.object({ market: v.string(), openInterest: decimalString })

export const perpOrderSchema: v.ObjectSchema<{
  readonly orderId: typeof idString
  readonly clientOrderId: v.NullishSchema<v.StringSchema<undefined>, undefined>
  readonly market: v.StringSchema<undefined>
  readonly side: v.PicklistSchema<readonly ['buy', 'sell'], undefined>
  readonly type: v.PicklistSchema<readonly ['limit', 'market'], undefined>
  readonly price: v.NullishSchema<typeof decimalString, undefined>
  readonly size: typeof decimalString
  readonly filledSize: v.OptionalSchema<typeof decimalString, undefined>
  readonly remainingSize: v.OptionalSchema<typeof decimalString, undefined>
  readonly avgFillPrice: v.NullishSchema<typeof decimalString, undefined>
  readonly fee: v.OptionalSchema<typeof decimalString, undefined>
  readonly status: v.GenericSchema<Open<OrderStatus>>
  readonly timeInForce: v.OptionalSchema<v.PicklistSchema<readonly ['GTC', 'IOC', 'FOK'], undefined>, undefined>
  readonly reduceOnly: v.OptionalSchema<v.BooleanSchema<undefined>, undefined>
  readonly postOnly: v.OptionalSchema<v.BooleanSchema<undefined>, undefined>
  readonly createdAt: v.OptionalSchema<typeof ms, undefined>
  readonly updatedAt: v.OptionalSchema<typeof ms, undefined>
  readonly leverage: v.OptionalSchema<v.NumberSchema<undefined>, undefined>
}, undefined> = v.object({ ...orderEntries, leverage: v.optional(v.number()) })

/** An open position; decimals are strings. */
export const positionSchema: v.ObjectSchema<{
  readonly market: v.StringSchema<undefined>
  readonly side: v.PicklistSchema<['long', 'short'], undefined>
  readonly size: typeof decimalString
  readonly entryPrice: typeof decimalString
  readonly markPrice: typeof decimalString
  readonly liquidationPrice: v.OptionalSchema<typeof decimalString, undefined>
  readonly unrealizedPnl: v.OptionalSchema<typeof decimalString, undefined>
  readonly margin: v.OptionalSchema<typeof decimalString, undefined>
  readonly leverage: v.OptionalSchema<v.NumberSchema<undefined>, undefined>
  readonly takeProfitPrice: v.NullishSchema<typeof decimalString, undefined>
  readonly stopLossPrice: v.NullishSchema<typeof decimalString, undefined>
  readonly tpSlStatus: v.OptionalSchema<v.GenericSchema<Open<'active' | 'none'>>, undefined>
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
  readonly order: typeof perpOrderSchema
  readonly position: v.NullableSchema<typeof positionSchema, undefined>
}, undefined> = v.object({ order: perpOrderSchema, position: v.nullable(positionSchema) })
export const leverageSchema: v.ObjectSchema<{
  readonly market: v.StringSchema<undefined>
  readonly leverage: v.NumberSchema<undefined>
}, undefined> = v.object({ market: v.string(), leverage: v.number() })

/** A funding payment of the caller: positive received, negative paid. */
export const fundingPaymentSchema: v.ObjectSchema<{
  readonly fundingId: typeof idString
  readonly market: v.StringSchema<undefined>
  readonly fundingRate: typeof decimalString
  readonly payment: typeof decimalString
  readonly positionSize: v.OptionalSchema<typeof decimalString, undefined>
  readonly markPrice: v.OptionalSchema<typeof decimalString, undefined>
  readonly fundingTime: typeof ms
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
  readonly liquidationId: typeof idString
  readonly market: v.StringSchema<undefined>
  readonly side: v.GenericSchema<Open<'long' | 'short'>>
  readonly size: typeof decimalString
  readonly entryPrice: v.OptionalSchema<typeof decimalString, undefined>
  readonly liquidationPrice: v.OptionalSchema<typeof decimalString, undefined>
  readonly markPrice: typeof decimalString
  readonly lostMargin: v.OptionalSchema<typeof decimalString, undefined>
  readonly createdAt: typeof ms
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
  readonly pnlId: typeof idString
  readonly market: v.StringSchema<undefined>
  /** What realized it: a close, a reduce, a liquidation… */
  readonly type: v.OptionalSchema<v.StringSchema<undefined>, undefined>
  readonly realizedPnl: typeof decimalString
  readonly fee: v.OptionalSchema<typeof decimalString, undefined>
  readonly closedSize: v.OptionalSchema<typeof decimalString, undefined>
  readonly price: v.OptionalSchema<typeof decimalString, undefined>
  readonly createdAt: typeof ms
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
