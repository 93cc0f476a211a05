// Response schemas of the operations perp and spot share (market data, orders, history): the checks
// of `exchange-client/strict` and the source of their types (common/market-data.ts, common/orders.ts).
import * as v from 'valibot'
import {
  cancelledOrdersSchema,
  cursorOf,
  decimalString,
  idString,
  klinesSchema,
  ms,
  openString,
  sideSchema,
  type Open,
} from '../response-shapes.ts'
import { ORDER_TYPES, TIMES_IN_FORCE, type OrderStatus } from '../schemas.ts'

// ---- Market data ----

/** A market's trading rules; decimals as strings. */
export const marketEntries: {
  symbol: v.StringSchema<undefined>
  baseAsset: v.StringSchema<undefined>
  quoteAsset: v.StringSchema<undefined>
  status: v.GenericSchema<Open<'active'>>
  tickSize: typeof decimalString
  stepSize: typeof decimalString
  minOrderSize: typeof decimalString
} = {
  symbol: v.string(),
  baseAsset: v.string(),
  quoteAsset: v.string(),
  status: openString<'active'>(),
  tickSize: decimalString,
  stepSize: decimalString,
  minOrderSize: decimalString,
}
export const marketSchema: v.ObjectSchema<typeof marketEntries, undefined> = v.object(marketEntries)

export const tickerEntries: {
  market: v.StringSchema<undefined>
  lastPrice: typeof decimalString
  high24h: typeof decimalString
  low24h: typeof decimalString
  volume24h: typeof decimalString
  change24h: typeof decimalString
} = {
  market: v.string(),
  lastPrice: decimalString,
  high24h: decimalString,
  low24h: decimalString,
  volume24h: decimalString,
  change24h: decimalString,
}
export const tickerSchema: v.ObjectSchema<typeof tickerEntries, undefined> = v.object(tickerEntries)

/** `[price, size]`, both decimal strings. */
const bookLevelSchema = v.tuple([decimalString, decimalString])
export const orderBookSchema: v.ObjectSchema<{
  readonly market: v.StringSchema<undefined>
  readonly bids: v.ArraySchema<v.TupleSchema<[typeof decimalString, typeof decimalString], undefined>, undefined>
  readonly asks: v.ArraySchema<v.TupleSchema<[typeof decimalString, typeof decimalString], undefined>, undefined>
  readonly timestamp: typeof ms
}, undefined> = v.object({ market: v.string(), bids: v.array(bookLevelSchema), asks: v.array(bookLevelSchema), timestamp: ms })

/** A public trade of the market. */
export const tradeSchema: v.ObjectSchema<{
  readonly tradeId: v.OptionalSchema<typeof idString, undefined>
  readonly market: v.StringSchema<undefined>
  readonly price: typeof decimalString
  readonly size: typeof decimalString
  readonly side: typeof sideSchema
  readonly timestamp: typeof ms
}, undefined> = v.object({
  tradeId: v.optional(idString),
  market: v.string(),
  price: decimalString,
  size: decimalString,
  side: sideSchema,
  timestamp: ms,
})

/** Checks of `marketDataOperations`, with the area's own market and ticker. */
/* @__NO_SIDE_EFFECTS__ */
export function marketDataResponses<M extends v.GenericSchema, T extends v.GenericSchema>(market: M, ticker: T) {
  return {
    listMarkets: v.array(market),
    getMarket: market,
    listKlines: klinesSchema,
    getOrderbook: orderBookSchema,
    getTicker: ticker,
    listTrades: v.array(tradeSchema),
  }
}

// ---- Orders ----

/** An order as the service reports it; ids and decimals are strings. */
export const orderEntries: {
  orderId: typeof idString
  clientOrderId: v.NullishSchema<v.StringSchema<undefined>, undefined>
  market: v.StringSchema<undefined>
  side: typeof sideSchema
  type: v.PicklistSchema<readonly ['limit', 'market'], undefined>
  price: v.NullishSchema<typeof decimalString, undefined>
  size: typeof decimalString
  filledSize: v.OptionalSchema<typeof decimalString, undefined>
  remainingSize: v.OptionalSchema<typeof decimalString, undefined>
  avgFillPrice: v.NullishSchema<typeof decimalString, undefined>
  fee: v.OptionalSchema<typeof decimalString, undefined>
  status: v.GenericSchema<Open<OrderStatus>>
  timeInForce: v.OptionalSchema<v.PicklistSchema<readonly ['GTC', 'IOC', 'FOK'], undefined>, undefined>
  reduceOnly: v.OptionalSchema<v.BooleanSchema<undefined>, undefined>
  postOnly: v.OptionalSchema<v.BooleanSchema<undefined>, undefined>
  createdAt: v.OptionalSchema<typeof ms, undefined>
  updatedAt: v.OptionalSchema<typeof ms, undefined>
} = {
  orderId: idString,
  clientOrderId: v.nullish(v.string()),
  market: v.string(),
  side: sideSchema,
  type: v.picklist(ORDER_TYPES),
  price: v.nullish(decimalString),
  size: decimalString,
  filledSize: v.optional(decimalString),
  remainingSize: v.optional(decimalString),
  avgFillPrice: v.nullish(decimalString),
  fee: v.optional(decimalString),
  status: openString<OrderStatus>(),
  timeInForce: v.optional(v.picklist(TIMES_IN_FORCE)),
  reduceOnly: v.optional(v.boolean()),
  postOnly: v.optional(v.boolean()),
  createdAt: v.optional(ms),
  updatedAt: v.optional(ms),
}
export const baseOrderSchema: v.ObjectSchema<typeof orderEntries, undefined> = v.object(orderEntries)

/** An order of a batch the exchange refused; the rest of the batch still went ahead. */
export const rejectedOrderSchema: v.ObjectSchema<{
  readonly clientOrderId: v.NullableSchema<v.StringSchema<undefined>, undefined>
  readonly status: v.LiteralSchema<'rejected', undefined>
  readonly error: v.ObjectSchema<{
    readonly code: v.StringSchema<undefined>
    readonly codeNum: v.OptionalSchema<v.NumberSchema<undefined>, undefined>
    readonly message: v.OptionalSchema<v.StringSchema<undefined>, undefined>
    readonly details: v.NullishSchema<v.RecordSchema<v.StringSchema<undefined>, v.UnknownSchema, undefined>, undefined>
  }, undefined>
}, undefined> = v.object({
  clientOrderId: v.nullable(v.string()),
  status: v.literal('rejected'),
  error: v.object({
    code: v.string(),
    codeNum: v.optional(v.number()),
    message: v.optional(v.string()),
    details: v.nullish(v.record(v.string(), v.unknown())),
  }),
})

/** One result per order of a batch, in the order sent: the order, or its rejection. */
/* @__NO_SIDE_EFFECTS__ */
export function placedOrdersOf<O extends v.GenericSchema>(order: O): v.ObjectSchema<{
  readonly orders: v.ArraySchema<v.UnionSchema<[O, typeof rejectedOrderSchema], undefined>, undefined>
}, undefined> {
  return v.object({ orders: v.array(v.union([order, rejectedOrderSchema])) })
}

/** Checks of `orderOperations`, with the area's own order. */
/* @__NO_SIDE_EFFECTS__ */
export function orderResponses<O extends v.GenericSchema>(order: O) {
  return {
    listOpenOrders: cursorOf(order),
    placeOrder: order,
    placeOrders: placedOrdersOf(order),
    cancelOrders: cancelledOrdersSchema,
    getOrder: order,
    modifyOrder: order,
    cancelOrder: order,
  }
}

// ---- History ----

/** A fill of one of the caller's orders. */
export const fillSchema: v.ObjectSchema<{
  readonly tradeId: typeof idString
  readonly orderId: typeof idString
  readonly clientOrderId: v.NullishSchema<v.StringSchema<undefined>, undefined>
  readonly market: v.StringSchema<undefined>
  readonly side: typeof sideSchema
  readonly price: typeof decimalString
  readonly size: typeof decimalString
  readonly fee: typeof decimalString
  readonly liquidity: v.OptionalSchema<v.GenericSchema<Open<'maker' | 'taker'>>, undefined>
  /** Perp fills: PnL realized by this fill. */
  readonly realizedPnl: v.OptionalSchema<typeof decimalString, undefined>
  readonly createdAt: typeof ms
}, undefined> = v.object({
  tradeId: idString,
  orderId: idString,
  clientOrderId: v.nullish(v.string()),
  market: v.string(),
  side: sideSchema,
  price: decimalString,
  size: decimalString,
  fee: decimalString,
  liquidity: v.optional(openString<'maker' | 'taker'>()),
  /** Perp fills: PnL realized by this fill. */
  realizedPnl: v.optional(decimalString),
  createdAt: ms,
})

/** Checks of `orderHistoryOperations`, with the area's own order. */
/* @__NO_SIDE_EFFECTS__ */
export function orderHistoryResponses<O extends v.GenericSchema>(order: O) {
  return {
    listOrderHistory: cursorOf(order),
    listTradeHistory: cursorOf(fillSchema),
  }
}

