// The `routes` option: an operation sent to another method and path, for the wire and the signature
// alike, and `realServiceRoutes`, the real service's known differences (real-service.md §0.3).
// Signatures are checked with node:crypto: by hand against the fetch double, and by a loopback server
// (test/support/verifying-server.ts) that refuses any request not signed over the path it received.
import { afterAll, describe, expect, it } from 'vitest'
import { perpApi } from '../../src/areas/perp.ts'
import { ExchangeClient, ExchangeCore, ExchangeValidationError, realServiceRoutes, type Routes } from '../../src/index.ts'
import { expectSignedAsSent } from '../support/signed-as-sent.ts'
import { VERIFIER_KEY, startVerifyingServer } from '../support/verifying-server.ts'
import { TEST_CREDENTIALS, described, methodOf, recordingFetch, testClient, type Recorded } from './support.ts'

const expectSignedOver = (request: Recorded, path: string) => expectSignedAsSent(request, TEST_CREDENTIALS, path)

describe('the routes option', () => {
  it('sends and signs an operation at the route given, keeping its query', async () => {
    const { fetch, requests } = recordingFetch()
    const client = testClient(fetch, { routes: { 'perp.listOrderHistory': { method: 'GET', path: '/api/v1/perp/orders/history' } } })
    await client.perp.listOrderHistory({ market: 'BTC-USDC', limit: 5 })
    const [request] = requests as [Recorded]
    expect(`${request.method} ${request.url.pathname}${request.url.search}`).toBe('GET /api/v1/perp/orders/history?market=BTC-USDC&limit=5')
    expectSignedOver(request, '/api/v1/perp/orders/history')
  })

  it('fills path parameters into the routed path', async () => {
    const { fetch, requests } = recordingFetch()
    const client = testClient(fetch, { routes: { 'account.getApiKey': { method: 'GET', path: '/api/v1/accounts/me/api-keys/:id' } } })
    await client.account.getApiKey({ id: 'k-7' })
    expect(requests[0]!.url.pathname).toBe('/api/v1/accounts/me/api-keys/k-7')
    expectSignedOver(requests[0]!, '/api/v1/accounts/me/api-keys/k-7')
  })

  it('moves a POST to DELETE with its JSON body, signed with that body', async () => {
    const { fetch, requests } = recordingFetch()
    const client = testClient(fetch, { routes: { 'prediction.cancelOrder': { method: 'DELETE', path: '/api/v1/prediction/orders/cancel' } } })
    await client.prediction.cancelOrder({ marketId: '1001', orderId: '5001' })
    const [request] = requests as [Recorded]
    expect(request.method).toBe('DELETE')
    expect(request.url.search).toBe('')
    expect(request.body).toBe('{"marketId":"1001","orderId":"5001"}')
    expectSignedOver(request, '/api/v1/prediction/orders/cancel')
  })

  it('routes the key calls under keys.*', async () => {
    const { fetch, requests } = recordingFetch()
    const client = testClient(fetch, { routes: { 'keys.getKeyInfo': { method: 'GET', path: '/api/v1/accounts/me/api-key' } } })
    await client.getKeyInfo()
    expect(requests[0]!.url.pathname).toBe('/api/v1/accounts/me/api-key')
    expectSignedOver(requests[0]!, '/api/v1/accounts/me/api-key')
  })

  it.each<[string, unknown, string]>([
    ['not an object', [], 'routes'],
    ['a name without a group', { getOverview: { method: 'GET', path: '/api/v1/x' } }, 'routes.getOverview'],
    ['an unknown operation', { 'account.getBalance': { method: 'GET', path: '/api/v1/x' } }, 'routes.account.getBalance'],
    ['an unknown group', { 'wallet.getBalance': { method: 'GET', path: '/api/v1/x' } }, 'routes.wallet.getBalance'],
    ['an inherited name', { 'account.constructor': { method: 'GET', path: '/api/v1/x' } }, 'routes.account.constructor'],
    ['a method outside GET, POST, PUT, DELETE', { 'account.getOverview': { method: 'PATCH', path: '/api/v1/x' } }, 'routes.account.getOverview.method'],
    ['a lowercase method', { 'account.getOverview': { method: 'get', path: '/api/v1/x' } }, 'routes.account.getOverview.method'],
    ['a path outside /api/v1/', { 'account.getOverview': { method: 'GET', path: '/v1/account/overview' } }, 'routes.account.getOverview.path'],
    ['a path with a query', { 'account.getOverview': { method: 'GET', path: '/api/v1/x?y=1' } }, 'routes.account.getOverview.path'],
    ['a percent-encoded path', { 'account.getOverview': { method: 'GET', path: '/api/v1/a%20b' } }, 'routes.account.getOverview.path'],
    ['a percent-encoded slash', { 'account.getOverview': { method: 'GET', path: '/api/v1/accounts%2Fme/overview' } }, 'routes.account.getOverview.path'],
    ['a ".." segment', { 'account.getOverview': { method: 'GET', path: '/api/v1/x/../../admin/overview' } }, 'routes.account.getOverview.path'],
    ['a ".." last segment', { 'account.getOverview': { method: 'GET', path: '/api/v1/accounts/..' } }, 'routes.account.getOverview.path'],
    ['a "." segment', { 'account.getOverview': { method: 'GET', path: '/api/v1/./accounts/me/overview' } }, 'routes.account.getOverview.path'],
    ['an empty segment ("//")', { 'account.getOverview': { method: 'GET', path: '/api/v1//accounts/me/overview' } }, 'routes.account.getOverview.path'],
    ['a dropped path parameter', { 'perp.getOrder': { method: 'GET', path: '/api/v1/perp/orders/one' } }, 'routes.perp.getOrder.path'],
    ['a renamed path parameter', { 'perp.getOrder': { method: 'GET', path: '/api/v1/perp/orders/:id' } }, 'routes.perp.getOrder.path'],
    ['an invented path parameter', { 'account.getOverview': { method: 'GET', path: '/api/v1/accounts/:me/overview' } }, 'routes.account.getOverview.path'],
  ])('refuses %s when the client is built, naming it', (_, routes, field) => {
    const { fetch, requests } = recordingFetch()
    let error: unknown
    try {
      testClient(fetch, { routes: routes as Routes })
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(ExchangeValidationError)
    expect((error as ExchangeValidationError).field).toBe(field)
    expect(requests).toHaveLength(0)
  })

  it('a standalone group checks its own routes when it binds', () => {
    const core = new ExchangeCore({ baseUrl: 'http://exchange.test', routes: { 'perp.getOrderbok': { method: 'GET', path: '/api/v1/x' } } })
    expect(() => perpApi(core)).toThrow(ExchangeValidationError)
  })
})

describe('realServiceRoutes', () => {
  it('names only operations of the client, each with its path parameters, and is accepted as is', () => {
    expect(() => new ExchangeClient({ baseUrl: 'http://exchange.test', routes: realServiceRoutes })).not.toThrow()
    for (const [name, route] of Object.entries(realServiceRoutes)) {
      const entry = described.find((candidate) => `${candidate.group}.${candidate.name}` === name)
      expect(entry, name).toBeDefined()
      expect(route.path.match(/:\w+/g) ?? [], name).toEqual(entry!.op.path.match(/:\w+/g) ?? [])
    }
  })

  it('holds the differences real-service.md §0.3 backs, and the spec paths stay the default', () => {
    expect(realServiceRoutes).toMatchObject({
      'account.getOverview': { method: 'GET', path: '/api/v1/accounts/me/overview' },
      'perp.listOrderHistory': { method: 'GET', path: '/api/v1/perp/orders/history' },
      'spot.listOrderHistory': { method: 'GET', path: '/api/v1/spot/orders/history' },
      'perp.getInsuranceFund': { method: 'GET', path: '/api/v1/perp/markets/insurance-fund' },
      'prediction.cancelOrder': { method: 'DELETE', path: '/api/v1/prediction/orders/cancel' },
    })
    const plain = described.find(({ group, name }) => group === 'account' && name === 'getOverview')!
    expect(plain.op.path).toBe('/api/v1/account/overview')
  })

  describe('against a loopback server that verifies every signature with node:crypto', async () => {
    const server = await startVerifyingServer()
    afterAll(() => server.close())
    const client = new ExchangeClient({ baseUrl: server.url, ...VERIFIER_KEY, routes: realServiceRoutes, retry: false })

    it.each(Object.entries(realServiceRoutes))('%s goes to its route, signed over that path', async (name, route) => {
      const entry = described.find((candidate) => `${candidate.group}.${candidate.name}` === name)!
      const example = (entry.op.example ?? {}) as Record<string, unknown>
      const call = methodOf(client, entry)
      // The server answers with what it received, once the signature over that path checked out.
      const seen = (await (entry.op.input ? call(example) : call())) as { method: string; path: string }
      expect(seen.method).toBe(route.method)
      expect(seen.path).toBe(route.path.replace(/:(\w+)/g, (_, param: string) => String(example[param])))
    })
  })
})
