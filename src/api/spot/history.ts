import { orderHistoryOperations } from '../common/orders.ts'
import type { SpotOrder } from './trading.ts'
import type { Operation } from '../operation.ts'
import type { Fill, Order } from '../common/orders.ts'

/** Spot History: the caller's orders and fills, cursor lists, need read. */
export const spotHistoryOperations: {
  listOrderHistory: Operation<{
    limit?: number | undefined;
    cursor?: string | undefined;
    market?: string | undefined;
    clientOrderId?: string | undefined;
    status?: "cancelled" | "expired" | "filled" | "rejected" | undefined;
  } | undefined, {
    items: Order[];
    nextCursor: string | null;
  }>;
  listTradeHistory: Operation<{
    limit?: number | undefined;
    cursor?: string | undefined;
    market?: string | undefined;
  } | undefined, {
    items: Fill[];
    nextCursor: string | null;
  }>;
} = orderHistoryOperations<SpotOrder>('spot', 'ETH-USDC')
