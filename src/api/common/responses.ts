// Light response checks of the operations perp and spot share (market data, orders, history).
import * as v from 'valibot'
import { cursorOf, klinesShape, withStrings } from '../response-shapes.ts'

/** An order: perp and spot lists, placements, and a perp position's closing order. */
export const orderShape = withStrings('orderId', 'market', 'status')
/** A batch cancel's answer (perp, spot and prediction). */
export const cancelledShape = v.looseObject({ cancelledCount: v.number(), orderIds: v.array(v.string()) })

const marketShape = withStrings('symbol')
const levels = v.array(v.array(v.string()))

/** Checks of `marketDataOperations`. */
export const marketDataResponses = {
  listMarkets: v.array(marketShape),
  getMarket: marketShape,
  getKlines: klinesShape,
  getOrderbook: v.looseObject({ bids: levels, asks: levels }),
  getTicker: withStrings('market', 'lastPrice'),
  getTrades: v.array(withStrings('price', 'size')),
}

/** Checks of `orderOperations`. */
export const orderResponses = {
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
export const orderHistoryResponses = {
  getOrderHistory: cursorOf(orderShape),
  getTradeHistory: cursorOf(withStrings('tradeId', 'orderId', 'price', 'size')),
}
