import type * as v from 'valibot'
import { orderOperations, orderSchema, type Order } from '../common/orders.ts'

const spotOrder = orderSchema({})
export interface SpotOrderInput extends v.InferInput<typeof spotOrder> {}
export type SpotOrder = Order

/** Spot Trading: as perp, without leverage. */
export const spotTradingOperations = orderOperations<SpotOrder, SpotOrderInput>('spot', spotOrder, {
  market: 'ETH-USDC', side: 'buy', type: 'limit', size: '0.1', price: '3000',
})
