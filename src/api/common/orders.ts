// Perp and spot trade orders the same way under their own prefix; their order tables come from here.
import * as v from 'valibot'
import { ExchangeResponseError, type OrderOutcomeUnknownError } from '../../errors.ts'
import { explained } from '../input-issues.ts'
import { operation, parseInput, type CallOptions, type Operation } from '../operation.ts'
import { paginate, type PaginateOptions } from '../paginate.ts'
import type { CancelledOrders } from '../response-shapes.ts'
import { findWalk, reconcileOrder, type ReconcileOptions, type Reconciliation, type ServerTimeSource } from './reconcile.ts'
import {
  batchOf,
  clientOrderId,
  cursorEntries,
  id,
  marketSymbol,
  on,
  positiveDecimal,
  type OrderSide,
  type OrderStatus,
  type OrderType,
  type TimeInForce,
  type PatternSchema,
  type TextSchema,
  type IntegerSchema,
} from '../schemas.ts'
import type { CursorPage } from '../response-shapes.ts'
import type * as schemas from './responses.ts'

export type { CancelledOrders, Open } from '../response-shapes.ts'
export type { OrderSide, OrderStatus, OrderType, TimeInForce } from '../schemas.ts'

/** An order as the service reports it; ids and decimals are strings. */
export interface Order extends v.InferOutput<typeof schemas.baseOrderSchema> {}
/** An order of a batch the exchange refused; the rest of the batch still went ahead. */
export interface RejectedOrder extends v.InferOutput<typeof schemas.rejectedOrderSchema> {}
/** One result per order of a batch, in the order sent: the order, or its rejection. */
export type PlacedOrders<O> = v.InferOutput<ReturnType<typeof schemas.placedOrdersOf<v.GenericSchema<O>>>>
/** A fill of one of the caller's orders. */
export interface Fill extends v.InferOutput<typeof schemas.fillSchema> {}

/**
 * The fields every order takes; perp adds leverage and reduceOnly (spot has no position to reduce,
 * and the service's clients send reduceOnly for perp only).
 */
// The input picklists spell their values out (shared constants cost bundle bytes); `satisfies` keeps
// them within the enumerations of schemas.ts, which the response schemas use.
export const orderEntries: {
  market: PatternSchema
  side: v.PicklistSchema<('buy' | 'sell')[], 'must be "buy" or "sell"'>
  type: v.PicklistSchema<('limit' | 'market')[], 'must be "limit" or "market"'>
  size: typeof positiveDecimal
  price: v.OptionalSchema<typeof positiveDecimal, undefined>
  clientOrderId: v.OptionalSchema<PatternSchema, undefined>
  timeInForce: v.OptionalSchema<v.PicklistSchema<('FOK' | 'GTC' | 'IOC')[], 'must be GTC, IOC or FOK'>, undefined>
  postOnly: v.OptionalSchema<v.BooleanSchema<'must be true or false'>, undefined>
} = {
  market: marketSymbol,
  side: v.picklist(['buy', 'sell'] satisfies OrderSide[], 'must be "buy" or "sell"'),
  type: v.picklist(['limit', 'market'] satisfies OrderType[], 'must be "limit" or "market"'),
  size: positiveDecimal,
  price: v.optional(positiveDecimal),
  clientOrderId: v.optional(clientOrderId),
  timeInForce: v.optional(v.picklist(['GTC', 'IOC', 'FOK'] satisfies TimeInForce[], 'must be GTC, IOC or FOK')),
  postOnly: v.optional(v.boolean('must be true or false')),
}

/**
 * The service answers a clientOrderId it already holds with that earlier order, whatever the new
 * input says: an answer whose market, side, size or price is not the input's is not the order asked
 * for. A field the answer leaves out is not compared, nor a reduceOnly order's size (it may shrink
 * to the position).
 */
function sameOrder(input: Record<string, unknown> | undefined, order: Order): void {
  for (const field of ['market', 'side', 'size', 'price'] as const) {
    const asked = input![field]
    const got = order?.[field]
    // Decimals as numbers ('0.010' is '0.01'), names as they are.
    if (asked != null && got != null && !(field === 'size' && input!.reduceOnly) && (Number(asked) || asked) !== (Number(got) || got)) {
      throw new ExchangeResponseError(200, `clientOrderId ${input!.clientOrderId} names order ${order.orderId}, of ${field} ${got}, not ${asked}: not placed`, { field })
    }
  }
}

/** A batch: each answered order against the input order of its clientOrderId (rejected entries carry no terms). */
function sameOrders(input: Record<string, unknown> | undefined, placed: { orders?: unknown }): void {
  const asked = new Map((input!.orders as Record<string, unknown>[]).map((order) => [order.clientOrderId, order]))
  for (const order of Array.isArray(placed?.orders) ? (placed.orders as Order[]) : []) {
    const mine = asked.get(order?.clientOrderId)
    if (mine) sameOrder(mine, order)
  }
}

type OrderObject<E extends v.ObjectEntries> = v.StrictObjectSchema<typeof orderEntries & E, undefined>
/** What `orderSchema` makes of an area's extra fields `E`. */
export type OrderSchema<E extends v.ObjectEntries> = v.GenericSchema<v.InferInput<OrderObject<E>>, v.InferOutput<OrderObject<E>>>

/**
 * One order of an area: the common fields plus the area's own (perp: leverage). The return type is
 * spelled out: the one TypeScript infers for a generic pipe does not survive declaration emit.
 */
/* @__NO_SIDE_EFFECTS__ */
export function orderSchema<E extends v.ObjectEntries>(extra: E): OrderSchema<E> {
  return v.pipe(
    v.strictObject({ ...orderEntries, ...extra }),
    v.check((order) => order.type !== 'limit' || order.price !== undefined, on('price', 'a limit order needs a price')),
    // Refused, not dropped: the caller meant some price, and a market order would not honour it.
    v.check((order) => order.type !== 'market' || order.price === undefined, on('price', 'a market order takes no price (price is for limit orders only)')),
  )
}

const orderIdInput: v.StrictObjectSchema<{
  readonly orderId: typeof id
}, undefined> = v.strictObject({ orderId: id })
const openOrdersQuery: v.OptionalSchema<v.StrictObjectSchema<{
  readonly limit: v.OptionalSchema<IntegerSchema, undefined>
  readonly cursor: v.OptionalSchema<TextSchema, undefined>
  readonly market: v.OptionalSchema<PatternSchema, undefined>
  readonly clientOrderId: v.OptionalSchema<PatternSchema, undefined>
}, undefined>, undefined> = v.optional(v.strictObject({ market: v.optional(marketSymbol), clientOrderId: v.optional(clientOrderId), ...cursorEntries }))
const modifyInput: v.SchemaWithPipe<readonly [v.StrictObjectSchema<{
  readonly orderId: typeof id
  readonly price: v.OptionalSchema<typeof positiveDecimal, undefined>
  readonly size: v.OptionalSchema<typeof positiveDecimal, undefined>
}, undefined>, v.CheckAction<{
  orderId: string
  price?: string | undefined
  size?: string | undefined
}, (issue: v.BaseIssue<unknown>) => string>]> = v.pipe(
  v.strictObject({ orderId: id, price: v.optional(positiveDecimal), size: v.optional(positiveDecimal) }),
  v.check((input) => input.price !== undefined || input.size !== undefined, on('price', 'give a new price, a new size or both')),
)
const cancelInput: v.StrictObjectSchema<{
  readonly orderIds: v.SchemaWithPipe<readonly [v.ArraySchema<typeof id, 'must be a non-empty array'>, v.CheckAction<string[], 'must be a non-empty array'>]>
}, undefined> = v.strictObject({ orderIds: batchOf(id) })

export interface OrderIdInput extends v.InferInput<typeof orderIdInput> {}
export type OpenOrdersQuery = v.InferInput<typeof openOrdersQuery>
export interface ModifyOrderInput extends v.InferInput<typeof modifyInput> {}
export interface CancelOrdersInput extends v.InferInput<typeof cancelInput> {}

/**
 * The seven order operations of an area (`/api/v1/<area>/orders…`). `order` validates one
 * order; `example` is a valid one.
 */
/* @__NO_SIDE_EFFECTS__ */
export function orderOperations<O extends Order, I extends Record<string, unknown>>(
  area: 'perp' | 'spot',
  order: v.GenericSchema<I, unknown>,
  example: I,
): {
  listOpenOrders: Operation<OpenOrdersQuery, CursorPage<O>>
  placeOrder: Operation<I, O>
  placeOrders: Operation<{ orders: I[] }, PlacedOrders<O>>
  cancelOrders: Operation<CancelOrdersInput, CancelledOrders>
  getOrder: Operation<OrderIdInput, O>
  modifyOrder: Operation<ModifyOrderInput, O>
  cancelOrder: Operation<OrderIdInput, O>
} {
  const orders = `/api/v1/${area}/orders`
  return {
    listOpenOrders: operation<CursorPage<O>, OpenOrdersQuery>({
      method: 'GET', path: orders, auth: 'read', effect: 'read', source: 'spec',
      summary: `Open ${area} orders (cursor list); filter by market or clientOrderId`,
      input: openOrdersQuery, example: { market: example.market as string, limit: 20 },
    }),
    placeOrder: operation<O, I>({
      method: 'POST', path: orders, auth: 'trade', effect: 'trade', source: 'spec',
      summary: `Place a ${area} order; a clientOrderId is generated when absent and kept across retries`,
      input: order, example, placement: 'order', answered: sameOrder,
    }),
    placeOrders: operation<PlacedOrders<O>, { orders: I[] }>({
      method: 'POST', path: `${orders}/batch`, auth: 'trade', effect: 'trade', source: 'spec',
      summary: `Place several ${area} orders in one call; each gets a clientOrderId when it has none`,
      input: v.strictObject({ orders: batchOf(order) }) as v.GenericSchema<{ orders: I[] }, unknown>,
      example: { orders: [example, { ...example, side: 'sell' }] }, placement: 'orders', answered: sameOrders,
    }),
    cancelOrders: operation<CancelledOrders, CancelOrdersInput>({
      method: 'DELETE', path: `${orders}/batch`, auth: 'trade', effect: 'trade', source: 'spec',
      summary: `Cancel several ${area} orders by id (body { order_ids })`,
      input: cancelInput, wire: { orderIds: 'order_ids' }, deleteBody: true, example: { orderIds: ['1001', '1002'] },
    }),
    getOrder: operation<O, OrderIdInput>({
      method: 'GET', path: `${orders}/:orderId`, auth: 'read', effect: 'read', source: 'spec',
      summary: `One ${area} order by id`, input: orderIdInput, example: { orderId: '1001' },
    }),
    modifyOrder: operation<O, ModifyOrderInput>({
      method: 'PUT', path: `${orders}/:orderId`, auth: 'trade', effect: 'trade', source: 'spec',
      summary: `Change the price or size of an open ${area} order`,
      input: modifyInput, example: { orderId: '1001', price: example.price as string },
    }),
    cancelOrder: operation<O, OrderIdInput>({
      method: 'DELETE', path: `${orders}/:orderId`, auth: 'trade', effect: 'trade', source: 'spec',
      summary: `Cancel one ${area} order`, input: orderIdInput, example: { orderId: '1001' },
    }),
  }
}

export const historyQuery: v.OptionalSchema<v.StrictObjectSchema<{
  readonly limit: v.OptionalSchema<IntegerSchema, undefined>
  readonly cursor: v.OptionalSchema<TextSchema, undefined>
  readonly market: v.OptionalSchema<PatternSchema, undefined>
}, undefined>, undefined> = v.optional(v.strictObject({ market: v.optional(marketSymbol), ...cursorEntries }))
const orderHistoryQuery: v.OptionalSchema<v.StrictObjectSchema<{
  readonly limit: v.OptionalSchema<IntegerSchema, undefined>
  readonly cursor: v.OptionalSchema<TextSchema, undefined>
  readonly market: v.OptionalSchema<PatternSchema, undefined>
  readonly clientOrderId: v.OptionalSchema<PatternSchema, undefined>
  readonly status: v.OptionalSchema<v.PicklistSchema<('cancelled' | 'expired' | 'filled' | 'rejected')[], 'must be filled, cancelled, expired or rejected'>, undefined>
}, undefined>, undefined> = v.optional(v.strictObject({
  market: v.optional(marketSymbol),
  clientOrderId: v.optional(clientOrderId),
  status: v.optional(v.picklist(['filled', 'cancelled', 'expired', 'rejected'] satisfies OrderStatus[], 'must be filled, cancelled, expired or rejected')),
  ...cursorEntries,
}))
export type HistoryQuery = v.InferInput<typeof historyQuery>
export type OrderHistoryQuery = v.InferInput<typeof orderHistoryQuery>

/** The order and trade history of an area (`/api/v1/<area>/history/…`). */
/* @__NO_SIDE_EFFECTS__ */
export function orderHistoryOperations<O extends Order>(area: 'perp' | 'spot', market: string): {
  listOrderHistory: Operation<OrderHistoryQuery, CursorPage<O>>
  listTradeHistory: Operation<HistoryQuery, CursorPage<Fill>>
} {
  const history = `/api/v1/${area}/history`
  return {
    listOrderHistory: operation<CursorPage<O>, OrderHistoryQuery>({
      method: 'GET', path: `${history}/orders`, auth: 'read', effect: 'read', source: 'spec',
      summary: `Closed ${area} orders (filled, cancelled, expired, rejected); cursor list`,
      input: orderHistoryQuery, example: { market, status: 'filled', limit: 20 },
    }),
    listTradeHistory: operation<CursorPage<Fill>, HistoryQuery>({
      method: 'GET', path: `${history}/trades`, auth: 'read', effect: 'read', source: 'spec',
      summary: `The caller's ${area} fills; cursor list`,
      input: historyQuery, example: { market, limit: 20 },
    }),
  }
}

const findOrderInput: v.StrictObjectSchema<{
  readonly clientOrderId: PatternSchema
  readonly market: v.OptionalSchema<PatternSchema, undefined>
}, undefined> = explained(v.strictObject({ clientOrderId, market: v.optional(marketSymbol) }))
export interface FindOrderInput extends v.InferInput<typeof findOrderInput> {}

interface OrderLookups<O> {
  listOpenOrders(input: OpenOrdersQuery, options?: CallOptions): Promise<CursorPage<O>>
  listOrderHistory(input: OrderHistoryQuery, options?: CallOptions): Promise<CursorPage<O>>
}

/**
 * Finds an order by its clientOrderId (and market, when given): in the open orders first, then in
 * the order history, every page of each, checking each order itself (a service may ignore the
 * filters). An order only ever moves from open to history, so this order of look-ups cannot miss it.
 * `undefined` means the exchange does not hold it now; after an unknown outcome, `reconcile` says
 * whether that is final. A list longer than `maxPages` pages (default `FIND_PAGES`) or one that repeats a cursor
 * throws rather than answer.
 */
async function findOrder<O extends Order>(api: OrderLookups<O>, input: FindOrderInput, options?: PaginateOptions): Promise<O | undefined> {
  const query = parseInput(findOrderInput, input)
  for (const list of [api.listOpenOrders, api.listOrderHistory]) {
    for await (const order of paginate(list, query, findWalk(options))) {
      if (order.clientOrderId === query.clientOrderId && (query.market ?? order.market) === order.market) return order
    }
  }
  return undefined
}

export type WithFindOrder<A, O> = A & {
  /**
   * The order placed with this clientOrderId (open or closed), or `undefined` if the exchange does not hold it now.
   * Walks at most `maxPages` pages of each list (default 100).
   */
  findOrder(input: FindOrderInput, options?: PaginateOptions): Promise<O | undefined>
  /**
   * After an `OrderOutcomeUnknownError`: `found` (with the order), `absent` (final: no attempt can
   * be accepted any more) or `pending` (may still land). `{ wait: true }` looks until it is final.
   */
  reconcile(error: OrderOutcomeUnknownError, options?: ReconcileOptions & { market?: string }): Promise<Reconciliation<O>>
}

/** An area's bound methods plus `findOrder` and `reconcile`, the look-ups after an `OrderOutcomeUnknownError`. */
export function withFindOrder<O extends Order, A extends OrderLookups<O>>(api: A, time: ServerTimeSource): WithFindOrder<A, O> {
  const find = (input: FindOrderInput, options?: PaginateOptions) => findOrder<O>(api, input, options)
  return {
    ...api,
    findOrder: find,
    reconcile: (error, options) => reconcileOrder((clientOrderId, call) => find({ clientOrderId, market: options?.market }, call), time, error, options),
  }
}
