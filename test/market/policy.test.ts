// The limits the spec leaves "not shown" are this exchange's own policy: defaults, and a changed
// policy honoured. Over a limit: 400 REQ_INVALID_PARAMS naming the field, with the limit in details.
import { describe, expect, it } from 'vitest'
import { createReferenceExchange } from '../../src/testing/index.ts'
import { rawRequest } from '../support/raw-request.ts'
import { TEST_KEYS, TEST_SEED } from '../support/seed.ts'
import { harness, START } from './harness.ts'

const order = (extra: Record<string, unknown> = {}) => ({ market: 'BTC-USDC', side: 'buy', type: 'limit', price: '60000', size: '0.01', ...extra })
const labels = (count: number) => Array.from({ length: count }, (_, index) => `outcome ${index}`)
const newMarket = (outcomes: string[]) => ({ question: 'Which?', category: 'crypto', marketType: 'multi_outcome', outcomes, endTime: START + 86_400_000 })

describe('the default policy', () => {
  it('takes 50 orders in a batch and refuses 51, naming the field and the limit', () => {
    const h = harness()
    h.market.setReferencePrice('perp', 'BTC-USDC', '60000')
    expect(h.ok('POST', '/api/v1/perp/orders/batch', { orders: Array.from({ length: 50 }, () => order()) }).orders).toHaveLength(50)
    const over = h.call('POST', '/api/v1/perp/orders/batch', { orders: Array.from({ length: 51 }, () => order()) })
    expect(over).toMatchObject({ status: 400, error: { code: 'REQ_INVALID_PARAMS', details: { field: 'orders', limit: 50 } } })
    expect(h.call('DELETE', '/api/v1/perp/orders/batch', { order_ids: labels(51) }).error).toMatchObject({ details: { field: 'order_ids', limit: 50 } })
    expect(h.call('POST', '/api/v1/prediction/markets/batch-prices', { marketIds: labels(51) }).error).toMatchObject({ details: { field: 'marketIds', limit: 50 } })
  })

  it('pages at most 100 items', () => {
    const h = harness()
    expect(h.ok('GET', '/api/v1/account/deposits?pageSize=100').pagination.pageSize).toBe(100)
    expect(h.call('GET', '/api/v1/account/deposits?pageSize=101')).toMatchObject({ status: 400, error: { details: { field: 'pageSize', limit: 100 } } })
    expect(h.call('GET', '/api/v1/perp/orders?limit=101').error).toMatchObject({ details: { field: 'limit', limit: 100 } })
  })

  it("caps leverage at the market's own maximum (50 on BTC-USDC) under the 125 ceiling", () => {
    const h = harness()
    expect(h.ok('PUT', '/api/v1/perp/positions/BTC-USDC/leverage', { leverage: 50 })).toMatchObject({ leverage: 50, maxLeverage: 50 })
    expect(h.call('PUT', '/api/v1/perp/positions/BTC-USDC/leverage', { leverage: 51 }).error).toMatchObject({ details: { field: 'leverage', limit: 50 } })
    expect(h.call('POST', '/api/v1/perp/orders', order({ leverage: 51 })).error).toMatchObject({ details: { field: 'leverage', limit: 50 } })
  })

  it('creates a market of 32 outcomes and refuses 33', () => {
    const h = harness()
    expect(h.ok('POST', '/api/v1/prediction/markets', newMarket(labels(32))).outcomes).toHaveLength(32)
    expect(h.call('POST', '/api/v1/prediction/markets', newMarket(labels(33))).error).toMatchObject({ details: { field: 'outcomes', limit: 32 } })
  })

  it('takes market symbols exactly as listed: a lowercase symbol is an unknown market', () => {
    const h = harness()
    expect(h.call('GET', '/api/v1/perp/markets/btc-usdc')).toMatchObject({ status: 404 })
    expect(h.call('POST', '/api/v1/perp/orders', order({ market: 'btc-usdc' })).error).toMatchObject({ code: 'REQ_INVALID_PARAMS', details: { field: 'market' } })
  })
})

describe('a policy given to createReferenceExchange', () => {
  const exchange = createReferenceExchange({ seed: TEST_SEED, policy: { maxBatch: 2, maxPageSize: 5, maxLeverage: 10, maxOutcomes: 4, symbolCase: 'upper' } })
  const call = (method: string, path: string, body?: unknown, query?: string) =>
    rawRequest('http://exchange.test', { method, path, query, body: body === undefined ? undefined : JSON.stringify(body), key: TEST_KEYS.full }, (input, init) => exchange.fetch(input as string, init))

  it('is honoured for batches, pages, leverage and outcomes', async () => {
    expect((await call('POST', '/api/v1/perp/orders/batch', { orders: [order(), order(), order()] })).json.error).toMatchObject({ details: { field: 'orders', limit: 2 } })
    expect((await call('GET', '/api/v1/account/deposits', undefined, 'pageSize=6')).json.error).toMatchObject({ details: { field: 'pageSize', limit: 5 } })
    expect((await call('GET', '/api/v1/account/deposits', undefined, 'pageSize=5')).json.data.pagination.pageSize).toBe(5)
    for (const path of ['/api/v1/perp/orders', '/api/v1/prediction/markets/trending', '/api/v1/championships']) {
      expect((await call('GET', path, undefined, 'limit=6')).json.error, path).toMatchObject({ details: { field: 'limit', limit: 5 } })
    }
    expect((await call('PUT', '/api/v1/perp/positions/BTC-USDC/leverage', { leverage: 11 })).json.error).toMatchObject({ details: { field: 'leverage', limit: 10 } })
    expect((await call('GET', '/api/v1/perp/markets/BTC-USDC')).json.data.maxLeverage).toBe(10)
    expect((await call('GET', '/api/v1/perp/positions/BTC-USDC/leverage')).json.data).toMatchObject({ leverage: 10, maxLeverage: 10 })
    expect((await call('POST', '/api/v1/prediction/markets', newMarket(labels(5)))).json.error).toMatchObject({ details: { field: 'outcomes', limit: 4 } })
    expect((await call('POST', '/api/v1/prediction/markets', { ...newMarket(labels(4)), endTime: Date.now() + 86_400_000 })).status).toBe(200)
  })

  it('reads lowercase symbols as their market under symbolCase "upper"', async () => {
    expect((await call('GET', '/api/v1/perp/markets/btc-usdc')).json.data.symbol).toBe('BTC-USDC')
    const placed = await call('POST', '/api/v1/spot/orders', order({ market: 'btc-usdc', price: '1000' }))
    expect(placed.json.data).toMatchObject({ market: 'BTC-USDC', status: 'open' })
    expect((await call('GET', '/api/v1/spot/orders', undefined, 'market=btc-usdc')).json.data.items.map((item: { orderId: string }) => item.orderId)).toEqual([placed.json.data.orderId])
  })

  it('refuses a malformed policy, naming the setting', () => {
    expect(() => createReferenceExchange({ policy: { maxBatch: 0 } })).toThrow(/policy\.maxBatch/)
    expect(() => createReferenceExchange({ policy: { maxPageSize: 1.5 } })).toThrow(/policy\.maxPageSize/)
    expect(() => createReferenceExchange({ policy: { symbolCase: 'lower' as never } })).toThrow(/policy\.symbolCase/)
    expect(() => createReferenceExchange({ policy: { marketBond: -1 } })).toThrow(/policy\.marketBond/)
    expect(() => createReferenceExchange({ policy: { marketBondDoubling: 0 } })).toThrow(/policy\.marketBondDoubling/)
    expect(() => createReferenceExchange({ policy: { maxChallengeRounds: 0 } })).toThrow(/policy\.maxChallengeRounds/)
    expect(() => createReferenceExchange({ maxAccounts: 0 })).toThrow(expect.objectContaining({ field: 'maxAccounts' }))
  })
})
