import * as v from 'valibot'
import { orderOperations, orderSchema } from '../common/orders.ts'
import { integer } from '../schemas.ts'
import type * as schemas from './responses.ts'

/** Leverage a perp order or position may ask for: a whole number from 1; the market's maximum is the service's to enforce. */
export const leverage = integer(1)

const perpOrder = orderSchema({ leverage: v.optional(leverage), reduceOnly: v.optional(v.boolean('must be true or false')) })
export interface PerpOrderInput extends v.InferInput<typeof perpOrder> {}

export interface PerpOrder extends v.InferOutput<typeof schemas.perpOrderSchema> {}

/** Perp Trading: orders need read (lists) or trade (writes). */
export const perpTradingOperations = orderOperations<PerpOrder, PerpOrderInput>('perp', perpOrder, {
  market: 'BTC-USDC', side: 'buy', type: 'limit', size: '0.01', price: '60000', leverage: 5,
})
