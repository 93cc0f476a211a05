import type * as v from 'valibot'
import { orderOperations, orderSchema, type Order } from '../common/orders.ts'
import type { Operation } from '../operation.ts'
import type { CancelOrdersInput, ModifyOrderInput, OrderIdInput } from '../common/orders.ts'

const spotOrder: v.GenericSchema<{
  market: string;
  side: "buy" | "sell";
  type: "limit" | "market";
  size: string;
  price?: string | undefined;
  clientOrderId?: string | undefined;
  timeInForce?: "FOK" | "GTC" | "IOC" | undefined;
  postOnly?: boolean | undefined;
}, {
  market: string;
  side: "buy" | "sell";
  type: "limit" | "market";
  size: string;
  price?: string | undefined;
  clientOrderId?: string | undefined;
  timeInForce?: "FOK" | "GTC" | "IOC" | undefined;
  postOnly?: boolean | undefined;
}> = orderSchema({})
export interface SpotOrderInput extends v.InferInput<typeof spotOrder> {}
export type SpotOrder = Order

/** Spot Trading: as perp, without leverage. */
export const spotTradingOperations: {
  listOpenOrders: Operation<{
    limit?: number | undefined;
    cursor?: string | undefined;
    market?: string | undefined;
    clientOrderId?: string | undefined;
  } | undefined, {
    items: Order[];
    nextCursor: string | null;
  }>;
  placeOrder: Operation<SpotOrderInput, Order>;
  placeOrders: Operation<{
    orders: SpotOrderInput[];
  }, {
    orders: (Order | {
      clientOrderId: string | null;
      status: "rejected";
      error: {
        code: string;
        codeNum?: number | undefined;
        message?: string | undefined;
        details?: {
          [x: string]: unknown;
        } | null | undefined;
      };
    })[];
  }>;
  cancelOrders: Operation<CancelOrdersInput, {
    cancelledCount: number;
    orderIds: string[];
  }>;
  getOrder: Operation<OrderIdInput, Order>;
  modifyOrder: Operation<ModifyOrderInput, Order>;
  cancelOrder: Operation<OrderIdInput, Order>;
} = orderOperations<SpotOrder, SpotOrderInput>('spot', spotOrder, {
  market: 'ETH-USDC', side: 'buy', type: 'limit', size: '0.1', price: '3000',
})
