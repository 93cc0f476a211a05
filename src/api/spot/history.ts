import { orderHistoryOperations, type Fill, type HistoryQuery, type OrderHistoryQuery } from '../common/orders.ts'
import type { SpotOrder } from './trading.ts'
import type { Operation } from '../operation.ts'
import type { CursorPage } from '../response-shapes.ts'

/** Spot History: the caller's orders and fills, cursor lists, need read. */
export const spotHistoryOperations: {
  listOrderHistory: Operation<OrderHistoryQuery, CursorPage<SpotOrder>>
  listTradeHistory: Operation<HistoryQuery, CursorPage<Fill>>
} = orderHistoryOperations<SpotOrder>('spot', 'ETH-USDC')
