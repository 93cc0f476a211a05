import { describe, expect, it } from 'vitest'
import { harness, START } from './harness.ts'
import { MARKET_ROUTES } from './routes-table.ts'

const limitOrder = (extra: Record<string, unknown> = {}) => ({ market: 'BTC-USDC', side: 'buy', type: 'limit', price: '60000', size: '0.01', ...extra })

describe('route table', () => {
  it('serves exactly the planned market routes with the planned permissions', () => {
    const { router } = harness()
    const served = router.routes.map((route) => `${route.method} ${route.pattern} ${route.auth}`).sort()
    expect(served).toEqual([...MARKET_ROUTES].sort())
    expect(served).toHaveLength(111)
  })

  it('answers every GET route with JSON data, open or signed, for a trading account', () => {
    const h = harness()
    h.ok('POST', '/api/v1/perp/orders', { market: 'BTC-USDC', side: 'buy', type: 'market', size: '0.01' })
    h.ok('POST', '/api/v1/spot/orders', limitOrder())
    h.ok('POST', '/api/v1/prediction/orders', { marketId: '1001', side: 0, outcomeIndex: 0, priceE6: 650_000, amount: 10 })
    const params: Record<string, string> = { market: 'BTC-USDC', marketId: '1001', slug: 'perp-masters-weekly', symbol: 'BTC', token: 'USDC' }
    const gets = h.router.routes.filter((route) => route.method === 'GET' && !route.pattern.endsWith('/:orderId'))
    for (const route of gets) {
      const path = route.pattern.replace(/:(\w+)/g, (_, name: string) => params[name]!)
      const answer = h.call('GET', route.pattern.endsWith('/search') ? `${path}?q=btc` : path)
      expect(answer.status, `${path}: ${JSON.stringify(answer.error)}`).toBe(200)
      expect(answer.data, path).not.toBeUndefined()
    }
    expect(gets).toHaveLength(76) // all 78 GET routes but the two order lookups by id, tested on their own
  })

  it('reads literal paths before parameters (markets/active is not a market id)', () => {
    const h = harness()
    expect(h.ok('GET', '/api/v1/prediction/markets/active').items.length).toBeGreaterThan(0)
    expect(h.ok('GET', '/api/v1/prediction/markets/1001')).toMatchObject({ marketId: '1001' })
    expect(h.ok('POST', '/api/v1/perp/orders/batch', { orders: [limitOrder()] }).orders).toHaveLength(1)
  })
})

describe('demo data', () => {
  it('has the perp markets, spot markets and tokens', () => {
    const h = harness()
    expect(h.ok('GET', '/api/v1/perp/markets').map((market: { symbol: string }) => market.symbol)).toEqual(['BTC-USDC', 'ETH-USDC', 'SOL-USDC'])
    expect(h.ok('GET', '/api/v1/spot/markets').map((market: { symbol: string }) => market.symbol)).toEqual(['BTC-USDC', 'ETH-USDC'])
    expect(h.ok('GET', '/api/v1/spot/tokens').map((token: { symbol: string }) => token.symbol)).toEqual(['USDC', 'BTC', 'ETH'])
    expect(h.ok('GET', '/api/v1/perp/markets/ETH-USDC')).toMatchObject({ baseAsset: 'ETH', quoteAsset: 'USDC', status: 'active', tickSize: '0.01', maxLeverage: 50 })
    expect(h.call('GET', '/api/v1/perp/markets/DOGE-USDC')).toMatchObject({ status: 404, error: { code: 'NOT_FOUND', codeNum: 10004 } })
  })

  it('has binary and multi-outcome prediction markets across three categories, with tags', () => {
    const h = harness()
    const markets = h.ok('GET', '/api/v1/prediction/markets?pageSize=100').items
    expect(markets.length).toBeGreaterThanOrEqual(6)
    expect(new Set(markets.map((market: { marketType: string }) => market.marketType))).toEqual(new Set(['binary', 'multi_outcome']))
    expect(h.ok('GET', '/api/v1/prediction/categories')).toEqual([
      { category: 'crypto', count: 4 },
      { category: 'politics', count: 3 },
      { category: 'sports', count: 2 },
    ])
    expect(h.ok('GET', '/api/v1/prediction/tags?limit=2')).toEqual([
      { tag: 'eth', count: 2 },
      { tag: 'football', count: 2 },
    ])
    expect(h.ok('GET', '/api/v1/prediction/markets?category=sports&marketType=multi_outcome').items.map((market: { marketId: string }) => market.marketId)).toEqual(['1003'])
    expect(h.ok('GET', '/api/v1/prediction/markets/ending-soon?limit=1').items[0].marketId).toBe('1002')
    expect(h.ok('GET', '/api/v1/prediction/markets/new?limit=1').items[0].marketId).toBe('1007')
    expect(h.ok('GET', '/api/v1/prediction/search?q=world cup').items.map((market: { marketId: string }) => market.marketId)).toEqual(['1003'])
  })

  it('answers batch prices, outcomes and the price balance in E6 units', () => {
    const h = harness()
    const { prices } = h.ok('POST', '/api/v1/prediction/markets/batch-prices', { marketIds: ['1001', 1003, 'unknown'] })
    expect(prices.map((price: { marketId: string }) => price.marketId)).toEqual(['1001', '1003'])
    expect(prices[0]).toMatchObject({ marketType: 'binary', yesPriceE6: 620_000, noPriceE6: 380_000, updatedAt: START })
    expect(h.ok('GET', '/api/v1/prediction/markets/1003/price-balance')).toMatchObject({ sumPriceE6: 1_000_000, balanced: true })
    const depths = h.ok('GET', '/api/v1/prediction/markets/1001/all-depths')
    expect(depths[0].bids[0]).toEqual({ price: 0.61, amount: 500 })
    expect(h.ok('GET', '/api/v1/prediction/markets/1001/orderbook?outcomeIndex=1').asks[0]).toEqual({ price: 0.39, shares: 500, orderCount: 1 })
  })

  it('ranks championships and places the caller by their own trading', () => {
    const h = harness()
    expect(h.ok('GET', '/api/v1/championships?featured_only=true').items.map((entry: { slug: string }) => entry.slug)).toEqual(['perp-masters-weekly', 'genesis-season'])
    const board = h.ok('GET', '/api/v1/championships/perp-masters-weekly/leaderboard?sort_by=volume&period=7d&limit=5&offset=1')
    expect(board).toMatchObject({ sortBy: 'volume', period: '7d', total: 30, offset: 1, limit: 5 })
    expect(board.items.map((entry: { rank: number }) => entry.rank)).toEqual([2, 3, 4, 5, 6])
    const volumes = board.items.map((entry: { volume: string }) => Number(entry.volume))
    expect(volumes).toEqual([...volumes].sort((a, b) => b - a))
    expect(h.ok('GET', '/api/v1/championships/1/top3').topThree).toHaveLength(3)
    expect(h.ok('GET', '/api/v1/championships/perp-masters-weekly/me/rank')).toMatchObject({ participating: false, rank: null })
    h.ok('POST', '/api/v1/perp/orders', { market: 'BTC-USDC', side: 'buy', type: 'market', size: '0.01' })
    expect(h.ok('GET', '/api/v1/championships/perp-masters-weekly/me/rank')).toMatchObject({ participating: true, trades: 1, rank: expect.any(Number) })
    expect(h.call('GET', '/api/v1/championships/nope')).toMatchObject({ status: 404 })
  })

  it('is the same for the same clock: klines, trades, book and leaderboard', () => {
    const targets = ['/api/v1/perp/markets/BTC-USDC/klines?interval=15m&limit=50', '/api/v1/spot/markets/ETH-USDC/trades?limit=20', '/api/v1/perp/markets/SOL-USDC/orderbook', '/api/v1/prediction/markets/1003/klines?outcomeIndex=2', '/api/v1/championships/genesis-season/leaderboard']
    const first = harness()
    const second = harness()
    for (const target of targets) expect(second.ok('GET', target), target).toEqual(first.ok('GET', target))
  })

  it('builds candles on the interval grid, oldest first, and none after now', () => {
    const h = harness()
    const candles = h.ok('GET', '/api/v1/perp/markets/BTC-USDC/klines?interval=1h&limit=24')
    expect(candles).toHaveLength(24)
    for (const [index, candle] of candles.entries()) {
      expect(candle.openTime % 3_600_000).toBe(0)
      expect(candle.closeTime).toBe(candle.openTime + 3_599_999)
      if (index > 0) expect(candle.openTime).toBe(candles[index - 1].openTime + 3_600_000)
      expect(Number(candle.high)).toBeGreaterThanOrEqual(Math.max(Number(candle.open), Number(candle.close)))
      expect(Number(candle.low)).toBeLessThanOrEqual(Math.min(Number(candle.open), Number(candle.close)))
    }
    expect(candles.at(-1).openTime).toBeLessThanOrEqual(START)
    // START is noon: from three days back, the daily candles open at the three midnights since.
    const ranged = h.ok('GET', `/api/v1/perp/markets/BTC-USDC/klines?interval=1d&startTime=${START - 3 * 86_400_000}`)
    expect(ranged.map((candle: { openTime: number }) => candle.openTime)).toEqual([2.5, 1.5, 0.5].map((days) => START - days * 86_400_000))
    expect(h.call('GET', '/api/v1/perp/markets/BTC-USDC/klines?interval=2h').error).toMatchObject({ details: { field: 'interval' } })
  })
})

describe('orders through the routes', () => {
  it('places a batch: one result per order, an entry the market refuses does not stop the rest, a repeated clientOrderId gives the first order', () => {
    const h = harness()
    const { orders } = h.ok('POST', '/api/v1/perp/orders/batch', {
      orders: [limitOrder({ clientOrderId: 'b-1' }), limitOrder({ clientOrderId: 'b-2', price: '90000' }), limitOrder({ clientOrderId: 'b-1', price: '61000' })],
    })
    expect(orders).toHaveLength(3)
    expect(orders[0]).toMatchObject({ clientOrderId: 'b-1', status: 'open', price: '60000' })
    expect(orders[1]).toMatchObject({ clientOrderId: 'b-2', status: 'rejected', error: { code: 'TRADE_PRICE_DEVIATION', codeNum: 13002, details: { field: 'price' } } })
    expect(orders[2]).toEqual(orders[0])
    expect(h.ok('POST', '/api/v1/perp/orders', limitOrder({ clientOrderId: 'b-1', size: '0.5' }))).toEqual(orders[0])
    expect(h.market.orders('alice').perp).toHaveLength(1)
    const tooMany = Array.from({ length: 51 }, (_, index) => limitOrder({ clientOrderId: `x${index}` }))
    expect(h.call('POST', '/api/v1/perp/orders/batch', { orders: tooMany }).error).toMatchObject({ code: 'REQ_INVALID_PARAMS', details: { field: 'orders', limit: 50 } })
  })

  it('refuses a whole batch when one entry is malformed, naming its index, and places nothing', () => {
    for (const area of ['perp', 'spot']) {
      const h = harness()
      const entries = [limitOrder({ clientOrderId: 'ok-0' }), limitOrder({ clientOrderId: 'ok-1' }), limitOrder({ clientOrderId: 'ok-2' }), limitOrder({ clientOrderId: 'bad-3', price: 'cheap' })]
      const answer = h.call('POST', `/api/v1/${area}/orders/batch`, { orders: entries })
      expect(answer, area).toMatchObject({ status: 400, error: { code: 'REQ_INVALID_PARAMS', details: { field: 'orders[3].price' } } })
      expect(answer.error?.message).toMatch(/^orders\[3\]\.price: /)
      for (const [index, entry] of [[1, 42], [2, { ...limitOrder(), reduce_only: true }]] as const) {
        const mixed = [limitOrder(), limitOrder(), limitOrder()]
        mixed[index] = entry as never
        expect(h.call('POST', `/api/v1/${area}/orders/batch`, { orders: mixed }).error?.details?.field, area).toBe(index === 1 ? 'orders[1]' : 'orders[2].reduce_only')
      }
      expect(h.market.orders('alice')[area as 'perp' | 'spot'], area).toEqual([])
    }
  })

  it('cancels a batch by snake_case order_ids, and says so when the key is camelCase', () => {
    const h = harness()
    const ids = ['59000', '59100', '59200'].map((price) => h.ok('POST', '/api/v1/spot/orders', limitOrder({ price })).orderId)
    const camel = h.call('DELETE', '/api/v1/spot/orders/batch', { orderIds: ids }).error
    expect(camel).toMatchObject({ code: 'REQ_INVALID_PARAMS', details: { field: 'orderIds' } })
    expect(camel?.message).toContain('did you mean order_ids?')
    expect(h.ok('DELETE', '/api/v1/spot/orders/batch', { order_ids: [ids[0], ids[1], 'unknown'] })).toEqual({ cancelledCount: 2, orderIds: [ids[0], ids[1]] })
    expect(h.ok('GET', '/api/v1/spot/orders').items.map((order: { orderId: string }) => order.orderId)).toEqual([ids[2]])
  })

  it('pages open orders by cursor, newest first, until nextCursor is null', () => {
    const h = harness()
    const ids = Array.from({ length: 5 }, (_, index) => h.ok('POST', '/api/v1/perp/orders', limitOrder({ price: String(59000 + index * 10) })).orderId)
    const seen: string[] = []
    let cursor: string | null = null
    do {
      const page: { items: { orderId: string }[]; nextCursor: string | null } = h.ok('GET', `/api/v1/perp/orders?limit=2${cursor ? `&cursor=${cursor}` : ''}`)
      expect(page.items.length).toBeLessThanOrEqual(2)
      seen.push(...page.items.map((order) => order.orderId))
      cursor = page.nextCursor
    } while (cursor)
    expect(seen).toEqual([...ids].reverse())
    expect(h.call('GET', '/api/v1/perp/orders?limit=101').error).toMatchObject({ details: { field: 'limit' } })
    expect(h.call('GET', '/api/v1/perp/orders?cursor=nope').error).toMatchObject({ details: { field: 'cursor' } })
  })

  it('finds an order by clientOrderId among open orders and in history', () => {
    const h = harness()
    h.ok('POST', '/api/v1/perp/orders', limitOrder({ clientOrderId: 'resting' }))
    h.ok('POST', '/api/v1/perp/orders', { market: 'BTC-USDC', side: 'buy', type: 'market', size: '0.01', clientOrderId: 'filled-now' })
    expect(h.ok('GET', '/api/v1/perp/orders?clientOrderId=resting').items).toHaveLength(1)
    expect(h.ok('GET', '/api/v1/perp/orders?clientOrderId=filled-now').items).toHaveLength(0)
    expect(h.ok('GET', '/api/v1/perp/history/orders?clientOrderId=filled-now').items[0]).toMatchObject({ status: 'filled', clientOrderId: 'filled-now' })
    expect(h.ok('GET', '/api/v1/perp/history/orders?status=cancelled').items).toEqual([])
    expect(h.ok('GET', '/api/v1/perp/history/trades').items[0]).toMatchObject({ clientOrderId: 'filled-now', liquidity: 'taker', feeToken: 'USDC' })
  })

  it('modifies an open order with PUT and refuses what cannot change', () => {
    const h = harness()
    const order = h.ok('POST', '/api/v1/spot/orders', limitOrder())
    expect(h.ok('PUT', `/api/v1/spot/orders/${order.orderId}`, { price: '59000', size: '0.02' })).toMatchObject({ orderId: order.orderId, price: '59000', size: '0.02', status: 'open' })
    expect(h.call('PUT', `/api/v1/spot/orders/${order.orderId}`, {}).error).toMatchObject({ details: { field: 'price' } })
    expect(h.call('PUT', `/api/v1/spot/orders/${order.orderId}`, { price: '59000.001' }).error).toMatchObject({ details: { field: 'price' } })
    h.ok('DELETE', `/api/v1/spot/orders/${order.orderId}`)
    expect(h.call('PUT', `/api/v1/spot/orders/${order.orderId}`, { price: '59000' })).toMatchObject({ status: 409, error: { code: 'ORDER_NOT_OPEN', codeNum: 13005 } })
    expect(h.call('GET', '/api/v1/spot/orders/123')).toMatchObject({ status: 404, error: { code: 'ORDER_NOT_FOUND', codeNum: 13004 } })
  })

  it('moves spot balances with a market order and refuses reduceOnly on spot', () => {
    const h = harness()
    const order = h.ok('POST', '/api/v1/spot/orders', { market: 'ETH-USDC', side: 'sell', type: 'market', size: '2' })
    expect(order).toMatchObject({ status: 'filled', filledSize: '2' })
    const eth = h.ok('GET', '/api/v1/spot/balances/ETH')
    expect(eth).toMatchObject({ token: 'ETH', available: '8', locked: '0', total: '8' })
    const usdc = h.ok('GET', '/api/v1/spot/balances').find((balance: { token: string }) => balance.token === 'USDC')
    const proceeds = Number(order.avgFillPrice) * 2
    expect(Number(usdc.available)).toBeCloseTo(100000 + proceeds - proceeds * 0.0005, 6)
    expect(h.call('POST', '/api/v1/spot/orders', { ...limitOrder(), reduceOnly: true }).error).toMatchObject({ details: { field: 'reduceOnly' } })
    expect(h.call('GET', '/api/v1/spot/balances/DOGE')).toMatchObject({ status: 404 })
  })

  it('names the problem with the body itself', () => {
    const h = harness()
    expect(h.call('POST', '/api/v1/perp/orders', undefined).error).toMatchObject({ code: 'REQ_INVALID_PARAMS', details: { field: 'body' } })
    expect(h.call('POST', '/api/v1/perp/orders', [limitOrder()]).error).toMatchObject({ details: { field: 'body' } })
    expect(h.call('POST', '/api/v1/perp/orders', limitOrder({ clientOrderId: 'has space' })).error).toMatchObject({ details: { field: 'clientOrderId' } })
  })
})

describe('accounts', () => {
  it('opens an account never seen before empty on first use', () => {
    const h = harness()
    expect(h.ok('GET', '/api/v1/spot/balances', undefined, 'newcomer').map((balance: { total: string }) => balance.total)).toEqual(['0', '0', '0'])
    expect(h.call('POST', '/api/v1/perp/orders', limitOrder(), 'newcomer').error).toMatchObject({ code: 'TRADE_INSUFFICIENT_BALANCE' })
  })

  it('credits deposits and pays withdrawals, listing both as page lists', () => {
    const h = harness()
    expect(h.ok('POST', '/api/v1/account/deposits', { token: 'USDC', amount: '250.5', txHash: '0xfeed' })).toMatchObject({ token: 'USDC', amount: '250.5', status: 'completed', txHash: '0xfeed' })
    expect(h.ok('POST', '/api/v1/account/withdrawals', { token: 'BTC', amount: '0.5', address: 'bc1qexample' })).toMatchObject({ token: 'BTC', amount: '0.5' })
    expect(h.call('POST', '/api/v1/account/withdrawals', { token: 'BTC', amount: '5', address: 'bc1qexample' }).error).toMatchObject({ code: 'TRADE_INSUFFICIENT_BALANCE' })
    expect(h.call('POST', '/api/v1/account/deposits', { token: 'DOGE', amount: '1' }).error).toMatchObject({ details: { field: 'token' } })
    const deposits = h.ok('GET', '/api/v1/account/deposits?page=1&pageSize=10')
    expect(deposits.pagination).toEqual({ page: 1, pageSize: 10, totalItems: 1, totalPages: 1, hasNext: false, hasPrev: false })
    expect(h.call('GET', '/api/v1/account/withdrawals?pageSize=101').error).toMatchObject({ details: { field: 'pageSize' } })
    expect(h.market.balances('alice').USDC!.available).toBe('100250.5')
  })

  it('sums the account in the overview', () => {
    const h = harness({ accounts: { alice: { USDC: '1000' } } })
    expect(h.ok('GET', '/api/v1/account/overview')).toMatchObject({ accountId: 'alice', totalEquity: '1000', availableBalance: '1000', balance: '1000', riskLevel: 'safe' })
    h.ok('POST', '/api/v1/prediction/mints', { marketId: '1001', amount: 100 })
    // 100 Yes at 0.62 + 100 No at 0.38 are worth the 100 USDC paid.
    expect(h.ok('GET', '/api/v1/account/overview')).toMatchObject({ totalEquity: '1000', availableBalance: '900', predictionValue: '100' })
  })
})
