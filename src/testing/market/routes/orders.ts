/** Order routes perp and spot share: place (one or a batch), list, get, modify, cancel, histories. */
import { ApiFailure, type RouteContext } from '../../http/router.ts'
import type { Decimal } from '../decimal.ts'
import { everyEntry, invalidParams, orderNotOpen } from '../errors.ts'
import { Fields } from '../input.ts'
import { REQUIRED_ORDER_FIELDS } from '../order-input.ts'
import type { Lists } from '../pages.ts'
import type { MarketPolicy } from '../policy.ts'
import { fillView, orderView } from '../trade-views.ts'
import { isOpen, type Order, type OrderStatus, type OrderVenue } from '../venue.ts'
import { type AddRoute, accountOf } from './route.ts'

const HISTORY_STATUSES: readonly OrderStatus[] = ['filled', 'cancelled', 'expired', 'rejected']

/** An order read from its body and checked against its market's rules, not yet placed. */
export interface OrderInput {
  clientOrderId: string | undefined
}

export interface OrderDesk<I extends OrderInput> {
  readonly venue: OrderVenue
  /** Perp orders carry leverage, perp fills realized PnL. */
  readonly perp: boolean
  /** The fields an order body may have. */
  readonly fields: readonly string[]
  /** Reads and checks one order (shape, market rules, limits): REQ_INVALID_PARAMS naming the field. */
  read(body: Fields): I
  /** Places a checked order; refusals that depend on the account or the market now (balance, price band) throw. */
  place(accountId: string, input: I, now: number): Order
  /** Checks a new price or size against the market's rules before the venue applies it. */
  checkChange(order: Order, price: Decimal | undefined, size: Decimal | undefined, now: number): void
  /** A market symbol of a query filter, as the symbol-case policy reads it. */
  symbol(text: string): string
}

export interface OrderRouteDeps {
  lists: Lists
  policy: MarketPolicy
}

export function addOrderRoutes<I extends OrderInput>(add: AddRoute, area: 'perp' | 'spot', desk: OrderDesk<I>, { lists, policy }: OrderRouteDeps): void {
  const view = (order: Order) => orderView(order, desk.perp)
  const base = `/${area}`
  const read = (body: unknown) => desk.read(Fields.collect(body, desk.fields, REQUIRED_ORDER_FIELDS))

  add('GET', `${base}/orders`, 'read', (context) => {
    const orders = filtered(desk, desk.venue.ordersOf(accountOf(context)), context).filter(isOpen)
    return lists.cursor(orders.map(view), context.query, (order) => String(order.orderId))
  })

  /** A clientOrderId seen before returns its first order. */
  const placeOnce = (accountId: string, input: I, now: number) => view(desk.venue.earlier(accountId, input.clientOrderId) ?? desk.place(accountId, input, now))

  add('POST', `${base}/orders`, 'trade', (context) => placeOnce(accountOf(context), read(context.body), context.now))

  // Every entry is read and checked before any is placed: one malformed entry refuses the whole batch.
  add('POST', `${base}/orders/batch`, 'trade', (context) => {
    const accountId = accountOf(context)
    const entries = Fields.body(context.body, ['orders']).list('orders', policy.maxBatch)
    const inputs = everyEntry(entries, 'orders', read)
    return { orders: inputs.map((input) => placeOrRefuse(() => placeOnce(accountId, input, context.now), input.clientOrderId)) }
  })

  add('DELETE', `${base}/orders/batch`, 'trade', (context) => {
    const orderIds = Fields.body(context.body, ['order_ids'], ['order_ids']).ids('order_ids', policy.maxBatch)
    const cancelled = desk.venue.cancelMany(accountOf(context), orderIds, context.now)
    return { cancelledCount: cancelled.length, orderIds: cancelled }
  })

  add('GET', `${base}/orders/:orderId`, 'read', (context) => view(desk.venue.order(accountOf(context), context.params.orderId!)))

  add('PUT', `${base}/orders/:orderId`, 'trade', (context) => {
    const accountId = accountOf(context)
    const fields = Fields.collect(context.body, ['price', 'size'])
    const price = fields.optionalDecimal('price')
    const size = fields.optionalDecimal('size')
    fields.done()
    if (price === undefined && size === undefined) throw invalidParams('price', 'price or size is required')
    const order = desk.venue.order(accountId, context.params.orderId!)
    if (!isOpen(order)) throw orderNotOpen(order.id, order.status)
    if (order.type !== 'limit' && price !== undefined) throw invalidParams('price', 'only limit orders have a price')
    desk.checkChange(order, price, size, context.now)
    return view(desk.venue.modify(accountId, order.id, { price, size }, context.now))
  })

  add('DELETE', `${base}/orders/:orderId`, 'trade', (context) => {
    Fields.none(context.body)
    return view(desk.venue.cancel(accountOf(context), context.params.orderId!, context.now))
  })

  add('GET', `${base}/history/orders`, 'read', (context) => {
    const status = Fields.query(context.query).optionalOneOf('status', HISTORY_STATUSES)
    const orders = filtered(desk, desk.venue.ordersOf(accountOf(context)), context).filter((order) => (status ? order.status === status : !isOpen(order)))
    return lists.cursor(orders.map(view), context.query, (order) => String(order.orderId))
  })

  add('GET', `${base}/history/trades`, 'read', (context) => {
    const market = Fields.query(context.query).optionalString('market')
    const fills = desk.venue.fillsOf(accountOf(context)).filter((fill) => market === undefined || fill.market === desk.symbol(market))
    return lists.cursor(
      fills.map((fill) => fillView(fill, desk.perp)),
      context.query,
      (fill) => `${fill.tradeId}:${fill.orderId}`,
    )
  })
}

/** The `market`, `clientOrderId` and `side` filters of the order lists. */
function filtered(desk: OrderDesk<OrderInput>, orders: Order[], context: RouteContext): Order[] {
  const query = Fields.query(context.query)
  const text = query.optionalString('market')
  const market = text === undefined ? undefined : desk.symbol(text)
  const clientOrderId = query.optionalString('clientOrderId')
  const side = query.optionalOneOf('side', ['buy', 'sell'])
  return orders.filter((order) => (market === undefined || order.market === market) && (clientOrderId === undefined || order.clientOrderId === clientOrderId) && (side === undefined || order.side === side))
}

/** One checked entry of a batch: the order, or why the account or the market refused it (the rest still goes ahead). */
function placeOrRefuse(place: () => unknown, clientOrderId: string | undefined): unknown {
  try {
    return place()
  } catch (error) {
    if (!(error instanceof ApiFailure)) throw error
    return { clientOrderId: clientOrderId ?? null, status: 'rejected', error: { code: error.code, codeNum: error.codeNum, message: error.message, details: error.details ?? null } }
  }
}
