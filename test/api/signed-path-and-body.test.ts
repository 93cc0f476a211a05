// The PATH and BODY parts of the signing payload as the spec states them (SPEC "Signing payload"):
// the path with no URL encoding, starting at /api/v1/ whatever the base URL's own path, and the empty
// string when there is no body. Signatures are recomputed with node:crypto over what the test expects.
import { describe, expect, it } from 'vitest'
import { ExchangeClient, ExchangeValidationError } from '../../src/index.ts'
import { expectSignedAsSent } from '../support/signed-as-sent.ts'
import { SPEC_HEADERS, SPEC_PATH_PREFIX } from '../spec/spec-facts.ts'
import { TEST_CREDENTIALS, recordingFetch, testClient, type Recorded } from './support.ts'

/** The signature the spec asks for over the given path and body (checked apart from what was sent). */
function expectSignedOver(request: Recorded, path: string, body: string): void {
  expect(request.body).toBe(body)
  expectSignedAsSent(request, TEST_CREDENTIALS, path)
}

describe('path parameters go on the wire and into the signature as the same bytes, unencoded', () => {
  it('sends and signs an id with "~", ":", "." and "-" as written (no %3A)', async () => {
    const { fetch, requests } = recordingFetch()
    await testClient(fetch).perp.getOrder({ orderId: 'ord:1.2~x-y' })
    const [request] = requests as [Recorded]
    expect(request.url.pathname).toBe('/api/v1/perp/orders/ord:1.2~x-y')
    expectSignedOver(request, '/api/v1/perp/orders/ord:1.2~x-y', '')
  })

  it.each([
    ['a percent sign', 'a%2Fb'],
    ['a slash', 'a/b'],
    ['a space', 'a b'],
    ['a non-ASCII letter', 'é'],
    ['a dot segment', '..'],
  ])('refuses %s in a path parameter before any I/O, naming the field', async (_, id) => {
    const { fetch, requests } = recordingFetch()
    const error = await testClient(fetch).perp.getOrder({ orderId: id }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ExchangeValidationError)
    expect(error).toMatchObject({ field: 'orderId' })
    expect(requests).toHaveLength(0)
  })

  it('sends a lowercase market symbol as written: its case is the service\'s to judge', async () => {
    const { fetch, requests } = recordingFetch()
    await testClient(fetch).perp.getTicker({ market: 'btc-usdc' })
    expect(requests[0]!.url.pathname).toBe('/api/v1/perp/markets/btc-usdc/ticker')
  })
})

describe('a base URL with a path of its own', () => {
  it('sends under the prefix and signs the path starting at /api/v1/', async () => {
    const { fetch, requests } = recordingFetch()
    const client = testClient(fetch, { baseUrl: 'http://exchange.test/gateway/v2' })
    await client.perp.listOpenOrders({ market: 'BTC-USDC' })
    const [request] = requests as [Recorded]
    expect(request.url.pathname).toBe('/gateway/v2/api/v1/perp/orders')
    expect(request.url.search).toBe('?market=BTC-USDC')
    expectSignedOver(request, `${SPEC_PATH_PREFIX}perp/orders`, '')
  })

  it('keeps a trailing slash of the base URL out of both', async () => {
    const { fetch, requests } = recordingFetch()
    await testClient(fetch, { baseUrl: 'http://exchange.test/gateway/' }).request({ method: 'GET', path: '/api/v1/account/overview' })
    expect(requests[0]!.url.pathname).toBe('/gateway/api/v1/account/overview')
    expectSignedOver(requests[0]!, '/api/v1/account/overview', '')
  })

  it('refuses a request path that climbs out of the prefix, before any I/O', async () => {
    const { fetch, requests } = recordingFetch()
    const client = testClient(fetch, { baseUrl: 'http://exchange.test/gateway' })
    await expect(client.request({ method: 'GET', path: '/../api/v1/account/overview' })).rejects.toMatchObject({ name: 'ExchangeValidationError', field: 'path' })
    expect(requests).toHaveLength(0)
  })
})

describe('an operation with no input sends no body and signs the empty string', () => {
  it('rotate: a POST with no body, no Content-Type, signed over timestamp + POST + path', async () => {
    const rotated = { apiKey: TEST_CREDENTIALS.apiKey, secretKey: 'ef'.repeat(32), apiKeyId: 'k1', rotatedAt: 1 }
    const { fetch, requests } = recordingFetch(() => new Response(JSON.stringify({ success: true, data: rotated, error: null, meta: null }), { headers: { 'content-type': 'application/json' } }))
    await testClient(fetch).rotate()
    const [request] = requests as [Recorded]
    expect(request.method).toBe('POST')
    expect(request.body).toBe('')
    expect(request.headers.get('content-type')).toBeNull()
    expectSignedOver(request, '/api/v1/accounts/me/api-key/rotate', '')
  })

  it('a POST whose input has no field given (cancel every prediction order) sends no body either', async () => {
    const { fetch, requests } = recordingFetch()
    await testClient(fetch).prediction.cancelAllOrders()
    const [request] = requests as [Recorded]
    expect(request.body).toBe('')
    expect(request.headers.get('content-type')).toBeNull()
    expectSignedOver(request, '/api/v1/prediction/orders/cancel-all', '')
  })

  it('a POST with fields still sends them as compact JSON with Content-Type', async () => {
    const { fetch, requests } = recordingFetch()
    await testClient(fetch).prediction.cancelAllOrders({ marketId: '1003' })
    const [request] = requests as [Recorded]
    expect(request.body).toBe('{"marketId":"1003"}')
    expect(request.headers.get(SPEC_HEADERS.contentType.name)).toBe(SPEC_HEADERS.contentType.value)
    expectSignedOver(request, '/api/v1/prediction/orders/cancel-all', '{"marketId":"1003"}')
  })
})

describe('shape, not policy: limits the spec marks "not shown" are the service\'s to enforce', () => {
  it('sends lowercase symbols, batches over 50, pages over 100, leverage over 125 and 33 outcomes', async () => {
    const { fetch, requests } = recordingFetch()
    const client = new ExchangeClient({ baseUrl: 'http://exchange.test', ...TEST_CREDENTIALS, fetch, retry: false })
    const order = { market: 'btc-usdc', side: 'buy', type: 'limit', size: '1', price: '1', clientOrderId: 'x' } as const
    await client.perp.placeOrders({ orders: Array.from({ length: 51 }, (_, i) => ({ ...order, clientOrderId: `o${i}` })) })
    await client.perp.placeOrder({ ...order, leverage: 126 })
    await client.perp.setLeverage({ market: 'BTC-USDC', leverage: 200 })
    await client.perp.listOpenOrders({ limit: 101 })
    await client.prediction.listMarkets({ pageSize: 500 })
    await client.prediction.listMarketPrices({ marketIds: Array.from({ length: 51 }, (_, i) => String(i + 1)) })
    await client.prediction.createMarket({ question: 'q', category: 'c', marketType: 'multi_outcome', outcomes: Array.from({ length: 33 }, (_, i) => `o${i}`), endTime: 1 })
    expect(requests).toHaveLength(7)
  })
})
