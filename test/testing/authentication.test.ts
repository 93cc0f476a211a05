import { beforeAll, describe, expect, it } from 'vitest'
import type { ExchangeModule } from '../../src/testing/index.ts'
import { startLocalExchange, type LocalExchange } from '../support/local-exchange.ts'
import { rawRequest, type RawRequest } from '../support/raw-request.ts'
import { ELSEWHERE, TEST_KEYS } from '../support/seed.ts'

/** Routes needing each kind of credential; they echo what they were given. */
const probeRoutes: ExchangeModule = {
  register(router) {
    const echo = ({ caller, body, query }: { caller?: unknown; body: unknown; query: URLSearchParams }) => ({ caller, body, query: query.toString() })
    router.add('GET', '/api/v1/probe/any', 'any', echo)
    router.add('GET', '/api/v1/probe/read', 'read', echo)
    router.add('POST', '/api/v1/probe/trade', 'trade', echo)
    router.add('POST', '/api/v1/probe/withdraw', 'withdraw', echo)
  },
}

let local: LocalExchange
let behindProxy: LocalExchange
beforeAll(async () => {
  local = await startLocalExchange({ modules: [probeRoutes] })
  behindProxy = await startLocalExchange({ modules: [probeRoutes], trustProxy: true })
})

const call = (request: RawRequest, on = local) => rawRequest(on.url, request)
const read = (request: Partial<RawRequest> = {}) => call({ path: '/api/v1/probe/read', key: TEST_KEYS.full, ...request })
const trade = (request: Partial<RawRequest> = {}) =>
  call({ method: 'POST', path: '/api/v1/probe/trade', body: '{"market":"BTC-USDC","size":"0.01"}', key: TEST_KEYS.full, ...request })

async function expectFailure(answer: Promise<Awaited<ReturnType<typeof call>>>, status: number, code: string, codeNum: number) {
  const { status: got, json, headers } = await answer
  expect({ status: got, code: json.error?.code, codeNum: json.error?.codeNum, success: json.success }).toEqual({ status, code, codeNum, success: false })
  expect(json.meta.requestId).toMatch(/^req_/)
  expect(headers.get('access-control-expose-headers')).toContain('retry-after')
  return json.error!
}

describe('a correctly signed request', () => {
  it('is served, and the handler sees the key and its account', async () => {
    const { status, json } = await trade()
    expect(status).toBe(200)
    expect(json.data).toEqual({ caller: { apiKey: TEST_KEYS.full.apiKey, accountId: 'acc-alice' }, body: { market: 'BTC-USDC', size: '0.01' }, query: '' })
  })

  it('is accepted with the legacy header X-TRADING-API-KEY', async () => {
    const { status, json } = await read({ keyHeader: 'X-TRADING-API-KEY' })
    expect(status).toBe(200)
    expect(json.data.caller.apiKey).toBe(TEST_KEYS.full.apiKey)
  })

  it('may carry a query string that is sent but not signed', async () => {
    const { status, json } = await read({ query: 'market=BTC-USDC&limit=5' })
    expect(status).toBe(200)
    expect(json.data.query).toBe('market=BTC-USDC&limit=5')
  })

  it('is accepted at exactly 30 s from server time, either way', async () => {
    for (const offset of [-29_000, 29_000]) {
      expect((await read({ timestamp: String(Date.now() + offset) })).status).toBe(200)
    }
  })
})

describe('AUTH_MISSING 11001 (401): one of the three headers is absent', () => {
  for (const header of ['X-API-KEY', 'X-TIMESTAMP', 'X-SIGNATURE'] as const) {
    it(`without ${header}`, async () => {
      const error = await expectFailure(read({ omit: [header] }), 401, 'AUTH_MISSING', 11001)
      expect(error.details).toEqual({ missing: [header] })
    })
  }

  it('with no header at all on an authenticated route', async () => {
    await expectFailure(call({ path: '/api/v1/probe/any' }), 401, 'AUTH_MISSING', 11001)
  })

  it('with an empty header value', async () => {
    await expectFailure(read({ headers: { 'X-SIGNATURE': '' } }), 401, 'AUTH_MISSING', 11001)
  })

  // No valid timestamp was supplied, so the request cannot be authenticated: 11001, not 11004
  // (which the spec keeps for a well-formed timestamp more than 30 s off). Signed over the same
  // malformed value, so only the timestamp's form is at fault.
  it.each(['now', 'abc', '', ' ', `${Date.now()}.0`, '1.7e12', `-${Date.now()}`, `+${Date.now()}`, '9'.repeat(20), '0x19'])(
    'with a malformed X-TIMESTAMP %j',
    async (timestamp) => {
      const error = await expectFailure(read({ timestamp }), 401, 'AUTH_MISSING', 11001)
      if (timestamp.trim() !== '') expect(error.message).toContain('base-10 ASCII digits')
    },
  )
})

describe('AUTH_INVALID_KEY 11002 (401): unknown, revoked or inactive key', () => {
  it('an unknown key', async () => {
    await expectFailure(read({ key: { apiKey: `test_${'ee'.repeat(32)}`, secretKey: 'ee'.repeat(32) } }), 401, 'AUTH_INVALID_KEY', 11002)
  })
  it('a revoked key', async () => {
    await expectFailure(read({ key: TEST_KEYS.revoked }), 401, 'AUTH_INVALID_KEY', 11002)
  })
  it('an inactive key', async () => {
    await expectFailure(read({ key: TEST_KEYS.inactive }), 401, 'AUTH_INVALID_KEY', 11002)
  })
  it('a key revoked while the exchange runs stops at once', async () => {
    const { exchange, url } = await startLocalExchange({ modules: [probeRoutes] })
    expect((await rawRequest(url, { path: '/api/v1/probe/read', key: TEST_KEYS.readOnly })).status).toBe(200)
    exchange.keys.setStatus(TEST_KEYS.readOnly.apiKey, 'revoked')
    await expectFailure(rawRequest(url, { path: '/api/v1/probe/read', key: TEST_KEYS.readOnly }), 401, 'AUTH_INVALID_KEY', 11002)
  })
})

describe('AUTH_KEY_EXPIRED 11007 (401) and AUTH_NO_ACCOUNT 11010 (401)', () => {
  it('a key past its expiry', async () => {
    const error = await expectFailure(read({ key: TEST_KEYS.expired }), 401, 'AUTH_KEY_EXPIRED', 11007)
    expect(error.details).toEqual({ expiresAt: Date.UTC(2020, 0, 1) })
  })
  it('a key with no account bound', async () => {
    await expectFailure(read({ key: TEST_KEYS.unbound }), 401, 'AUTH_NO_ACCOUNT', 11010)
  })
})

describe('AUTH_TIMESTAMP_EXPIRED 11004 (401): more than 30 s from server time', () => {
  it('31 s in the past and 31 s in the future', async () => {
    for (const offset of [-31_000, 31_000]) {
      const error = await expectFailure(read({ timestamp: String(Date.now() + offset) }), 401, 'AUTH_TIMESTAMP_EXPIRED', 11004)
      expect(typeof error.details?.serverTime).toBe('number')
    }
  })
})

describe('AUTH_INVALID_SIGNATURE 11003 (401): the payload was built wrongly', () => {
  it('a lowercase method in the payload', async () => {
    await expectFailure(trade({ signed: { method: 'post' } }), 401, 'AUTH_INVALID_SIGNATURE', 11003)
  })
  it('the query string signed', async () => {
    const query = 'market=BTC-USDC'
    await expectFailure(read({ query, signed: { path: `/api/v1/probe/read?${query}` } }), 401, 'AUTH_INVALID_SIGNATURE', 11003)
  })
  it('the body re-serialized between signing and sending', async () => {
    await expectFailure(trade({ signed: { body: '{"market": "BTC-USDC", "size": "0.01"}' } }), 401, 'AUTH_INVALID_SIGNATURE', 11003)
  })
  it('a body sent verbatim with spaces is fine when those bytes were signed', async () => {
    expect((await trade({ body: '{ "market" : "BTC-USDC" }' })).status).toBe(200)
  })
  it('the wrong secret', async () => {
    await expectFailure(read({ signed: { secretKey: TEST_KEYS.bob.secretKey } }), 401, 'AUTH_INVALID_SIGNATURE', 11003)
  })
  it('a signature that is not 64 lowercase hex characters says so', async () => {
    const good = 'ab'.repeat(32)
    for (const signature of [good.toUpperCase(), good.slice(2), `${good}00`, 'zz'.repeat(32)]) {
      const error = await expectFailure(read({ signature }), 401, 'AUTH_INVALID_SIGNATURE', 11003)
      expect(error.message).toContain('64 lowercase hex')
    }
  })
})

describe('AUTH_REPLAY_DETECTED 11013 (401)', () => {
  it('the same signed request sent twice', async () => {
    const request = { timestamp: String(Date.now()) }
    expect((await read(request)).status).toBe(200)
    await expectFailure(read(request), 401, 'AUTH_REPLAY_DETECTED', 11013)
  })
})

describe('PERM_IP_NOT_ALLOWED 11107 (403)', () => {
  it('the socket address is on the allowlist', async () => {
    expect((await read({ key: TEST_KEYS.loopbackOnly })).status).toBe(200)
  })
  it('the socket address is not on the allowlist', async () => {
    await expectFailure(read({ key: TEST_KEYS.elsewhereOnly }), 403, 'PERM_IP_NOT_ALLOWED', 11107)
  })
  it('X-Forwarded-For is ignored without trustProxy', async () => {
    await expectFailure(read({ key: TEST_KEYS.elsewhereOnly, headers: { 'X-Forwarded-For': ELSEWHERE } }), 403, 'PERM_IP_NOT_ALLOWED', 11107)
  })
  it('X-Forwarded-For names the caller with trustProxy (the rightmost entry, added by the proxy; IPv4 blocks match)', async () => {
    for (const forwarded of [ELSEWHERE, `127.0.0.1, ${ELSEWHERE}`, '10.1.2.3']) {
      const answer = await call({ path: '/api/v1/probe/read', key: TEST_KEYS.elsewhereOnly, headers: { 'X-Forwarded-For': forwarded } }, behindProxy)
      expect(answer.status).toBe(200)
    }
    const loopbackKeyViaProxy = call({ path: '/api/v1/probe/read', key: TEST_KEYS.loopbackOnly, headers: { 'X-Forwarded-For': '198.51.100.1' } }, behindProxy)
    await expectFailure(loopbackKeyViaProxy, 403, 'PERM_IP_NOT_ALLOWED', 11107)
    const spoofed = call({ path: '/api/v1/probe/read', key: TEST_KEYS.elsewhereOnly, headers: { 'X-Forwarded-For': `${ELSEWHERE}, 198.51.100.1` } }, behindProxy)
    await expectFailure(spoofed, 403, 'PERM_IP_NOT_ALLOWED', 11107)
  })
})

describe('permissions (403)', () => {
  it('PERM_NO_TRADING 11101: a trade route with a key without trade', async () => {
    await expectFailure(trade({ key: TEST_KEYS.readOnly }), 403, 'PERM_NO_TRADING', 11101)
  })
  it('PERM_NO_READ 11102: a read route with a key without read', async () => {
    await expectFailure(read({ key: TEST_KEYS.tradeOnly }), 403, 'PERM_NO_READ', 11102)
  })
  it('PERM_NO_WITHDRAW 19103, the exchange\'s own code outside the spec\'s 110xx/111xx: a withdrawal with a key without withdraw', async () => {
    for (const key of [TEST_KEYS.readOnly, TEST_KEYS.tradeOnly, TEST_KEYS.bob]) {
      await expectFailure(trade({ path: '/api/v1/probe/withdraw', key }), 403, 'PERM_NO_WITHDRAW', 19103)
    }
  })
  it('a key with every permission passes each; a route for any key takes one with none', async () => {
    expect((await read()).status).toBe(200)
    expect((await trade()).status).toBe(200)
    expect((await trade({ path: '/api/v1/probe/withdraw' })).status).toBe(200)
    expect((await call({ path: '/api/v1/probe/any', key: TEST_KEYS.noPermissions })).status).toBe(200)
  })
})

describe('open routes', () => {
  it('need no header, and ignore broken ones', async () => {
    expect((await call({ path: '/api/v1/system/time' })).status).toBe(200)
    const broken = await call({ path: '/api/v1/system/time', headers: { 'X-API-KEY': 'nonsense', 'X-SIGNATURE': 'nonsense' } })
    expect(broken.status).toBe(200)
  })
})

describe('the checks run in the documented order', () => {
  const stale = String(Date.now() - 60_000)
  it('the key comes before the timestamp, and the timestamp before the signature', async () => {
    await expectFailure(read({ key: TEST_KEYS.revoked, timestamp: stale, signature: 'x' }), 401, 'AUTH_INVALID_KEY', 11002)
    await expectFailure(read({ key: TEST_KEYS.expired, timestamp: stale }), 401, 'AUTH_KEY_EXPIRED', 11007)
    await expectFailure(read({ key: TEST_KEYS.unbound, timestamp: stale }), 401, 'AUTH_NO_ACCOUNT', 11010)
    await expectFailure(read({ timestamp: stale, signature: 'x' }), 401, 'AUTH_TIMESTAMP_EXPIRED', 11004)
  })
  it('the signature comes before the allowlist and the permissions', async () => {
    await expectFailure(read({ key: TEST_KEYS.elsewhereOnly, signed: { method: 'get' } }), 401, 'AUTH_INVALID_SIGNATURE', 11003)
    await expectFailure(trade({ key: TEST_KEYS.readOnly, signed: { body: '{}' } }), 401, 'AUTH_INVALID_SIGNATURE', 11003)
  })
  it('a replay is refused before the allowlist, and the allowlist before the permissions', async () => {
    const request = { key: TEST_KEYS.elsewhereOnly, timestamp: String(Date.now()) }
    await expectFailure(read(request), 403, 'PERM_IP_NOT_ALLOWED', 11107)
    await expectFailure(read(request), 401, 'AUTH_REPLAY_DETECTED', 11013)
  })
})
