import { describe, expect, it } from 'vitest'
import { ExchangeClient, isExchangeError } from '../../src/index.ts'
import { createReferenceExchange, DroppedConnection, type FaultRule } from '../../src/testing/index.ts'
import { startLocalExchange } from '../support/local-exchange.ts'
import { rawRequest } from '../support/raw-request.ts'
import { TEST_KEYS } from '../support/seed.ts'
import { evmWallet, onboardBody } from '../support/wallets.ts'

const time = (url: string) => rawRequest(url, { path: '/api/v1/system/time' })
const onboard = (url: string) => fetch(`${url}/api/v1/oauth/onboard`, { method: 'POST', body: JSON.stringify(onboardBody(evmWallet())) })

describe('faults are off by default', () => {
  it('no rule, no offset', () => {
    const exchange = createReferenceExchange()
    expect(exchange.faults.active).toEqual([])
    expect(exchange.faults.clockOffsetMs).toBe(0)
  })
})

describe('canned failures', () => {
  it('5xx: 500 INTERNAL by default, 503 UNAVAILABLE, without handling the request', async () => {
    const { url, exchange } = await startLocalExchange()
    exchange.faults.add({ kind: 'error', count: 1, match: { pathPrefix: '/api/v1/oauth' } })
    exchange.faults.add({ kind: 'error', status: 503, count: 1 })
    const accountsBefore = exchange.accounts.size
    const first = await onboard(url)
    expect(first.status).toBe(500)
    expect((await first.json()).error).toMatchObject({ code: 'INTERNAL', codeNum: 10500 })
    const second = await onboard(url)
    expect(second.status).toBe(503)
    expect((await second.json()).error).toMatchObject({ code: 'UNAVAILABLE', codeNum: 10503 })
    expect(exchange.accounts.size).toBe(accountsBefore)
    expect((await onboard(url)).status).toBe(200)
  })

  it('429 RATE_LIMITED with Retry-After', async () => {
    const { url, exchange } = await startLocalExchange()
    exchange.faults.add({ kind: 'rate-limit', retryAfterSeconds: 7, count: 1 })
    const { status, json, headers } = await time(url)
    expect(status).toBe(429)
    expect(headers.get('retry-after')).toBe('7')
    expect(json.error).toMatchObject({ code: 'RATE_LIMITED', codeNum: 10029 })
  })

  it('the SDK client retries a read through a 429 (Retry-After 0) and a 503', async () => {
    const { url, exchange } = await startLocalExchange()
    const rateLimit = exchange.faults.add({ kind: 'rate-limit', retryAfterSeconds: 0, count: 1 })
    const unavailable = exchange.faults.add({ kind: 'error', status: 503, count: 1 })
    const client = new ExchangeClient({ baseUrl: url, retry: { limit: 2, backoffLimitMs: 1 } })
    await expect(client.system.getTime()).resolves.toMatchObject({ serverTime: expect.any(Number) })
    expect([rateLimit.hits, unavailable.hits]).toEqual([1, 1])
  })
})

describe('latency', () => {
  it('delays matching answers, and adds up with other faults', async () => {
    const { url, exchange } = await startLocalExchange()
    const slow = exchange.faults.add({ kind: 'latency', ms: 60, match: { method: 'get', pathPrefix: '/api/v1/system/' } })
    exchange.faults.add({ kind: 'error', count: 1, match: { pathPrefix: '/api/v1/system/health' } })
    const startedAt = performance.now()
    expect((await time(url)).status).toBe(200)
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(55)
    expect((await rawRequest(url, { path: '/api/v1/system/health' })).status).toBe(500)
    expect((await onboard(url)).status).toBe(200)
    expect(slow.hits).toBe(2)
  })

  it('after handling: the request takes effect at once, and its answer is held that long', async () => {
    const { url, exchange } = await startLocalExchange()
    const hold = exchange.faults.add({ kind: 'latency', ms: 300, when: 'after', match: { method: 'POST', pathPrefix: '/api/v1/oauth/' } })
    const accountsBefore = exchange.accounts.size
    const startedAt = performance.now()
    let answeredAt: number | undefined
    const answer = onboard(url).then((response) => {
      answeredAt = performance.now()
      return response
    })
    while (exchange.accounts.size === accountsBefore) await new Promise((resolve) => setTimeout(resolve, 5))
    const appliedAt = performance.now()
    expect(answeredAt).toBeUndefined()
    expect((await answer).status).toBe(200)
    expect(answeredAt! - startedAt).toBeGreaterThanOrEqual(290)
    expect(answeredAt! - appliedAt).toBeGreaterThanOrEqual(150)
    expect(exchange.accounts.size).toBe(accountsBefore + 1)
    expect(hold.hits).toBe(1)
    // Latencies before and after add up; a request not handled (an injected error) is not held.
    exchange.faults.add({ kind: 'latency', ms: 100, match: { pathPrefix: '/api/v1/system/time' } })
    exchange.faults.add({ kind: 'latency', ms: 100, when: 'after', match: { pathPrefix: '/api/v1/system/' } })
    const both = performance.now()
    expect((await time(url)).status).toBe(200)
    expect(performance.now() - both).toBeGreaterThanOrEqual(190)
    exchange.faults.add({ kind: 'error', count: 1, match: { pathPrefix: '/api/v1/system/health' } })
    const refused = performance.now()
    expect((await rawRequest(url, { path: '/api/v1/system/health' })).status).toBe(500)
    expect(performance.now() - refused).toBeLessThan(90)
  })
})

describe('which requests are hit', () => {
  it('by method and path prefix, by predicate, up to a count', async () => {
    const exchange = createReferenceExchange()
    const byPrefix = exchange.faults.add({ kind: 'error', match: { method: 'POST', pathPrefix: '/api/v1/oauth/' }, count: 2 })
    const byPredicate = exchange.faults.add({ kind: 'error', status: 502, match: ({ path }) => path.endsWith('/status') })
    const status = async (method: string, path: string) => (await exchange.fetch(new Request(`http://x${path}`, { method, body: method === 'POST' ? '{}' : undefined }))).status
    expect(await status('GET', '/api/v1/system/time')).toBe(200)
    expect(await status('POST', '/api/v1/oauth/onboard')).toBe(500)
    expect(await status('POST', '/api/v1/oauth/onboard')).toBe(500)
    expect(await status('POST', '/api/v1/oauth/onboard')).toBe(400) // the count is spent: handled, and the body is refused
    expect(await status('GET', '/api/v1/system/status')).toBe(502)
    expect([byPrefix.hits, byPredicate.hits]).toEqual([2, 1])
    expect(exchange.faults.active).toEqual([byPredicate])
    byPredicate.remove()
    expect(await status('GET', '/api/v1/system/status')).toBe(200)
  })

  it('by probability, from a seeded PRNG: the same seed hits the same requests', async () => {
    const pattern = async (faultSeed: number) => {
      const exchange = createReferenceExchange({ faultSeed })
      exchange.faults.add({ kind: 'error', probability: 0.3 })
      const statuses: number[] = []
      for (let i = 0; i < 60; i++) statuses.push((await exchange.fetch(new Request('http://x/api/v1/system/time'))).status)
      return statuses.map((status) => (status === 500 ? 'x' : '.')).join('')
    }
    const first = await pattern(42)
    expect(await pattern(42)).toBe(first)
    expect(await pattern(43)).not.toBe(first)
    const hits = first.split('x').length - 1
    expect(hits).toBeGreaterThan(5)
    expect(hits).toBeLessThan(35)
  })

  it('refuses a rule that makes no sense, naming the field', () => {
    const exchange = createReferenceExchange()
    const bad: [FaultRule, string][] = [
      [{ kind: 'error', probability: 2 }, 'probability'],
      [{ kind: 'error', count: 0 }, 'count'],
      [{ kind: 'error', status: 404 }, 'status'],
      [{ kind: 'latency', ms: -1 }, 'ms'],
      [{ kind: 'latency', ms: 1, when: 'during' as 'after' }, 'when'],
      [{ kind: 'drop', when: 'during' as 'before' }, 'when'],
    ]
    for (const [rule, field] of bad) expect(() => exchange.faults.add(rule)).toThrow(expect.objectContaining({ field }))
  })
})

describe('dropped connections', () => {
  it('before the request is applied: the caller sees a network failure, nothing happened', async () => {
    const { url, exchange } = await startLocalExchange()
    exchange.faults.add({ kind: 'drop', when: 'before', count: 1 })
    const accountsBefore = exchange.accounts.size
    await expect(onboard(url)).rejects.toThrow(TypeError)
    expect(exchange.accounts.size).toBe(accountsBefore)
  })

  it('after the request is applied: the same failure, but it took effect', async () => {
    const { url, exchange } = await startLocalExchange()
    exchange.faults.add({ kind: 'drop', when: 'after', count: 1 })
    const accountsBefore = exchange.accounts.size
    await expect(onboard(url)).rejects.toThrow(TypeError)
    expect(exchange.accounts.size).toBe(accountsBefore + 1)
  })

  it('a signed write dropped either way is an unknown outcome to the SDK client', async () => {
    const { url, exchange } = await startLocalExchange()
    const minted = (await (await onboard(url)).json()).data
    const client = new ExchangeClient({ baseUrl: url, apiKey: minted.apiKey, secretKey: minted.secretKey })
    for (const when of ['before', 'after'] as const) {
      exchange.faults.add({ kind: 'drop', when, count: 1, match: { method: 'POST' } })
      await expect(client.request({ method: 'POST', path: '/api/v1/accounts/me/api-key/rotate' })).rejects.toSatisfy(
        (error) => isExchangeError(error, 'outcome-unknown'),
      )
    }
  })

  it('in process, fetch rejects with a TypeError as a real network failure', async () => {
    const exchange = createReferenceExchange()
    exchange.faults.add({ kind: 'drop', when: 'before', count: 1 })
    const failure = exchange.fetch(new Request('http://x/api/v1/system/time'))
    await expect(failure).rejects.toThrow(TypeError)
    await expect(failure).rejects.toBeInstanceOf(DroppedConnection)
    expect((await exchange.fetch(new Request('http://x/api/v1/system/time'))).status).toBe(200)
  })
})

describe('the server clock offset', () => {
  it('starts from the option and can change while running; signed requests follow it', async () => {
    const { url, exchange } = await startLocalExchange({ clockOffsetMs: 90_000 })
    const client = new ExchangeClient({ baseUrl: url, ...TEST_KEYS.full })
    expect((await time(url)).json.data.serverTime).toBeGreaterThan(Date.now() + 80_000)
    const introspect = { method: 'GET' as const, path: '/api/v1/accounts/me/api-key/introspect' }
    // A timestamp from the machine's clock is refused ...
    const raw = await rawRequest(url, { ...introspect, key: TEST_KEYS.full })
    expect(raw.json.error?.code).toBe('AUTH_TIMESTAMP_EXPIRED')
    // ... the SDK client measures the offset and signs again.
    await expect(client.request(introspect)).resolves.toMatchObject({ valid: true })
    exchange.faults.clockOffsetMs = -90_000
    expect((await time(url)).json.data.serverTime).toBeLessThan(Date.now() - 80_000)
    expect((await rawRequest(url, { ...introspect, key: TEST_KEYS.full, timestamp: String(Date.now() - 90_000) })).status).toBe(200)
    expect((await rawRequest(url, { ...introspect, key: TEST_KEYS.full })).json.error?.code).toBe('AUTH_TIMESTAMP_EXPIRED')
  })
})
