// What signingProxy refuses, each before anything is forwarded, and what it never forwards or answers:
// route, operation, schema, body size, origin, authorize, incoming headers, other hosts, redirects, the secret.
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { connect } from 'node:net'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { ExchangeValidationError } from '../../src/index.ts'
import { PROXY_ERROR_CODES, signingProxy, type SigningProxyOptions } from '../../src/proxy.ts'
import { startLocalExchange } from '../support/local-exchange.ts'
import { startTrap } from '../support/loopback-proxy.ts'
import { serveHandler } from '../support/proxy-server.ts'
import { TEST_KEYS } from '../support/seed.ts'

/** Whatever the proxies of this file write to the console: the secret must be in none of it. */
const logged = (['log', 'info', 'warn', 'error', 'debug'] as const).map((method) => vi.spyOn(console, method))
const { url: exchangeUrl } = await startLocalExchange()
const key = TEST_KEYS.full

/** Between the proxy and the exchange: records what the proxy forwards. */
const forwarded: { method: string; url: string; headers: IncomingHttpHeaders; body: string }[] = []
const recorder = createServer((request, response) => {
  const chunks: Buffer[] = []
  request.on('data', (chunk: Buffer) => chunks.push(chunk))
  request.on('end', async () => {
    const body = Buffer.concat(chunks).toString('utf8')
    forwarded.push({ method: request.method!, url: request.url!, headers: request.headers, body })
    const headers = Object.entries(request.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name)) as [string, string][]
    const answer = await fetch(exchangeUrl + request.url, { method: request.method, headers, body: body || undefined })
    response.writeHead(answer.status, Object.fromEntries(answer.headers)).end(await answer.text())
  })
})
await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve))
afterAll(() => new Promise<void>((resolve) => recorder.close(() => resolve())))
const target = `http://127.0.0.1:${(recorder.address() as AddressInfo).port}`

/** Every answer any proxy of this file gave, as text (status, headers, body): the secret must be in none. */
const answers: string[] = []
const record = async (response: Response) => {
  const text = await response.clone().text()
  answers.push(`${response.status} ${JSON.stringify([...response.headers])} ${text}`)
  return { status: response.status, headers: response.headers, text, json: text ? JSON.parse(text) : undefined }
}
const proxyOf = (options: Partial<SigningProxyOptions> = {}) => {
  const handler = signingProxy({ target, apiKey: key.apiKey, secretKey: key.secretKey, allow: ['public', 'read', 'trade'], authorize: () => true, ...options })
  return async (path: string, init: RequestInit = {}) => record(await handler(new Request(`http://proxy.local${path}`, init)))
}
const post = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) })
const order = { market: 'BTC-USDC', side: 'buy', type: 'limit', size: '0.01', price: '60000', clientOrderId: 'proxy-refusals-1' }

/** Calls signed and forwarded so far (a proxy's own measurement of the clock is neither). */
const signedCalls = () => forwarded.filter((request) => request.headers['x-signature'] !== undefined).length

/** The refusal's envelope, and that nothing reached the exchange for it. */
async function refused(answer: Promise<{ status: number; json: any }>, status: number, code: keyof typeof PROXY_ERROR_CODES) {
  const before = signedCalls()
  const { status: got, json } = await answer
  expect({ status: got, success: json.success, data: json.data, code: json.error.code, codeNum: json.error.codeNum }).toEqual({ status, success: false, data: null, code, codeNum: PROXY_ERROR_CODES[code] })
  expect(typeof json.meta.requestId).toBe('string')
  expect(signedCalls()).toBe(before)
  return json.error
}

describe('signingProxy refuses before forwarding', () => {
  const call = proxyOf()

  it('a route that is no operation: 404', async () => {
    await refused(call('/api/v1/nope'), 404, 'PROXY_ROUTE_UNKNOWN')
    await refused(call('/api/v1/perp/orders/1/extra'), 404, 'PROXY_ROUTE_UNKNOWN')
    await refused(call('/api/v2/perp/orders'), 404, 'PROXY_ROUTE_UNKNOWN')
    await refused(call('/health'), 404, 'PROXY_ROUTE_UNKNOWN')
    await refused(call('/api/v1/perp/orders', { method: 'PATCH', body: '{}' }), 404, 'PROXY_ROUTE_UNKNOWN')
    await refused(call('/api/v1/system/time/'), 404, 'PROXY_ROUTE_UNKNOWN')
  })

  it('an operation not allowed: 403; withdrawals only when named, rotation never', async () => {
    const publicOnly = proxyOf({ allow: ['public'] })
    const error = await refused(publicOnly('/api/v1/perp/orders', post(order)), 403, 'PROXY_OPERATION_NOT_ALLOWED')
    expect(error.details).toEqual({ operation: 'perp.placeOrder' })
    await refused(publicOnly('/api/v1/account/overview'), 403, 'PROXY_OPERATION_NOT_ALLOWED')
    expect((await publicOnly('/api/v1/system/time')).status).toBe(200)
    const withdrawal = { token: 'USDC', amount: '1', address: `0x${'1'.repeat(40)}` }
    await refused(call('/api/v1/account/withdrawals', post(withdrawal)), 403, 'PROXY_OPERATION_NOT_ALLOWED')
    const named = proxyOf({ allow: ['account.withdraw'] })
    const before = signedCalls()
    await named('/api/v1/account/withdrawals', post(withdrawal))
    expect(signedCalls()).toBe(before + 1)
    for (const allow of [['keys.rotate'], ['withdraw'], ['perp.nothing'], 'trade']) {
      expect(() => signingProxy({ target, ...key, allow: allow as never, authorize: () => true }), String(allow)).toThrow(ExchangeValidationError)
    }
    // Signing more than open data for whoever reaches the proxy takes a decision: an authorize hook.
    for (const allow of [['read'], ['perp.placeOrder'], ['public', 'account.withdraw']]) {
      expect(() => signingProxy({ target, ...key, allow }), String(allow)).toThrow(expect.objectContaining({ field: 'authorize' }))
    }
    expect(() => signingProxy({ target, ...key, allow: ['public', 'perp.getTicker'] })).not.toThrow()
  })

  it("an input that fails the operation's schema: 400 naming the field", async () => {
    expect(await refused(call('/api/v1/perp/orders', post({ ...order, size: 'abc' })), 400, 'PROXY_INVALID_INPUT')).toMatchObject({ details: { operation: 'perp.placeOrder', field: 'size' } })
    expect(await refused(call('/api/v1/perp/orders', post({ ...order, reduce_only: true })), 400, 'PROXY_INVALID_INPUT')).toMatchObject({ details: { field: 'reduce_only' } })
    await refused(call('/api/v1/perp/orders', post('{"market":')), 400, 'PROXY_INVALID_INPUT')
    await refused(call('/api/v1/perp/orders', post('[1]')), 400, 'PROXY_INVALID_INPUT')
    await refused(call('/api/v1/perp/orders?price=1', post(order)), 400, 'PROXY_INVALID_INPUT')
    await refused(call('/api/v1/perp/orders?limit=many'), 400, 'PROXY_INVALID_INPUT')
    await refused(call('/api/v1/perp/orders/1001?id=1002'), 400, 'PROXY_INVALID_INPUT')
    await refused(call('/api/v1/system/time?x=1'), 400, 'PROXY_INVALID_INPUT')
    await refused(call('/api/v1/perp/orders', { method: 'POST', body: new Uint8Array([0x7b, 0xff, 0x7d]) }), 400, 'PROXY_INVALID_INPUT')
  })

  it('a body over maxBodyBytes: 413, by its declared length or as it streams in', async () => {
    const small = proxyOf({ maxBodyBytes: 1024 })
    const big = JSON.stringify({ ...order, clientOrderId: 'x'.repeat(2000) })
    await refused(small('/api/v1/perp/orders', post(big)), 413, 'PROXY_BODY_TOO_LARGE')
    const stream = new ReadableStream({ start: (controller) => { controller.enqueue(new TextEncoder().encode(big)); controller.close() } })
    await refused(small('/api/v1/perp/orders', { method: 'POST', body: stream, duplex: 'half' } as RequestInit), 413, 'PROXY_BODY_TOO_LARGE')
  })

  it('a page of an origin not in cors: 403, preflight and call alike; allowed origins get CORS headers', async () => {
    const withCors = proxyOf({ cors: ['https://app.example'] })
    await refused(withCors('/api/v1/perp/orders', post(order, { origin: 'https://evil.example' })), 403, 'PROXY_ORIGIN_NOT_ALLOWED')
    await refused(withCors('/api/v1/perp/orders', { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } }), 403, 'PROXY_ORIGIN_NOT_ALLOWED')
    await refused(call('/api/v1/perp/orders', post(order, { origin: 'https://app.example' })), 403, 'PROXY_ORIGIN_NOT_ALLOWED')
    const preflight = await withCors('/api/v1/perp/orders', { method: 'OPTIONS', headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' } })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://app.example')
    expect(preflight.headers.get('access-control-allow-headers')).toContain('content-type')
    expect(preflight.headers.get('vary')).toBe('Origin')
    for (const cors of [['app.example'], ['https://app.example/'], 'all']) {
      expect(() => signingProxy({ target, ...key, allow: [], cors: cors as never }), String(cors)).toThrow(ExchangeValidationError)
    }
    const read = await withCors('/api/v1/system/time', { headers: { origin: 'https://app.example' } })
    expect(read.headers.get('access-control-allow-origin')).toBe('https://app.example')
    // The exchange's own "*" is not passed on: the proxy's policy is its own.
    expect((await call('/api/v1/system/time')).headers.get('access-control-allow-origin')).toBe(null)
  })

  it('authorize: false refuses (403), a Response is the answer, true forwards; it gets the operation and the checked input', async () => {
    const seen: unknown[] = []
    const gated = proxyOf({
      authorize: ({ operation, input, request }) => {
        seen.push({ operation, input, user: request.headers.get('x-user') })
        if (request.headers.get('x-user') === 'mallory') return false
        if (Number(input?.size) > 1) return new Response('{"success":false,"data":null,"error":{"code":"SITE_LIMIT","message":"too large"}}', { status: 422 })
        return true
      },
    })
    await refused(gated('/api/v1/perp/orders', post(order, { 'x-user': 'mallory' })), 403, 'PROXY_NOT_AUTHORIZED')
    const limited = await gated('/api/v1/perp/orders', post({ ...order, size: '5' }, { 'x-user': 'alice' }))
    expect([limited.status, limited.json.error.code]).toEqual([422, 'SITE_LIMIT'])
    expect(seen[0]).toEqual({ operation: 'perp.placeOrder', input: order, user: 'mallory' })
    const placed = await gated('/api/v1/perp/orders', post(order, { 'x-user': 'alice' }))
    expect(placed.json).toMatchObject({ success: true, data: { clientOrderId: order.clientOrderId } })
    await gated('/api/v1/perp/orders/batch', { method: 'DELETE', headers: { 'content-type': 'application/json', 'x-user': 'alice' }, body: JSON.stringify({ order_ids: [placed.json.data.orderId] }) })
  })
  it('a call held over 2 s before signing (a slow authorize) is not signed: 503, nothing sent, so the page can date its write', async () => {
    const slow = proxyOf({ authorize: () => new Promise((resolve) => setTimeout(() => resolve(true), 2100)) })
    await refused(slow('/api/v1/perp/orders', post(order)), 503, 'PROXY_TOO_LATE')
  })
})

describe('signingProxy forwards only what it checked, only to target', () => {
  const call = proxyOf()

  it("never forwards the page's X-API-KEY, X-TIMESTAMP, X-SIGNATURE, Cookie, Authorization or any other header it sent", async () => {
    const headers = {
      'x-api-key': TEST_KEYS.bob.apiKey, 'x-timestamp': '1', 'x-signature': 'f'.repeat(64), cookie: 'session=abc', authorization: 'Bearer abc',
      'x-forwarded-for': '10.0.0.1', 'x-custom': 'yes',
    }
    const answer = await call('/api/v1/account/overview', { headers })
    expect(answer.json.success).toBe(true)
    const sent = forwarded.at(-1)!
    expect(sent.headers['x-api-key']).toBe(key.apiKey)
    expect(sent.headers['x-signature']).not.toBe(headers['x-signature'])
    for (const name of ['cookie', 'authorization', 'x-forwarded-for', 'x-custom']) expect(sent.headers[name], name).toBeUndefined()
  })

  it('sends the call rebuilt from its checked input: the path from the template, the query and body as the client would', async () => {
    await call('/api/v1/perp/orders?limit=5&market=BTC-USDC')
    expect(forwarded.at(-1)).toMatchObject({ method: 'GET', url: '/api/v1/perp/orders?market=BTC-USDC&limit=5' })
    // Open market data goes unsigned, as the client sends it.
    await call('/api/v1/system/status')
    expect(forwarded.at(-1)!.headers['x-api-key']).toBeUndefined()
    const spaced = '{ "market" : "BTC-USDC", "side":"buy","type":"limit","size":"0.01","price":"60000","clientOrderId":"proxy-refusals-2" }'
    const placed = await call('/api/v1/perp/orders', post(spaced))
    expect(forwarded.at(-1)!.body).toBe(JSON.stringify(JSON.parse(spaced)))
    await call('/api/v1/perp/orders/batch', { method: 'DELETE', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ order_ids: [placed.json.data.orderId] }) })
    expect(forwarded.at(-1)).toMatchObject({ method: 'DELETE', url: '/api/v1/perp/orders/batch', body: `{"order_ids":["${placed.json.data.orderId}"]}` })
  })

  it('sends an operation where `routes` says, while the page calls its usual path; a route naming no operation is refused when built', async () => {
    const routed = proxyOf({ routes: { 'account.getOverview': { method: 'GET', path: '/api/v1/accounts/me/overview' } } })
    await routed('/api/v1/account/overview')
    expect(forwarded.at(-1)).toMatchObject({ method: 'GET', url: '/api/v1/accounts/me/overview' })
    await refused(routed('/api/v1/accounts/me/overview'), 404, 'PROXY_ROUTE_UNKNOWN')
    expect(() => signingProxy({ target, ...key, allow: [], routes: { 'account.nothing': { method: 'GET', path: '/api/v1/x' } } })).toThrow(ExchangeValidationError)
    expect(() => signingProxy({ target, ...key, allow: [], routes: { 'nogroup.x': { method: 'GET', path: '/api/v1/x' } } })).toThrow(ExchangeValidationError)
  })

  it('is no open proxy: an absolute URL, another Host, "//host", "..", encoded slashes and dots reach target or nothing', async () => {
    const trap = await startTrap()
    const trapHost = new URL(trap.url).host
    const proxyUrl = await serveHandler(signingProxy({ target, apiKey: key.apiKey, secretKey: key.secretKey, allow: ['public', 'read'], authorize: () => true }))
    const { port } = new URL(proxyUrl)
    /** One raw HTTP/1.1 request, the request target written as given. */
    const raw = (requestTarget: string, host: string) => new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write(`GET ${requestTarget} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`))
      let text = ''
      socket.on('data', (chunk) => (text += chunk)).on('end', () => resolve(text)).on('error', reject)
    })
    const before = forwarded.length
    expect(await raw(`${trap.url}/api/v1/system/time`, trapHost)).toMatch(/^HTTP\/1.1 200/)
    expect(await raw('/api/v1/system/time', trapHost)).toMatch(/^HTTP\/1.1 200/)
    expect(await raw(`//${trapHost}/api/v1/system/time`, trapHost)).toMatch(/^HTTP\/1.1 200/)
    expect(forwarded.slice(before).map((request) => request.url)).toEqual(['/api/v1/system/time', '/api/v1/system/time', '/api/v1/system/time'])
    for (const path of ['/api/v1/perp/orders/..%2F..%2Fsystem%2Ftime', '/api/v1/perp/orders/%2e%2e', '/api/v1/perp/orders/a%2Fb', '/api/v1/perp/orders/%252e']) {
      expect(await raw(path, trapHost), path).toMatch(/^HTTP\/1.1 404/)
    }
    // A dot segment is resolved before matching: what it names is still an operation of target.
    expect(await raw('/api/v1/perp/orders/../../system/time', trapHost)).toMatch(/^HTTP\/1.1 200/)
    expect(forwarded.at(-1)!.url).toBe('/api/v1/system/time')
    expect(trap.recorded).toEqual([])
  })

  it('follows no redirect: a 3xx of the exchange is a 502 without its Location, and nothing reaches where it pointed', async () => {
    const trap = await startTrap()
    const redirecting = createServer((_, response) => response.writeHead(307, { location: `${trap.url}/api/v1/perp/orders` }).end())
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve))
    try {
      const handler = signingProxy({ target: `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}`, apiKey: key.apiKey, secretKey: key.secretKey, allow: ['trade'], authorize: () => true })
      const answer = await record(await handler(new Request('http://proxy.local/api/v1/perp/orders', post(order))))
      expect([answer.status, answer.json.error.code, answer.json.error.codeNum]).toEqual([502, 'PROXY_UPSTREAM_REDIRECT', 18007])
      expect(answer.headers.get('location')).toBe(null)
      expect(answer.text).not.toContain(trap.url)
      expect(trap.recorded).toEqual([])
    } finally {
      redirecting.close()
    }
  })

  it("passes the exchange's answer on as sent, minus hop-by-hop headers, cookies and the exchange's CORS", async () => {
    const upstream = async () => new Response('{"success":true,"data":{"serverTime":1},"error":null}', {
      status: 200,
      headers: {
        'content-type': 'application/json', 'x-request-id': 'req-1', 'retry-after': '3', connection: 'x-hop', 'x-hop': '1', 'keep-alive': 'timeout=5',
        'set-cookie': 'a=b', 'access-control-allow-origin': '*', 'content-encoding': 'identity', 'proxy-authenticate': 'Basic',
      },
    })
    const handler = signingProxy({ target, apiKey: key.apiKey, secretKey: key.secretKey, allow: [], fetch: upstream })
    const answer = await record(await handler(new Request('http://proxy.local/api/v1/system/time')))
    expect(answer.text).toBe('{"success":true,"data":{"serverTime":1},"error":null}')
    // Plus the proxy's own Vary: Origin (its answers depend on the Origin asked from).
    expect(Object.fromEntries(answer.headers)).toEqual({ 'content-type': 'application/json', 'x-request-id': 'req-1', 'retry-after': '3', vary: 'Origin' })
  })
})

describe('the secret', () => {
  it('is in no answer, not even when the sign function fails quoting it', async () => {
    const failing = signingProxy({ target, apiKey: key.apiKey, allow: ['read'], authorize: () => true, sign: async () => { throw new Error(`cannot sign with ${key.secretKey}`) } })
    const answer = await record(await failing(new Request('http://proxy.local/api/v1/account/overview')))
    expect([answer.status, answer.json.error.code]).toEqual([500, 'PROXY_SIGNING_FAILED'])
    const throwing = signingProxy({ target, apiKey: key.apiKey, secretKey: key.secretKey, allow: ['read'], authorize: () => { throw new Error(key.secretKey) } })
    expect((await record(await throwing(new Request('http://proxy.local/api/v1/account/overview')))).json.error.code).toBe('PROXY_INTERNAL_ERROR')
    expect(answers.length).toBeGreaterThan(30)
    for (const text of answers) expect(text).not.toContain(key.secretKey)
    const printed = logged.flatMap((spy) => spy.mock.calls).map((args) => args.map(String).join(' '))
    for (const text of printed) expect(text).not.toContain(key.secretKey)
  })
})
