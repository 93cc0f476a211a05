import { card, fill, h, table } from './dom.ts'
import { formatNumber, formatTime, toTick } from './format.ts'

export type Side = 'buy' | 'sell'

export interface OrderDraft {
  side: Side
  price: string
  size: string
}

export interface MarketRules {
  symbol: string
  tickSize: string
  minOrderSize: string
}

export interface OpenOrderView {
  orderId: string
  side: string
  price?: string | null
  size: string
  filledSize?: string
  status: string
  createdAt?: number
}

export interface OrderPanel {
  element: HTMLElement
  /** The market and its last price: the form suggests a price that rests on the book, 5% away. */
  market(rules: MarketRules, lastPrice: string): void
  openOrders(orders: readonly OpenOrderView[]): void
  enabled(on: boolean): void
}

/** A resting limit price: 5% under the last for a buy, 5% over for a sell. */
export function restingPrice(side: Side, lastPrice: string, tickSize: string): string {
  const last = Number(lastPrice)
  return toTick(side === 'buy' ? last * 0.95 : last * 1.05, tickSize)
}

/** Step 3: place a limit order, see it open, cancel it. */
export function orderPanel(onPlace: (draft: OrderDraft) => void, onCancel: (orderId: string) => void): OrderPanel {
  let rules: MarketRules | undefined
  let lastPrice = ''
  let priceEdited = false
  const side = h('select', { name: 'side', 'aria-label': 'Side', 'data-test': 'order-side' },
    h('option', { value: 'buy' }, 'Buy / long'), h('option', { value: 'sell' }, 'Sell / short'))
  const price = h('input', { name: 'price', inputmode: 'decimal', autocomplete: 'off', 'aria-label': 'Limit price', 'data-test': 'order-price', onInput: () => (priceEdited = true) })
  const size = h('input', { name: 'size', inputmode: 'decimal', autocomplete: 'off', 'aria-label': 'Size', 'data-test': 'order-size' })
  const submit = h('button', { class: 'primary', type: 'submit', 'data-test': 'place-order' }, 'Place limit order')
  const suggest = () => {
    if (rules && lastPrice && !priceEdited) price.value = restingPrice(side.value as Side, lastPrice, rules.tickSize)
  }
  side.addEventListener('change', () => {
    priceEdited = false
    suggest()
  })
  const form = h('form', { class: 'order-form', 'data-test': 'order-form' },
    h('label', {}, 'Side', side), h('label', {}, 'Price', price), h('label', {}, 'Size', size), submit)
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    onPlace({ side: side.value as Side, price: price.value.trim(), size: size.value.trim() })
  })
  const orders = h('div', { 'data-test': 'open-orders' }, h('p', { class: 'empty' }, 'No open orders'))
  const title = h('h3', {}, 'Open orders')
  const element = card('3 · Trade perps', 'order-panel', form, title, orders)

  return {
    element,
    market(next, last) {
      if (rules?.symbol !== next.symbol) {
        priceEdited = false
        size.value = next.minOrderSize
      }
      rules = next
      lastPrice = last
      suggest()
    },
    openOrders(list) {
      fill(orders, table(['Side', 'Price', 'Size', 'Status', 'Placed', ''], list.map((order) => [
        h('span', { class: order.side === 'sell' ? 'ask' : 'bid' }, order.side),
        formatNumber(order.price, 6),
        `${formatNumber(order.filledSize ?? '0', 6)} / ${formatNumber(order.size, 6)}`,
        order.status,
        order.createdAt ? formatTime(order.createdAt) : '—',
        h('button', { class: 'link danger', type: 'button', 'data-test': 'cancel-order', 'data-order-id': order.orderId, onClick: () => onCancel(order.orderId) }, 'Cancel'),
      ]), 'No open orders'))
    },
    enabled(on) {
      for (const control of [side, price, size, submit]) control.disabled = !on
    },
  }
}
