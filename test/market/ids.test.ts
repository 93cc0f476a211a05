// Ids beyond 2^53 (the real service issues ids like 1853278922010145178) stay strings end to end:
// on the wire, in every route that hands them out or takes them back. A JSON number that large has
// already lost digits when it arrives, so it is refused rather than read as another order's id.
import { describe, expect, it } from 'vitest'
import { createReferenceExchange } from '../../src/testing/index.ts'
import { rawRequest } from '../support/raw-request.ts'
import { TEST_KEYS, TEST_SEED } from '../support/seed.ts'

const BEYOND_SAFE = 2n ** 53n

describe('ids above 2^53', () => {
  const exchange = createReferenceExchange({ seed: TEST_SEED })
  exchange.market.setReferencePrice('perp', 'BTC-USDC', '60000')
  const call = async (method: string, path: string, body?: string, query?: string) => {
    const answer = await rawRequest('http://exchange.test', { method, path, query, body, key: TEST_KEYS.full }, (input, init) => exchange.fetch(input as string, init))
    return { ...answer.json, text: answer.text, status: answer.status }
  }
  /** The id is a decimal string beyond 2^53, written as a JSON string in the raw answer. */
  const expectBigId = (id: unknown, text: string) => {
    expect(typeof id).toBe('string')
    expect(BigInt(id as string) > BEYOND_SAFE).toBe(true)
    expect(text).toContain(`"${id as string}"`)
  }

  it('hands out order, trade and record ids as strings and takes them back unchanged', async () => {
    const placed = await call('POST', '/api/v1/perp/orders', JSON.stringify({ market: 'BTC-USDC', side: 'buy', type: 'limit', price: '55000', size: '0.01', leverage: 1 }))
    const orderId = placed.data.orderId
    expectBigId(orderId, placed.text)
    const fetched = await call('GET', `/api/v1/perp/orders/${orderId}`)
    expect(fetched.data.orderId).toBe(orderId)
    const listed = await call('GET', '/api/v1/perp/orders', undefined, 'limit=1')
    expect(listed.data.items.map((order: { orderId: string }) => order.orderId)).toEqual([orderId])
    const cancelled = await call('DELETE', '/api/v1/perp/orders/batch', JSON.stringify({ order_ids: [orderId] }))
    expect(cancelled.data).toEqual({ cancelledCount: 1, orderIds: [orderId] })

    const filled = await call('POST', '/api/v1/spot/orders', JSON.stringify({ market: 'BTC-USDC', side: 'buy', type: 'market', size: '0.01' }))
    const trades = await call('GET', '/api/v1/spot/history/trades')
    expect(trades.data.items[0].orderId).toBe(filled.data.orderId)
    expectBigId(trades.data.items[0].tradeId, trades.text)
    const deposit = await call('POST', '/api/v1/account/deposits', JSON.stringify({ token: 'USDC', amount: '1' }))
    expectBigId(deposit.data.id, deposit.text)

    const prediction = await call('POST', '/api/v1/prediction/orders', JSON.stringify({ marketId: '1001', side: 0, outcomeIndex: 0, priceE6: 100_000, amount: 20 }))
    expectBigId(prediction.data.orderId, prediction.text)
    const cancel = await call('POST', '/api/v1/prediction/orders/cancel', JSON.stringify({ marketId: '1001', orderId: prediction.data.orderId }))
    expect(cancel.data).toMatchObject({ orderId: prediction.data.orderId, status: 'cancelled' })
  })

  it('refuses an id sent as a JSON number beyond 2^53, naming the field, and cancels nothing', async () => {
    const placed = await call('POST', '/api/v1/perp/orders', JSON.stringify({ market: 'BTC-USDC', side: 'buy', type: 'limit', price: '55000', size: '0.01', leverage: 1 }))
    const orderId: string = placed.data.orderId
    const batch = await call('DELETE', '/api/v1/perp/orders/batch', `{"order_ids":[${orderId}]}`)
    expect(batch).toMatchObject({ status: 400, error: { code: 'REQ_INVALID_PARAMS', details: { field: 'order_ids[0]' } } })
    expect(batch.error?.message).toContain('send it as a string')
    const one = await call('POST', '/api/v1/prediction/orders/cancel', `{"marketId":"1001","orderId":${orderId}}`)
    expect(one).toMatchObject({ status: 400, error: { details: { field: 'orderId' } } })
    expect(one.error?.message).toContain('send it as a string')
    expect((await call('GET', `/api/v1/perp/orders/${orderId}`)).data.status).toBe('open')
  })
})
