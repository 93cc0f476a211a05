// Light response checks of the operations perp and spot share (market data, orders, history).
import * as v from 'valibot'
import type { ResponseTable } from '../operation.ts'
import { cursorOf, klinesShape, withStrings } from '../response-shapes.ts'
import type { marketDataOperations } from './market-data.ts'
import type { orderHistoryOperations, orderOperations } from './orders.ts'

/** An order: perp and spot lists, placements, and a perp position's closing order. */
export const orderShape: v.GenericSchema = withStrings('orderId', 'market', 'status')
/** A batch cancel's answer (perp, spot and prediction). */
export const cancelledShape: v.GenericSchema = v.looseObject({ cancelledCount: v.number(), orderIds: v.array(v.string()) })

const marketShape = withStrings('symbol')
const levels = v.array(v.array(v.string()))

/** Checks of `marketDataOperations`. */
export const marketDataResponses: ResponseTable<ReturnType<typeof marketDataOperations>> = {
  listMarkets: v.array(marketShape),
  getMarket: marketShape,
  listKlines: klinesShape,
  getOrderbook: v.looseObject({ bids: levels, asks: levels }),
  getTicker: withStrings('market', 'lastPrice'),
  listTrades: v.array(withStrings('price', 'size')),
}

/** Checks of `orderOperations`. */
export const orderResponses: ResponseTable<ReturnType<typeof orderOperations>> = {
  listOpenOrders: cursorOf(orderShape),
  placeOrder: orderShape,
  // One result per order: the order, or its rejection; both carry a status.
  placeOrders: v.looseObject({ orders: v.array(withStrings('status')) }),
  cancelOrders: cancelledShape,
  getOrder: orderShape,
  modifyOrder: orderShape,
  cancelOrder: orderShape,
}

/** Checks of `orderHistoryOperations`. */
export const orderHistoryResponses: ResponseTable<ReturnType<typeof orderHistoryOperations>> = {
  listOrderHistory: cursorOf(orderShape),
  listTradeHistory: cursorOf(withStrings('tradeId', 'orderId', 'price', 'size')),
}
