import { describe, expect, inject, it } from 'vitest'
import { ExchangeClient } from '../../src/index.ts'
import { createReferenceExchange, type ExchangeModule } from '../../src/testing/index.ts'
import { httpRequest, sendRaw } from '../reliability/support/raw-socket.ts'
import { startLocalExchange } from '../support/local-exchange.ts'
import { rawRequest } from '../support/raw-request.ts'
import { TEST_KEYS, TEST_SEED } from '../support/seed.ts'

const baseUrl = inject('exchangeUrl')

describe('the envelope', () => {
  it('wraps every success with meta { requestId, timestamp }', async () => {
    const before = Date.now()
    const { status, json, headers } = await rawRequest(baseUrl, { path: '/api/v1/system/time' })
    expect(status).toBe(200)
    expect(json).toEqual({ success: true, data: { serverTime: expect.any(Number) }, error: null, meta: { requestId: expect.stringMatching(/^req_/), timestamp: expect.any(Number) } })
    expect(json.data.serverTime).toBeGreaterThanOrEqual(before)
    expect(headers.get('x-request-id')).toBe(json.meta.requestId)
    expect(headers.get('content-type')).toContain('application/json')
  })

  it('gives each request its own id', async () => {
    const ids = new Set<string>()
    for (let i = 0; i < 5; i++) ids.add((await rawRequest(baseUrl, { path: '/api/v1/system/health' })).json.meta.requestId)
    expect(ids.size).toBe(5)
  })
})

describe('requests the route table cannot serve', () => {
  it('a path no route serves: 404 ROUTE_NOT_FOUND naming the method and the path', async () => {
    for (const [method, path] of [['GET', '/api/v1/nothing/here'], ['POST', '/api/v1/perp/orderz'], ['GET', '/api/v2/system/time']] as const) {
      const { status, json } = await rawRequest(baseUrl, { method, path, body: method === 'POST' ? '{}' : undefined })
      expect(status).toBe(404)
      expect(json.error).toMatchObject({ code: 'ROUTE_NOT_FOUND', codeNum: 10007, details: { method, path } })
      expect(json.error!.message).toBe(`no route serves ${method} ${path}`)
    }
  })

  it('an id of the wrong shape is an unknown route, not a missing resource: GET /perp/orders/history', async () => {
    // The real service's clients call this path; here "history" is no order id, so no route serves it.
    for (const path of ['/api/v1/perp/orders/history', '/api/v1/spot/orders/history', '/api/v1/perp/orders/1%2F2', '/api/v1/account/api-keys/history']) {
      const { status, json } = await rawRequest(baseUrl, { path, key: TEST_KEYS.full })
      expect(status, path).toBe(404)
      expect(json.error?.code, path).toBe('ROUTE_NOT_FOUND')
    }
    // A well-formed id that names no order is still a lookup.
    const missing = await rawRequest(baseUrl, { path: '/api/v1/perp/orders/987654321987654321', key: TEST_KEYS.full })
    expect(missing.json.error).toMatchObject({ code: 'ORDER_NOT_FOUND', codeNum: 13004 })
  })

  it('a known path with the wrong method: 405 METHOD_NOT_ALLOWED with the allowed methods', async () => {
    const { status, json, headers } = await rawRequest(baseUrl, { method: 'DELETE', path: '/api/v1/system/time' })
    expect(status).toBe(405)
    expect(json.error).toMatchObject({ code: 'METHOD_NOT_ALLOWED', codeNum: 10005, details: { allowed: ['GET'] } })
    expect(headers.get('allow')).toBe('GET')
  })

  it('a method the exchange never serves (TRACE, PATCH, HEAD, FOO): 405 with the envelope on any path, over HTTP', async () => {
    const { url } = await startLocalExchange()
    for (const method of ['TRACE', 'PATCH', 'FOO']) {
      for (const path of ['/api/v1/system/time', '/api/v1/nowhere']) {
        const reply = await sendRaw(url, httpRequest(method, path, {}))
        expect(reply.status, `${method} ${path}`).toBe(405)
        expect(JSON.parse(reply.body), `${method} ${path}`).toMatchObject({
          success: false,
          error: { code: 'METHOD_NOT_ALLOWED', codeNum: 10005, details: { method, path, allowed: ['GET', 'POST', 'PUT', 'DELETE'] } },
          meta: { requestId: expect.stringMatching(/^req_/) },
        })
        expect(reply.head.toLowerCase()).toContain('allow: get, post, put, delete')
      }
    }
    const head = await sendRaw(url, httpRequest('HEAD', '/api/v1/system/time', {}))
    expect(head.status).toBe(405) // a HEAD answer carries no body
  })

  it('in process too (fetch cannot even build a TRACE request)', async () => {
    const exchange = createReferenceExchange()
    for (const method of ['PATCH', 'FOO']) {
      const response = await exchange.fetch('http://x/api/v1/system/time', { method })
      expect(response.status).toBe(405)
      expect((await response.json()).error.code).toBe('METHOD_NOT_ALLOWED')
    }
    expect(exchange.refuseMethod('TRACE', '/api/v1/system/time')?.status).toBe(405)
    expect(exchange.refuseMethod('GET', '/api/v1/system/time')).toBeUndefined()
  })

  it('malformed JSON: 400 REQ_INVALID_JSON', async () => {
    const { status, json } = await rawRequest(baseUrl, { method: 'POST', path: '/api/v1/oauth/onboard', body: '{"walletType": ' })
    expect(status).toBe(400)
    expect(json.error).toMatchObject({ code: 'REQ_INVALID_JSON', codeNum: 10001 })
  })
})

describe('a bug in a route', () => {
  const failing: ExchangeModule = {
    register(router) {
      router.add('GET', '/api/v1/probe/bug', 'none', () => {
        throw new TypeError("Cannot read properties of undefined (reading 'secretKey') at KeyStore.#setSecret (src/testing/auth/keys.ts:118)")
      })
    },
  }

  it('answers 500 INTERNAL with the request id only; the detail goes to the exchange\'s log', async () => {
    const logged: [string, unknown][] = []
    const { url } = await startLocalExchange({ modules: [failing], onInternalError: (requestId, error) => void logged.push([requestId, error]) })
    const { status, json, text } = await rawRequest(url, { path: '/api/v1/probe/bug' })
    expect(status).toBe(500)
    const { requestId } = json.meta
    expect(json.error).toEqual({ code: 'INTERNAL', codeNum: 10500, message: `internal error; the exchange's log has the detail under request ${requestId}`, details: { requestId } })
    for (const internal of ['secretKey', 'KeyStore', 'keys.ts', 'TypeError', 'undefined']) expect(text).not.toContain(internal)
    expect(logged).toEqual([[requestId, expect.objectContaining({ name: 'TypeError', message: expect.stringContaining('KeyStore') })]])
  })
})

describe('CORS, for pages on another origin', () => {
  it('answers a preflight with 204 and the allowed headers', async () => {
    const response = await fetch(`${baseUrl}/api/v1/perp/orders`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-api-key,x-timestamp,x-signature,content-type' },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    const allowed = response.headers.get('access-control-allow-headers')!.split(', ')
    expect(allowed).toEqual(expect.arrayContaining(['content-type', 'x-api-key', 'x-trading-api-key', 'x-timestamp', 'x-signature']))
    expect(response.headers.get('access-control-allow-methods')).toContain('DELETE')
  })

  it('sends the CORS headers on successes and failures alike, and exposes Retry-After', async () => {
    for (const path of ['/api/v1/system/status', '/api/v1/nowhere', '/api/v1/account/api-keys']) {
      const { headers } = await rawRequest(baseUrl, { path, headers: { origin: 'http://127.0.0.1:5173' } })
      expect(headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173')
      expect(headers.get('access-control-expose-headers')).toContain('retry-after')
    }
  })

  it('lets only localhost origins read answers by default; other origins come from the corsOrigins option, "*" only when asked', async () => {
    const allowOrigin = async (options: Parameters<typeof createReferenceExchange>[0], origin: string) => {
      const exchange = createReferenceExchange(options)
      const answer = await exchange.fetch(new Request('http://exchange.local/api/v1/system/time', { headers: { origin } }))
      const preflight = await exchange.fetch(new Request('http://exchange.local/api/v1/perp/orders', { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' } }))
      expect(preflight.headers.get('access-control-allow-origin')).toBe(answer.headers.get('access-control-allow-origin'))
      if (answer.headers.get('access-control-allow-origin') !== '*') expect(answer.headers.get('vary')).toContain('Origin')
      return answer.headers.get('access-control-allow-origin')
    }
    for (const origin of ['http://localhost:5173', 'https://localhost', 'http://127.0.0.1:8080', 'http://[::1]:3000']) expect(await allowOrigin({}, origin)).toBe(origin)
    for (const origin of ['https://evil.example', 'http://localhost.evil.example', 'null']) expect(await allowOrigin({}, origin)).toBeNull()
    expect(await allowOrigin({ corsOrigins: ['https://app.example'] }, 'https://app.example')).toBe('https://app.example')
    expect(await allowOrigin({ corsOrigins: ['https://app.example'] }, 'http://localhost:5173')).toBeNull()
    expect(await allowOrigin({ corsOrigins: '*' }, 'https://anyone.example')).toBe('*')
    expect(() => createReferenceExchange({ corsOrigins: ['https://app.example/path'] })).toThrow(expect.objectContaining({ field: 'corsOrigins.0' }))
  })
})

describe('system routes', () => {
  it('health, info and status answer without credentials', async () => {
    const client = new ExchangeClient({ baseUrl })
    expect(await client.system.getHealth()).toMatchObject({ status: 'ok' })
    expect(await client.system.getInfo()).toMatchObject({ name: '1024 Exchange', serviceName: '1024 Exchange', version: expect.any(String), markets: expect.any(Object) })
    expect(await client.system.getStatus()).toMatchObject({ status: 'operational' })
  })

  it('info counts the markets the market lists serve', async () => {
    const { url } = await startLocalExchange({})
    const client = new ExchangeClient({ baseUrl: url })
    // The reference's own field, beyond the SDK's SystemInfo type.
    const info = await client.request<{ markets: unknown }>({ method: 'GET', path: '/api/v1/system/info' })
    const [perp, spot, prediction] = await Promise.all([client.perp.listMarkets(), client.spot.listMarkets(), client.prediction.listMarkets({ pageSize: 100 })])
    expect(info.markets).toEqual({ perp: perp.length, spot: spot.length, prediction: prediction.pagination.totalItems })
    expect((info.markets as { perp: number }).perp).toBeGreaterThanOrEqual(2)
  })
})

describe('in process, without a server', () => {
  it('serves the SDK client as its fetch', async () => {
    const exchange = createReferenceExchange({ seed: TEST_SEED })
    const client = new ExchangeClient({ baseUrl: 'http://reference.exchange', fetch: exchange.fetch, ...TEST_KEYS.full })
    const key = await client.request<{ accountId: string }>({ method: 'GET', path: '/api/v1/accounts/me/api-key/introspect' })
    expect(key.accountId).toBe('acc-alice')
    expect((await client.system.getTime()).serverTime).toBeGreaterThan(0)
  })

  it('takes the caller\'s address from its second argument', async () => {
    // One exchange each: clients of one key signing the same request in the same millisecond would be replays.
    const client = (clientAddress?: string) => {
      const exchange = createReferenceExchange({ seed: TEST_SEED })
      return new ExchangeClient({ baseUrl: 'http://x', fetch: (input, init) => exchange.fetch(input as Request, { ...init, clientAddress }), ...TEST_KEYS.loopbackOnly })
    }
    const introspect = { method: 'GET' as const, path: '/api/v1/accounts/me/api-key/introspect' }
    await expect(client('127.0.0.1').request(introspect)).resolves.toMatchObject({ valid: true })
    await expect(client('::ffff:127.0.0.1').request(introspect)).resolves.toMatchObject({ valid: true })
    await expect(client(undefined).request(introspect)).rejects.toMatchObject({ code: 'PERM_IP_NOT_ALLOWED' })
  })
})

describe('the seed', () => {
  it('is validated, and a bad one names the field', () => {
    const key = TEST_SEED.keys![0]!
    const cases: [unknown, string][] = [
      [{ keys: [{ ...key, apiKey: 'short' }] }, 'keys.0.apiKey'],
      [{ keys: [{ ...key, secretKey: 'AB'.repeat(32) }] }, 'keys.0.secretKey'],
      [{ keys: [{ ...key, status: 'paused' }] }, 'keys.0.status'],
      [{ accounts: [{ id: 'a', balances: { USDC: '-5' } }] }, 'accounts.0.balances.USDC'],
      [{ accounts: [], keys: [{ ...key, accountId: 'nobody' }] }, 'keys.0.accountId'],
      [{ accounts: [{ id: 'a' }, { id: 'a' }] }, 'accounts.1.id'],
      [{ accounts: [{ id: 'acc-alice' }], keys: [key, key] }, 'keys.1.apiKey'],
      [{ extra: true }, 'extra'],
    ]
    for (const [seed, field] of cases) {
      expect(() => createReferenceExchange({ seed: seed as never }), field).toThrow(expect.objectContaining({ name: 'ReferenceExchangeError', field }))
    }
  })

  it('never echoes a secret in its errors', () => {
    const key = { ...TEST_SEED.keys![0]!, apiKey: 'not a key' }
    const numeric = { ...TEST_SEED.keys![0]!, secretKey: 1234567890123 }
    for (const [bad, secret] of [[key, key.secretKey], [numeric, '1234567890123']] as const) {
      try {
        createReferenceExchange({ seed: { ...TEST_SEED, keys: [bad as never] } })
        expect.unreachable()
      } catch (error) {
        expect(String((error as Error).message)).not.toContain(secret)
      }
    }
  })

  it('fills the defaults of a key and starts seeded accounts with their balances', () => {
    const opened: Record<string, Record<string, string>> = {}
    const exchange = createReferenceExchange({
      seed: { accounts: [{ id: 'rich', balances: { BTC: '2' } }, { id: 'plain' }], keys: [{ apiKey: `abcd_${'1'.repeat(64)}`, secretKey: '2'.repeat(64), accountId: 'plain' }] },
      modules: [{ register: () => undefined, openAccount: (id, balances) => void (opened[id] = balances) }],
    })
    expect(opened).toEqual({ rich: { BTC: '2' }, plain: { USDC: '10000' } })
    expect(exchange.keys.get(`abcd_${'1'.repeat(64)}`)).toMatchObject({ permissions: ['read', 'trade'], status: 'active', expiresAt: null, ipAllowlist: null })
  })
})
