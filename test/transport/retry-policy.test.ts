// What the client tries again, and how often and how long it waits: reads and placements after a
// dropped connection, 408, 429, 500, 502, 503 or 504, twice by default; anything else once; the
// documented defaults (limit 2, backoff capped at 5 s, Retry-After up to 30 s). Waits are read from
// vitest's fake clock.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ExchangeClient } from '../../src/index.ts'
import type { RequestSpec } from '../../src/transport/http.ts'
import { envelopeResponse, errorResponse, fetchDouble } from '../support/fetch-double.ts'

const baseUrl = 'https://api.example.test'
const apiKey = `1024_${'a1'.repeat(32)}`
const secretKey = 'b2'.repeat(32)
const read = { method: 'GET', path: '/api/v1/perp/markets' } as const

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

/** Advances the fake clock until the call settles; what it settled to and how much fake time it took. */
async function settle(call: Promise<unknown>, maxMs = 120_000) {
  let outcome: { value?: unknown; error?: unknown } | undefined
  call.then((value) => (outcome = { value }), (error: unknown) => (outcome = { error }))
  const start = Date.now()
  await vi.advanceTimersByTimeAsync(0)
  while (!outcome && Date.now() - start < maxMs) await vi.advanceTimersByTimeAsync(5)
  return { ...outcome, elapsedMs: Date.now() - start }
}

/** How many attempts `spec` makes against a service that always answers `status`. */
async function attemptsAgainst(status: number, spec: RequestSpec = read, options: ConstructorParameters<typeof ExchangeClient>[0] = { baseUrl }) {
  const { fetch, sent } = fetchDouble(() => errorResponse(status, 'FAILED', 10000 + status))
  await settle(new ExchangeClient({ ...options, fetch }).request(spec))
  return sent.length
}

describe('which answers a read is tried again after', () => {
  it.each([408, 429, 500, 502, 503, 504])('%d: three attempts in all by default', async (status) => {
    expect(await attemptsAgainst(status)).toBe(3)
  })

  it.each([400, 401, 403, 404, 409, 413, 422, 501, 505])('%d: one attempt', async (status) => {
    expect(await attemptsAgainst(status)).toBe(1)
  })
})

describe('writes', () => {
  const write: RequestSpec = { method: 'POST', path: '/api/v1/perp/orders', body: { clientOrderId: 'k1' } }
  const signed = { baseUrl, apiKey, secretKey }

  it.each(['POST', 'PUT', 'DELETE'] as const)('a %s is sent once', async (method) => {
    expect(await attemptsAgainst(503, { ...write, method }, signed)).toBe(1)
  })

  it('a placement (safe to send again) is tried like a read', async () => {
    expect(await attemptsAgainst(503, { ...write, idempotent: true }, signed)).toBe(3)
  })
})

describe('retry option', () => {
  it.each([
    ['false', false, 1],
    ['0', 0, 1],
    ['a number (4)', 4, 5],
    ['{ limit: 1 }', { limit: 1 }, 2],
    ['{} (the default limit, 2)', {}, 3],
  ] as const)('%s', async (_, retry, attempts) => {
    expect(await attemptsAgainst(503, read, { baseUrl, retry })).toBe(attempts)
  })
})

describe('waits between attempts', () => {
  it('back off exponentially from 300 ms, each at most 5 s by default', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.999_999) // the jitter at its top: the whole backoff
    const sentAt: number[] = []
    const { fetch } = fetchDouble(() => (sentAt.push(Date.now()), errorResponse(503, 'UNAVAILABLE', 10503)))
    const client = new ExchangeClient({ baseUrl, fetch, retry: { limit: 6 }, totalTimeoutMs: 120_000 })
    await settle(client.request(read))
    const waits = sentAt.slice(1).map((at, i) => at - sentAt[i]!)
    // 0.3 s doubling: 300, 600, 1200, 2400, 4800, then 9600 capped at 5000 (each within one 5 ms step).
    for (const [i, expected] of [300, 600, 1200, 2400, 4800, 5000].entries()) {
      expect(waits[i]).toBeGreaterThanOrEqual(expected - 5)
      expect(waits[i]).toBeLessThanOrEqual(expected + 5)
    }
  })

  it('are jittered: with the random draw at 0, attempts follow each other at once', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0)
    const { fetch, sent } = fetchDouble(() => errorResponse(503, 'UNAVAILABLE', 10503))
    const result = await settle(new ExchangeClient({ baseUrl, fetch }).request(read))
    expect(sent).toHaveLength(3)
    expect(result.elapsedMs).toBeLessThanOrEqual(10)
  })

  it('a Retry-After of exactly 30 s is waited out by default; 31 s fails at once', async () => {
    const within = fetchDouble(errorResponse(429, 'RATE_LIMITED', 10029, { 'retry-after': '30' }), envelopeResponse('ok'))
    const waited = await settle(new ExchangeClient({ baseUrl, fetch: within.fetch, totalTimeoutMs: 60_000 }).request(read))
    expect(waited.value).toBe('ok')
    expect(waited.elapsedMs).toBeGreaterThanOrEqual(30_000)

    const beyond = fetchDouble(errorResponse(429, 'RATE_LIMITED', 10029, { 'retry-after': '31' }), envelopeResponse('ok'))
    const refused = await settle(new ExchangeClient({ baseUrl, fetch: beyond.fetch, totalTimeoutMs: 60_000 }).request(read))
    expect(refused.error).toMatchObject({ kind: 'rate-limit', retryAfterMs: 31_000 })
    expect(beyond.sent).toHaveLength(1)
    expect(refused.elapsedMs).toBe(0)
  })

  it('a 413 with a Retry-After is not tried again (too large stays too large)', async () => {
    const { fetch, sent } = fetchDouble(errorResponse(413, 'TOO_LARGE', 10413, { 'retry-after': '1' }), envelopeResponse('ok'))
    await settle(new ExchangeClient({ baseUrl, fetch }).request(read))
    expect(sent).toHaveLength(1)
  })
})
