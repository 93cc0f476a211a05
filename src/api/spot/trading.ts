import type * as v from 'valibot'
import { orderOperations, orderSchema, type CancelOrdersInput, type ModifyOrderInput, type OpenOrdersQuery, type Order, type OrderIdInput, type OrderSchema, type PlacedOrders } from '../common/orders.ts'
import type { Operation } from '../operation.ts'
import type { CancelledOrders, CursorPage } from '../response-shapes.ts'

const spotOrder: OrderSchema<{}> = orderSchema({})
export interface SpotOrderInput extends v.InferInput<typeof spotOrder> {}
export type SpotOrder = Order

/** Spot Trading: as perp, without leverage. */
export const spotTradingOperations: {
  listOpenOrders: Operation<OpenOrdersQuery, CursorPage<SpotOrder>>
  placeOrder: Operation<SpotOrderInput, SpotOrder>
  placeOrders: Operation<{ orders: SpotOrderInput[] }, PlacedOrders<SpotOrder>>
  cancelOrders: Operation<CancelOrdersInput, CancelledOrders>
  getOrder: Operation<OrderIdInput, SpotOrder>
  modifyOrder: Operation<ModifyOrderInput, SpotOrder>
  cancelOrder: Operation<OrderIdInput, SpotOrder>
} = orderOperations<SpotOrder, SpotOrderInput>('spot', spotOrder, {
  market: 'ETH-USDC', side: 'buy', type: 'limit', size: '0.1', price: '3000',
})
