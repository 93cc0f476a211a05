import { card, fill, h, table } from './dom.ts'
import { decimalsOf, formatFixed, formatTime, toTick } from './format.ts'
import { notice, type Notice } from './notice.ts'
import { numericInput } from './numeric-input.ts'

export type Side = 'buy' | 'sell'

export interface OrderDraft {
  side: Side
  price: string
  size: string
}

export interface MarketRules {
  symbol: string
  tickSize: string
  stepSize: string
  minOrderSize: string
}

export interface OrderView {
  orderId: string
  side: string
  type?: string
  price?: string | null
  size: string
  filledSize?: string
  avgFillPrice?: string | null
  status: string
  createdAt?: number
}

export interface OrderPanel {
  element: HTMLElement
  /** Outcomes of placing an order. */
  placing: Notice
  /** Outcomes of cancelling one. */
  cancelling: Notice
  /** The market and its last price: the form suggests a price that rests on the book, 5% away. */
  market(rules: MarketRules, lastPrice: string): void
  openOrders(orders: readonly OrderView[]): void
  history(orders: readonly OrderView[]): void
  enabled(on: boolean): void
}

/** A resting limit price: 5% under the last for a buy, 5% over for a sell. */
export function restingPrice(side: Side, lastPrice: string, tickSize: string): string {
  const last = Number(lastPrice)
  return toTick(side === 'buy' ? last * 0.95 : last * 1.05, tickSize)
}

/**
 * What the order form says once an order is placed. A fill is told at its average fill price, the
 * price the trader got; the limit is only the bound they set.
 */
export function placedOrderMessage(order: OrderView, symbol: string, decimals: { price: number; size: number }): string {
  const size = (value: string | undefined) => formatFixed(value, decimals.size)
  const price = (value: string | null | undefined) => formatFixed(value, decimals.price)
  const limit = order.type === 'market' || !order.price ? '' : `limit ${price(order.price)}`
  const filled = Number(order.filledSize ?? 0)
  if (!(filled > 0) || !order.avgFillPrice) return `Order ${order.status}: ${order.side} ${size(order.size)} ${symbol}${limit ? `, ${limit}` : ''}.`
  const amount = filled < Number(order.size) ? `${size(order.filledSize)} of ${size(order.size)}` : size(order.size)
  return `Order ${order.status}: ${order.side} ${amount} ${symbol} at an average ${price(order.avgFillPrice)}${limit ? ` (${limit})` : ''}.`
}

/** Step 3: place a limit order, see it open, cancel it; what happened to earlier orders. */
export function orderPanel(onPlace: (draft: OrderDraft) => void, onCancel: (orderId: string) => void): OrderPanel {
  let rules: MarketRules | undefined
  let lastPrice = ''
  let priceEdited = false
  const price = (value: string | null | undefined) => formatFixed(value, rules ? decimalsOf(rules.tickSize) : 2)
  const size = (value: string | null | undefined) => formatFixed(value, rules ? decimalsOf(rules.stepSize) : 4)
  const sideInput = h('select', { name: 'side', id: 'order-side', 'data-test': 'order-side' },
    h('option', { value: 'buy' }, 'Buy / long'), h('option', { value: 'sell' }, 'Sell / short'))
  const priceInput = numericInput('decimal', { name: 'price', id: 'order-price', 'data-test': 'order-price', onInput: () => (priceEdited = true) })
  const sizeInput = numericInput('decimal', { name: 'size', id: 'order-size', 'data-test': 'order-size' })
  const submit = h('button', { class: 'primary', type: 'submit', 'data-test': 'place-order' }, 'Place limit order')
  const suggest = () => {
    if (rules && lastPrice && !priceEdited) priceInput.value = restingPrice(sideInput.value as Side, lastPrice, rules.tickSize)
  }
  sideInput.addEventListener('change', () => {
    priceEdited = false
    suggest()
  })
  const form = h('form', { class: 'order-form', 'data-test': 'order-form', 'aria-label': 'Place a limit order' },
    h('label', { for: 'order-side' }, 'Side', sideInput), h('label', { for: 'order-price' }, 'Limit price', priceInput),
    h('label', { for: 'order-size' }, 'Size', sizeInput), submit)
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    onPlace({ side: sideInput.value as Side, price: priceInput.value.trim(), size: sizeInput.value.trim() })
  })
  const placing = notice('Order form')
  const cancelling = notice('Open orders')
  const orders = h('div', { 'data-test': 'open-orders' }, h('p', { class: 'empty' }, 'No open orders'))
  const past = h('div', { 'data-test': 'order-history' }, h('p', { class: 'empty' }, 'No orders yet'))
  const element = card('3 · Trade perps', 'order-panel',
    h('p', { class: 'muted hint' }, 'The price suggested rests on the book; a buy priced above the best ask fills at once.'),
    form, placing.element,
    h('h3', {}, 'Open orders'), orders, cancelling.element,
    h('h3', {}, 'Order history'), past)

  return {
    element,
    placing,
    cancelling,
    market(next, last) {
      if (rules?.symbol !== next.symbol) {
        priceEdited = false
        sizeInput.value = next.minOrderSize
      }
      rules = next
      lastPrice = last
      suggest()
    },
    openOrders(list) {
      fill(orders, table(['Side', 'Price', 'Filled', 'Placed', ''], list.map((order) => [
        h('span', { class: order.side === 'sell' ? 'ask' : 'bid' }, order.side),
        price(order.price),
        `${size(order.filledSize ?? '0')}/${size(order.size)}`,
        order.createdAt ? formatTime(order.createdAt) : '—',
        h('button', { class: 'link danger', type: 'button', 'data-test': 'cancel-order', 'data-order-id': order.orderId, 'aria-label': `Cancel ${order.side} ${order.size} at ${order.price ?? 'market'}`, onClick: () => onCancel(order.orderId) }, 'Cancel'),
      ]), 'No open orders', { numeric: [1, 2], optional: [3], rowTest: 'open-order' }))
    },
    history(list) {
      fill(past, table(['Time', 'Side', 'Limit', 'Filled', 'Avg fill', 'Status'], list.map((order) => [
        order.createdAt ? formatTime(order.createdAt) : '—',
        h('span', { class: order.side === 'sell' ? 'ask' : 'bid' }, order.side),
        order.type === 'market' ? 'market' : price(order.price),
        h('span', { title: `${order.filledSize ?? '0'} of ${order.size}` }, `${size(order.filledSize ?? '0')}/${size(order.size)}`),
        h('span', { 'data-test': 'avg-fill' }, order.avgFillPrice ? price(order.avgFillPrice) : '—'),
        h('span', { 'data-test': 'order-status' }, order.status),
      ]), 'No orders yet', { numeric: [2, 3, 4], optional: [2], rowTest: 'past-order' }))
    },
    enabled(on) {
      for (const control of [sideInput, priceInput, sizeInput, submit]) control.disabled = !on
    },
  }
}
