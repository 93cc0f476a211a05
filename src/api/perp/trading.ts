import * as v from 'valibot'
import { orderOperations, orderSchema } from '../common/orders.ts'
import { integer } from '../schemas.ts'
import type * as schemas from './responses.ts'
import type { Operation } from '../operation.ts'
import type { CancelOrdersInput, ModifyOrderInput, OrderIdInput } from '../common/orders.ts'

/** Leverage a perp order or position may ask for: a whole number from 1; the market's maximum is the service's to enforce. */
export const leverage: v.SchemaWithPipe<readonly [v.NumberSchema<string>, v.CheckAction<number, string>]> = integer(1)

const perpOrder: v.GenericSchema<{
  market: string;
  side: "buy" | "sell";
  type: "limit" | "market";
  size: string;
  price?: string | undefined;
  clientOrderId?: string | undefined;
  timeInForce?: "FOK" | "GTC" | "IOC" | undefined;
  postOnly?: boolean | undefined;
  leverage?: number | undefined;
  reduceOnly?: boolean | undefined;
}, {
  market: string;
  side: "buy" | "sell";
  type: "limit" | "market";
  size: string;
  price?: string | undefined;
  clientOrderId?: string | undefined;
  timeInForce?: "FOK" | "GTC" | "IOC" | undefined;
  postOnly?: boolean | undefined;
  leverage?: number | undefined;
  reduceOnly?: boolean | undefined;
}> = orderSchema({ leverage: v.optional(leverage), reduceOnly: v.optional(v.boolean('must be true or false')) })
export interface PerpOrderInput extends v.InferInput<typeof perpOrder> {}

export interface PerpOrder extends v.InferOutput<typeof schemas.perpOrderSchema> {}

/** Perp Trading: orders need read (lists) or trade (writes). */
export const perpTradingOperations: {
  listOpenOrders: Operation<{
    limit?: number | undefined;
    cursor?: string | undefined;
    market?: string | undefined;
    clientOrderId?: string | undefined;
  } | undefined, {
    items: PerpOrder[];
    nextCursor: string | null;
  }>;
  placeOrder: Operation<PerpOrderInput, PerpOrder>;
  placeOrders: Operation<{
    orders: PerpOrderInput[];
  }, {
    orders: (PerpOrder | {
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
  getOrder: Operation<OrderIdInput, PerpOrder>;
  modifyOrder: Operation<ModifyOrderInput, PerpOrder>;
  cancelOrder: Operation<OrderIdInput, PerpOrder>;
} = orderOperations<PerpOrder, PerpOrderInput>('perp', perpOrder, {
  market: 'BTC-USDC', side: 'buy', type: 'limit', size: '0.01', price: '60000', leverage: 5,
})
