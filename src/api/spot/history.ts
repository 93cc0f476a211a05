import { orderHistoryOperations } from '../common/orders.ts'
import type { SpotOrder } from './trading.ts'

/** Spot History: the caller's orders and fills, cursor lists, need read. */
export const spotHistoryOperations = orderHistoryOperations<SpotOrder>('spot', 'ETH-USDC')
