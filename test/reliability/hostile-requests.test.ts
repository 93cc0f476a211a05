// The reference exchange facing hostile requests over real sockets (hand-written HTTP on node:net):
// each gets a clear 4xx, never a 500 or a hang, and the exchange keeps serving afterwards.
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startLocalExchange, type LocalExchange } from '../support/local-exchange.ts'
import { authHeaders } from '../support/raw-request.ts'
import { TEST_KEYS } from '../support/seed.ts'
import { evmWallet, onboardBody } from '../support/wallets.ts'
import { httpRequest, open, replyOf, sendRaw, type RawReply } from './support/raw-socket.ts'

let local: LocalExchange
beforeAll(async () => {
  local = await startLocalExchange()
})

const MiB = 1024 * 1024
const ORDERS = '/api/v1/perp/orders'
const ONBOARD = '/api/v1/oauth/onboard'
const OVERVIEW = '/api/v1/account/overview'
const signed = (method: string, path: string, body?: string) => authHeaders({ method, path, body, key: TEST_KEYS.full })
const errorOf = (reply: RawReply) => (JSON.parse(reply.body) as { error: { code: string; codeNum: number; message: string } }).error

/** After every hostile request: a plain request is still answered, and no prototype was touched. */
afterEach(async () => {
  const time = await fetch(`${local.url}/api/v1/system/time`)
  expect(time.status).toBe(200)
  expect(Object.prototype).not.toHaveProperty('polluted')
})

describe('bodies', () => {
  it('over the limit with a content-length: 413 REQ_TOO_LARGE', async () => {
    const reply = await sendRaw(local.url, httpRequest('POST', ORDERS, { 'content-type': 'application/json' }, Buffer.alloc(2 * MiB, 0x20)))
    expect(reply.status).toBe(413)
    expect(errorOf(reply)).toMatchObject({ code: 'REQ_TOO_LARGE' })
  })

  it('over the limit, chunked with no length: 413 REQ_TOO_LARGE', async () => {
    const chunk = Buffer.alloc(256 * 1024, 0x20)
    const frames = Array.from({ length: 8 }, () => Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]))
    const reply = await sendRaw(local.url, Buffer.concat([httpRequest('POST', ORDERS, { 'transfer-encoding': 'chunked' }), ...frames, Buffer.from('0\r\n\r\n')]))
    expect(reply.status).toBe(413)
  })

  it.each([
    ['not JSON', '{"walletAddress": '],
    ['bytes that are not UTF-8', Buffer.from([0x7b, 0xff, 0xfe, 0x7d])],
    ['JSON nested 250,000 deep', `${'['.repeat(250_000)}${']'.repeat(250_000)}`],
  ])('%s: 400 on an open route', async (_, body) => {
    const reply = await sendRaw(local.url, httpRequest('POST', ONBOARD, { 'content-type': 'application/json' }, body))
    expect(reply.status).toBe(400)
    expect(errorOf(reply).code).toMatch(/^REQ_INVALID_(JSON|PARAMS)$/)
  })

  it('prototype-pollution keys are refused as unknown fields by onboarding and the market: nothing polluted', async () => {
    const body = JSON.stringify({ ...JSON.parse('{"__proto__":{"polluted":"yes"}}'), ...onboardBody(evmWallet()) })
    const onboarded = await sendRaw(local.url, httpRequest('POST', ONBOARD, { 'content-type': 'application/json' }, `{"__proto__":{"polluted":"yes"},${body.slice(1)}`))
    expect(onboarded.status).toBe(400) // onboarding takes the spec's five fields only
    expect(errorOf(onboarded)).toMatchObject({ code: 'REQ_INVALID_PARAMS', message: expect.stringContaining('__proto__') })
    const order = '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},"market":"BTC-USDC","side":"buy","type":"limit","size":"0.001","price":"60000"}'
    const placed = await sendRaw(local.url, httpRequest('POST', ORDERS, { 'content-type': 'application/json', ...signed('POST', ORDERS, order) }, order))
    expect(placed.status).toBe(400)
    expect(JSON.parse(placed.body).error.details.field).toBe('__proto__')
    expect(placed.body).not.toContain('polluted')
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('a body shorter than its content-length, then end of input: 400 from the HTTP layer, nothing applied', async () => {
    const accounts = local.exchange.accounts.size
    const socket = await open(local.url)
    const reply = replyOf(socket)
    socket.write(httpRequest('POST', ONBOARD, { 'content-length': '500' }, JSON.stringify(onboardBody(evmWallet())).slice(0, 100)))
    socket.end()
    expect((await reply).status).toBe(400)
    expect(local.exchange.accounts.size).toBe(accounts)
  })
})

describe('headers', () => {
  it('an API key in non-ASCII bytes: 401 AUTH_INVALID_KEY', async () => {
    const headers = { ...signed('GET', OVERVIEW), 'X-API-KEY': 'ключ_доступа' }
    const reply = await sendRaw(local.url, httpRequest('GET', OVERVIEW, headers))
    expect(reply.status).toBe(401)
    expect(errorOf(reply).code).toBe('AUTH_INVALID_KEY')
  })

  // Not a timestamp at all: no valid timestamp was supplied, so AUTH_MISSING 11001 (docs/reference-exchange.md, "Authentication").
  it.each(['abc', '1e12', '-1', '0x19', '١٧٠٠٠٠٠٠٠٠٠٠٠', '9'.repeat(20), '1.5'])('X-TIMESTAMP %j: 401 AUTH_MISSING', async (timestamp) => {
    const reply = await sendRaw(local.url, httpRequest('GET', OVERVIEW, { ...signed('GET', OVERVIEW), 'X-TIMESTAMP': timestamp }))
    expect(reply.status).toBe(401)
    expect(errorOf(reply)).toMatchObject({ code: 'AUTH_MISSING', codeNum: 11001, message: expect.stringContaining('digits') })
  })

  it('X-TIMESTAMP " 1" arrives as "1" (HTTP trims header values): a real timestamp, far off: 401 AUTH_TIMESTAMP_EXPIRED', async () => {
    const reply = await sendRaw(local.url, httpRequest('GET', OVERVIEW, { ...signed('GET', OVERVIEW), 'X-TIMESTAMP': ' 1' }))
    expect(errorOf(reply)).toMatchObject({ code: 'AUTH_TIMESTAMP_EXPIRED', codeNum: 11004 })
  })

  it.each([
    ['not hex', 'z'.repeat(64)],
    ['upper-case hex', 'ABCDEF'.repeat(10) + 'ABCD'],
    ['too short', 'a'.repeat(63)],
    ['8 KB long', 'a'.repeat(8192)],
    ['non-ASCII', 'ä'.repeat(64)],
  ])('X-SIGNATURE %s: 401 AUTH_INVALID_SIGNATURE', async (_, signature) => {
    const reply = await sendRaw(local.url, httpRequest('GET', OVERVIEW, { ...signed('GET', OVERVIEW), 'X-SIGNATURE': signature }))
    expect(reply.status).toBe(401)
    expect(errorOf(reply).code).toBe('AUTH_INVALID_SIGNATURE')
  })

  it('the signature of another request, upper-cased: 401 AUTH_INVALID_SIGNATURE', async () => {
    const headers = signed('GET', OVERVIEW)
    const reply = await sendRaw(local.url, httpRequest('GET', OVERVIEW, { ...headers, 'X-SIGNATURE': headers['X-SIGNATURE']!.toUpperCase() }))
    expect(errorOf(reply).code).toBe('AUTH_INVALID_SIGNATURE')
  })

  it('two API keys in two headers: 401, not a crash', async () => {
    const request = httpRequest('GET', OVERVIEW, signed('GET', OVERVIEW)).toString('latin1').replace('\r\n\r\n', `\r\nX-API-KEY: ${TEST_KEYS.bob.apiKey}\r\n\r\n`)
    const reply = await sendRaw(local.url, request)
    expect(reply.status).toBe(401)
  })

  it('a 64 KB header: 431 from the HTTP layer', async () => {
    const reply = await sendRaw(local.url, httpRequest('GET', '/api/v1/system/time', { 'X-Padding': 'p'.repeat(64 * 1024) }))
    expect(reply.status).toBe(431)
  })
})

describe('paths', () => {
  it.each([
    '/api/v1/../../etc/passwd',
    '/api/v1/%2e%2e/%2e%2e/etc/passwd',
    '/api/v1/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd',
    '/api/v1/..%2f..%2f..%2fetc%2fpasswd',
    '/api/v1/system/time/../../../../etc/passwd',
    '/api/v1/..\\..\\etc\\passwd',
    '/api/v1/system/time%00.json',
    '//evil.example/api/v1/system/time',
    '/%2F%2Fevil.example/api/v1/system/time',
  ])('%s: 404 ROUTE_NOT_FOUND', async (target) => {
    const reply = await sendRaw(local.url, httpRequest('GET', target, {}))
    expect(reply.status).toBe(404)
    expect(errorOf(reply).code).toBe('ROUTE_NOT_FOUND')
  })

  it('an order id that tries to climb out of its route: 404, signed as sent', async () => {
    const target = `${ORDERS}/..%2F..%2Fsystem%2Ftime`
    const reply = await sendRaw(local.url, httpRequest('GET', target, signed('GET', target)))
    expect(reply.status).toBe(404)
  })
})

describe('slow senders', () => {
  it('a request that never finishes gets 408 and its connection closed, while others are served', async () => {
    const { url, exchange } = await startLocalExchange({}, { requestTimeoutMs: 300 })
    const accounts = exchange.accounts.size
    const partialHead = await open(url)
    const partialBody = await open(url)
    const replies = [replyOf(partialHead), replyOf(partialBody)] as const
    partialHead.write('GET /api/v1/system/ti')
    partialBody.write(httpRequest('POST', ONBOARD, { 'content-length': '400' }, '{"walletAddress":"0x'))
    // Meanwhile the exchange answers everyone else.
    for (let i = 0; i < 5; i++) expect((await fetch(`${url}/api/v1/system/time`)).status).toBe(200)
    const [head, body] = await Promise.all(replies)
    expect(head.status).toBe(408)
    expect(body.status).toBe(408)
    expect(exchange.accounts.size).toBe(accounts)
  })
})
