import * as v from 'valibot'
import { orderOperations, orderSchema, type CancelOrdersInput, type ModifyOrderInput, type OpenOrdersQuery, type OrderIdInput, type OrderSchema, type PlacedOrders } from '../common/orders.ts'
import { integer, type IntegerSchema } from '../schemas.ts'
import type * as schemas from './responses.ts'
import type { Operation } from '../operation.ts'
import type { CancelledOrders, CursorPage } from '../response-shapes.ts'

/** Leverage a perp order or position may ask for: a whole number from 1; the market's maximum is the service's to enforce. */
export const leverage: IntegerSchema = integer(1)

const perpOrder: OrderSchema<{
  leverage: v.OptionalSchema<IntegerSchema, undefined>
  reduceOnly: v.OptionalSchema<v.BooleanSchema<'must be true or false'>, undefined>
}> = orderSchema({ leverage: v.optional(leverage), reduceOnly: v.optional(v.boolean('must be true or false')) })
export interface PerpOrderInput extends v.InferInput<typeof perpOrder> {}

export interface PerpOrder extends v.InferOutput<typeof schemas.perpOrderSchema> {}

/** Perp Trading: orders need read (lists) or trade (writes). */
export const perpTradingOperations: {
  listOpenOrders: Operation<OpenOrdersQuery, CursorPage<PerpOrder>>
  placeOrder: Operation<PerpOrderInput, PerpOrder>
  placeOrders: Operation<{ orders: PerpOrderInput[] }, PlacedOrders<PerpOrder>>
  cancelOrders: Operation<CancelOrdersInput, CancelledOrders>
  getOrder: Operation<OrderIdInput, PerpOrder>
  modifyOrder: Operation<ModifyOrderInput, PerpOrder>
  cancelOrder: Operation<OrderIdInput, PerpOrder>
} = orderOperations<PerpOrder, PerpOrderInput>('perp', perpOrder, {
  market: 'BTC-USDC', side: 'buy', type: 'limit', size: '0.01', price: '60000', leverage: 5,
})
