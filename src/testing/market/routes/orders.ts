/** Order routes perp and spot share: place (one or a batch), list, get, modify, cancel, histories. */
import { BATCH_LIMIT } from '../batch.ts'
import { ApiFailure, type RouteContext } from '../../http/router.ts'
import type { Decimal } from '../decimal.ts'
import { invalidParams, orderNotOpen } from '../errors.ts'
import { Fields } from '../input.ts'
import { cursorOf } from '../pages.ts'
import { fillView, orderView } from '../trade-views.ts'
import { isOpen, type Order, type OrderStatus, type OrderVenue } from '../venue.ts'
import { type AddRoute, accountOf } from './route.ts'

const HISTORY_STATUSES: readonly OrderStatus[] = ['filled', 'cancelled', 'expired', 'rejected']

export interface OrderDesk {
  readonly venue: OrderVenue
  /** Perp orders carry leverage, perp fills realized PnL. */
  readonly perp: boolean
  place(accountId: string, body: Fields, now: number): Order
  /** Checks a new price or size against the market's rules before the venue applies it. */
  checkChange(order: Order, price: Decimal | undefined, size: Decimal | undefined, now: number): void
}

export function addOrderRoutes(add: AddRoute, area: 'perp' | 'spot', desk: OrderDesk): void {
  const view = (order: Order) => orderView(order, desk.perp)
  const base = `/${area}`

  add('GET', `${base}/orders`, 'read', (context) => {
    const orders = filtered(desk.venue.ordersOf(accountOf(context)), context).filter(isOpen)
    return cursorOf(orders.map(view), context.query, (order) => String(order.orderId))
  })

  /** A clientOrderId seen before returns its first order before anything else is checked. */
  const placeOnce = (accountId: string, body: unknown, now: number) => {
    const fields = Fields.body(body)
    return view(desk.venue.earlier(accountId, fields.clientOrderId()) ?? desk.place(accountId, fields, now))
  }

  add('POST', `${base}/orders`, 'trade', (context) => placeOnce(accountOf(context), context.body, context.now))

  add('POST', `${base}/orders/batch`, 'trade', (context) => {
    const accountId = accountOf(context)
    const orders = Fields.body(context.body).list('orders', BATCH_LIMIT)
    return { orders: orders.map((body) => placeOrRefuse(() => placeOnce(accountId, body, context.now), body)) }
  })

  add('DELETE', `${base}/orders/batch`, 'trade', (context) => {
    const orderIds = Fields.body(context.body).ids('order_ids', BATCH_LIMIT)
    const cancelled = desk.venue.cancelMany(accountOf(context), orderIds, context.now)
    return { cancelledCount: cancelled.length, orderIds: cancelled }
  })

  add('GET', `${base}/orders/:id`, 'read', (context) => view(desk.venue.order(accountOf(context), context.params.id!)))

  add('PUT', `${base}/orders/:id`, 'trade', (context) => {
    const accountId = accountOf(context)
    const order = desk.venue.order(accountId, context.params.id!)
    if (!isOpen(order)) throw orderNotOpen(order.id, order.status)
    const fields = Fields.body(context.body)
    const price = fields.optionalDecimal('price')
    const size = fields.optionalDecimal('size')
    if (price === undefined && size === undefined) throw invalidParams('price', 'price or size is required')
    if (order.type !== 'limit' && price !== undefined) throw invalidParams('price', 'only limit orders have a price')
    desk.checkChange(order, price, size, context.now)
    return view(desk.venue.modify(accountId, order.id, { price, size }, context.now))
  })

  add('DELETE', `${base}/orders/:id`, 'trade', (context) => view(desk.venue.cancel(accountOf(context), context.params.id!, context.now)))

  add('GET', `${base}/history/orders`, 'read', (context) => {
    const status = Fields.query(context.query).optionalOneOf('status', HISTORY_STATUSES)
    const orders = filtered(desk.venue.ordersOf(accountOf(context)), context).filter((order) => (status ? order.status === status : !isOpen(order)))
    return cursorOf(orders.map(view), context.query, (order) => String(order.orderId))
  })

  add('GET', `${base}/history/trades`, 'read', (context) => {
    const market = Fields.query(context.query).optionalString('market')
    const fills = desk.venue.fillsOf(accountOf(context)).filter((fill) => market === undefined || fill.market === market)
    return cursorOf(
      fills.map((fill) => fillView(fill, desk.perp)),
      context.query,
      (fill) => `${fill.tradeId}:${fill.orderId}`,
    )
  })
}

/** The `market`, `clientOrderId` and `side` filters of the order lists. */
function filtered(orders: Order[], context: RouteContext): Order[] {
  const query = Fields.query(context.query)
  const market = query.optionalString('market')
  const clientOrderId = query.optionalString('clientOrderId')
  const side = query.optionalOneOf('side', ['buy', 'sell'])
  return orders.filter((order) => (market === undefined || order.market === market) && (clientOrderId === undefined || order.clientOrderId === clientOrderId) && (side === undefined || order.side === side))
}

/** One entry of a batch: the order, or why it was refused (the rest of the batch still goes ahead). */
function placeOrRefuse(place: () => unknown, body: unknown): unknown {
  try {
    return place()
  } catch (error) {
    if (!(error instanceof ApiFailure)) throw error
    const clientOrderId = typeof body === 'object' && body !== null ? ((body as Record<string, unknown>).clientOrderId ?? null) : null
    return { clientOrderId, status: 'rejected', error: { code: error.code, codeNum: error.codeNum, message: error.message, details: error.details ?? null } }
  }
}
