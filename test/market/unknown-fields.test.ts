// A body field a route does not know is refused with 400 naming it, never dropped: a caller who
// writes `reduce_only` or `client_order_id` must not get an order that grows a position, or no idempotency.
import { describe, expect, it } from 'vitest'
import { harness, START } from './harness.ts'

const order = { market: 'BTC-USDC', side: 'buy', type: 'limit', price: '60000', size: '0.01' }
const prediction = { marketId: '1001', side: 0, outcomeIndex: 0, priceE6: 650_000, amount: 10 }

/** Every market route with a JSON body, each with a body it accepts. */
const BODY_ROUTES: [method: string, path: string, body: Record<string, unknown>][] = [
  ['POST', '/api/v1/perp/orders', order],
  ['POST', '/api/v1/spot/orders', order],
  ['PUT', '/api/v1/perp/orders/:orderId', { price: '59000' }],
  ['PUT', '/api/v1/spot/orders/:orderId', { price: '59000' }],
  ['DELETE', '/api/v1/perp/orders/batch', { order_ids: ['1'] }],
  ['DELETE', '/api/v1/spot/orders/batch', { order_ids: ['1'] }],
  ['POST', '/api/v1/perp/orders/batch', { orders: [order] }],
  ['POST', '/api/v1/spot/orders/batch', { orders: [order] }],
  ['POST', '/api/v1/perp/positions/BTC-USDC/close', { type: 'market' }],
  ['DELETE', '/api/v1/perp/positions/BTC-USDC/tpsl', {}],
  ['DELETE', '/api/v1/perp/orders/:orderId', {}],
  ['DELETE', '/api/v1/spot/orders/:orderId', {}],
  ['PUT', '/api/v1/perp/positions/BTC-USDC/leverage', { leverage: 5 }],
  ['POST', '/api/v1/perp/positions/BTC-USDC/margin', { amount: '10', type: 'add' }],
  ['POST', '/api/v1/perp/positions/BTC-USDC/tpsl', { take_profit_price: '70000' }],
  ['PUT', '/api/v1/perp/positions/BTC-USDC/tpsl', { take_profit_price: '70000' }],
  ['POST', '/api/v1/account/deposits', { token: 'USDC', amount: '1' }],
  ['POST', '/api/v1/account/withdrawals', { token: 'USDC', amount: '1', address: '0x0000000000000000000000000000000000000001' }],
  ['POST', '/api/v1/prediction/orders', prediction],
  ['POST', '/api/v1/prediction/multi-outcome/orders', { ...prediction, marketId: '1003' }],
  ['POST', '/api/v1/prediction/orders/cancel', { marketId: '1001', orderId: '1' }],
  ['POST', '/api/v1/prediction/orders/batch-cancel', { marketId: '1001', orderIds: ['1'] }],
  ['POST', '/api/v1/prediction/orders/cancel-all', { marketId: '1001' }],
  ['POST', '/api/v1/prediction/mints', { marketId: '1001', amount: 1 }],
  ['POST', '/api/v1/prediction/redemptions', { marketId: '1001', amount: 1 }],
  ['POST', '/api/v1/prediction/claims', { marketId: '1001' }],
  ['POST', '/api/v1/prediction/multi-outcome/mints', { marketId: '1003', amount: 1 }],
  ['POST', '/api/v1/prediction/multi-outcome/redemptions', { marketId: '1003', amount: 1 }],
  ['POST', '/api/v1/prediction/multi-outcome/claims', { marketId: '1003', outcomeIndex: 0 }],
  ['POST', '/api/v1/prediction/markets', { question: 'Q?', category: 'crypto', marketType: 'binary', endTime: START + 86_400_000 }],
  ['POST', '/api/v1/prediction/markets/batch-prices', { marketIds: ['1001'] }],
  ['POST', '/api/v1/prediction/oracle/challenges', { marketId: '1001', outcomeIndex: 0 }],
  ['POST', '/api/v1/prediction/oracle/finalizations', { marketId: '1001' }],
]

describe('unknown body fields', () => {
  it('are refused on every market route with a body, naming the field, and change nothing', () => {
    const h = harness()
    const resting = h.ok('POST', '/api/v1/perp/orders', order).orderId
    const before = JSON.stringify([h.market.balances('alice'), h.market.orders('alice'), h.market.positions('alice')])
    for (const [method, path, body] of BODY_ROUTES) {
      const answer = h.call(method, path.replace(/:orderId|:id/, resting), { ...body, bogus: true })
      expect(answer, `${method} ${path}`).toMatchObject({ status: 400, error: { code: 'REQ_INVALID_PARAMS', details: { field: 'bogus' } } })
    }
    expect(JSON.stringify([h.market.balances('alice'), h.market.orders('alice'), h.market.positions('alice')])).toBe(before)
    // Every route that can carry a body is above: a new one must be added here.
    const served = h.router.routes.filter((route) => route.method !== 'GET').map((route) => `${route.method} ${route.pattern}`)
    const listed = BODY_ROUTES.map(([method, path]) => `${method} ${path.replace('BTC-USDC', ':market')}`)
    expect(served.filter((route) => !listed.includes(route))).toEqual([])
  })

  it('name the camelCase field when a snake_case spelling of it is sent, and the reverse on snake_case routes', () => {
    const h = harness()
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['/api/v1/perp/orders', { ...order, reduce_only: true }, 'reduce_only', 'reduceOnly'],
      ['/api/v1/perp/orders', { ...order, client_order_id: 'c-1' }, 'client_order_id', 'clientOrderId'],
      ['/api/v1/perp/orders', { ...order, time_in_force: 'IOC' }, 'time_in_force', 'timeInForce'],
      ['/api/v1/prediction/orders', { ...prediction, price_e6: 650_000 }, 'price_e6', 'priceE6'],
      ['/api/v1/perp/positions/BTC-USDC/tpsl', { stopLossPrice: '50000' }, 'stopLossPrice', 'stop_loss_price'],
    ]
    for (const [path, body, field, meant] of cases) {
      const { error } = h.call('POST', path, body)
      expect(error, field).toMatchObject({ code: 'REQ_INVALID_PARAMS', details: { field } })
      expect(error?.message, field).toContain(`did you mean ${meant}?`)
    }
    expect(h.market.orders('alice').perp).toEqual([])
  })

  it('keep the wire names the routes take: camelCase orders, snake_case TP/SL and batch cancel', () => {
    const h = harness()
    h.market.setReferencePrice('perp', 'BTC-USDC', '60000')
    const placed = h.ok('POST', '/api/v1/perp/orders', { ...order, type: 'market', price: undefined, size: '0.1', clientOrderId: 'c-1', reduceOnly: false, timeInForce: 'IOC', leverage: 5 })
    expect(placed).toMatchObject({ clientOrderId: 'c-1', status: 'filled', leverage: 5 })
    expect(h.ok('POST', '/api/v1/perp/positions/BTC-USDC/tpsl', { take_profit_price: '70000', take_profit_type: 'market', stop_loss_price: '50000', stop_loss_type: 'market' })).toMatchObject({ takeProfitPrice: '70000', stopLossPrice: '50000' })
    const resting = h.ok('POST', '/api/v1/spot/orders', { ...order, postOnly: true, timeInForce: 'GTC', clientOrderId: 's-1' }).orderId
    expect(h.ok('DELETE', '/api/v1/spot/orders/batch', { order_ids: [resting] })).toEqual({ cancelledCount: 1, orderIds: [resting] })
  })
})

describe('inputs the exchange does not apply', () => {
  it('refuses a body on the routes that take none, rather than ignore it (DELETE TP/SL reads its leg from the query)', () => {
    const h = harness()
    h.market.setReferencePrice('perp', 'BTC-USDC', '60000')
    h.ok('POST', '/api/v1/perp/orders', { ...order, type: 'market', price: undefined, size: '0.1' })
    h.ok('POST', '/api/v1/perp/positions/BTC-USDC/tpsl', { take_profit_price: '70000', stop_loss_price: '50000' })
    expect(h.call('DELETE', '/api/v1/perp/positions/BTC-USDC/tpsl', { type: 'take_profit' }).error).toMatchObject({ details: { field: 'type' } })
    expect(h.market.positions('alice')[0]).toMatchObject({ takeProfitPrice: '70000', stopLossPrice: '50000' })
    expect(h.ok('DELETE', '/api/v1/perp/positions/BTC-USDC/tpsl?type=take_profit', {})).toMatchObject({ takeProfitPrice: null, stopLossPrice: '50000' })
  })

  it("refuses a market order's price instead of dropping it", () => {
    const h = harness()
    for (const area of ['perp', 'spot']) {
      expect(h.call('POST', `/api/v1/${area}/orders`, { ...order, type: 'market' }).error, area).toMatchObject({ code: 'REQ_INVALID_PARAMS', details: { field: 'price' } })
    }
    expect(h.market.orders('alice')).toEqual({ perp: [], spot: [], prediction: [] })
  })

  it('refuses reduceOnly on spot, even false: spot has no position to reduce', () => {
    const h = harness()
    for (const reduceOnly of [true, false]) {
      expect(h.call('POST', '/api/v1/spot/orders', { ...order, reduceOnly }).error).toMatchObject({ details: { field: 'reduceOnly' } })
    }
  })
})
