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
} from '../response-shapes.ts'
import { ORDER_TYPES, TIMES_IN_FORCE, type OrderStatus } from '../schemas.ts'

// ---- Market data ----

/** A market's trading rules; decimals as strings. */
export const marketEntries = {
  symbol: v.string(),
  baseAsset: v.string(),
  quoteAsset: v.string(),
  status: openString<'active'>(),
  tickSize: decimalString,
  stepSize: decimalString,
  minOrderSize: decimalString,
}
export const marketSchema = v.object(marketEntries)

export const tickerEntries = {
  market: v.string(),
  lastPrice: decimalString,
  high24h: decimalString,
  low24h: decimalString,
  volume24h: decimalString,
  change24h: decimalString,
}
export const tickerSchema = v.object(tickerEntries)

/** `[price, size]`, both decimal strings. */
const bookLevelSchema = v.tuple([decimalString, decimalString])
export const orderBookSchema = v.object({ market: v.string(), bids: v.array(bookLevelSchema), asks: v.array(bookLevelSchema), timestamp: ms })

/** A public trade of the market. */
export const tradeSchema = v.object({
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
export const orderEntries = {
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
export const baseOrderSchema = v.object(orderEntries)

/** An order of a batch the exchange refused; the rest of the batch still went ahead. */
export const rejectedOrderSchema = v.object({
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
export function placedOrdersOf<O extends v.GenericSchema>(order: O) {
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
export const fillSchema = v.object({
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

