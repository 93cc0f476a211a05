// The server's wait hint in each form it comes in: seconds, an HTTP date, epoch seconds, garbage.
// `retryHintMs` is read with an injected "now" so each form's figure is exact; the client tests show
// what a caller sees (the hint on the error, and whether the call waits or fails at once).
import { describe, expect, it } from 'vitest'
import { ExchangeClient } from '../../src/index.ts'
import { retryHintMs } from '../../src/transport/retry-hint.ts'
import { envelopeResponse, errorResponse, fetchDouble } from '../support/fetch-double.ts'

const NOW = Date.UTC(2027, 0, 1, 12, 0, 0)
const hint = (headers: Record<string, string>) => retryHintMs(new Headers(headers), NOW)

describe('retryHintMs', () => {
  it('reads seconds, fractions and zero', () => {
    expect(hint({ 'retry-after': '3' })).toBe(3000)
    expect(hint({ 'retry-after': '0.5' })).toBe(500)
    expect(hint({ 'retry-after': '0' })).toBe(0)
  })

  it('reads an HTTP date as the time until then, and a date past as 0', () => {
    expect(hint({ 'retry-after': new Date(NOW + 7000).toUTCString() })).toBe(7000)
    expect(hint({ 'retry-after': 'Fri, 01 Jan 2027 12:00:30 GMT' })).toBe(30_000)
    expect(hint({ 'retry-after': new Date(NOW - 5000).toUTCString() })).toBe(0)
  })

  it('reads a number of seconds from 2024 on as an epoch time, and one below as a wait', () => {
    expect(hint({ 'x-ratelimit-reset': String(NOW / 1000 + 12) })).toBe(12_000)
    expect(hint({ 'x-ratelimit-reset': String(Date.UTC(2024, 0, 1) / 1000) })).toBe(0)
    const justBelow = Date.UTC(2024, 0, 1) / 1000 - 1
    expect(hint({ 'retry-after': String(justBelow) })).toBe(justBelow * 1000)
  })

  it('is NaN for garbage, Infinity for a number too large, undefined without a hint', () => {
    expect(hint({ 'retry-after': 'soon' })).toBeNaN()
    expect(hint({ 'retry-after': '1e400' })).toBe(Number.POSITIVE_INFINITY)
    expect(hint({ 'retry-after': '-Infinity' })).toBe(Number.POSITIVE_INFINITY)
    expect(hint({})).toBeUndefined()
    expect(hint({ 'retry-after': '' })).toBeUndefined()
  })

  it('takes the first header present in the order ky reads them', () => {
    expect(hint({ 'ratelimit-reset': '2', 'x-ratelimit-retry-after': '3', 'x-ratelimit-reset': '4', 'x-rate-limit-reset': '5' })).toBe(2000)
    expect(hint({ 'retry-after': '1', 'ratelimit-reset': '2' })).toBe(1000)
    expect(hint({ 'x-ratelimit-retry-after': '3', 'x-rate-limit-reset': '5' })).toBe(3000)
    expect(hint({ 'x-ratelimit-reset': '4', 'x-rate-limit-reset': '5' })).toBe(4000)
    expect(hint({ 'x-rate-limit-reset': '5' })).toBe(5000)
  })

  it('defaults "now" to the wall clock', () => {
    const inAMinute = new Date(Date.now() + 60_000).toUTCString()
    const ms = retryHintMs(new Headers({ 'retry-after': inAMinute }))!
    expect(ms).toBeGreaterThan(55_000)
    expect(ms).toBeLessThanOrEqual(60_000)
  })
})

describe('what a caller sees', () => {
  const read = { method: 'GET', path: '/api/v1/perp/markets' } as const
  const rateLimited = (headers: Record<string, string>) => errorResponse(429, 'RATE_LIMITED', 10029, headers)

  it('a 429 whose HTTP-date hint is within the limits is waited out and retried', async () => {
    const { fetch, sent } = fetchDouble(rateLimited({ 'retry-after': new Date(Date.now() - 1000).toUTCString() }), envelopeResponse('ok'))
    expect(await new ExchangeClient({ baseUrl: 'https://api.example.test', fetch }).request(read)).toBe('ok')
    expect(sent).toHaveLength(2)
  })

  it('a 429 whose hint is garbage fails at once, with no hint on the error', async () => {
    const { fetch, sent } = fetchDouble(rateLimited({ 'retry-after': 'later please' }), envelopeResponse('ok'))
    const error = await new ExchangeClient({ baseUrl: 'https://api.example.test', fetch }).request(read).catch((e: unknown) => e)
    expect(error).toMatchObject({ kind: 'rate-limit', retryAfterMs: undefined })
    expect(sent).toHaveLength(1)
  })

  it('a 429 asking for longer than maxRetryAfterMs fails at once, carrying the hint', async () => {
    const { fetch, sent } = fetchDouble(rateLimited({ 'retry-after': '3' }), envelopeResponse('ok'))
    const client = new ExchangeClient({ baseUrl: 'https://api.example.test', fetch, retry: { maxRetryAfterMs: 2999 } })
    expect(await client.request(read).catch((e: unknown) => e)).toMatchObject({ kind: 'rate-limit', retryAfterMs: 3000 })
    expect(sent).toHaveLength(1)
  })

  it('a 503 with a hint of 0 is retried; a 400 never is', async () => {
    const busy = fetchDouble(errorResponse(503, 'UNAVAILABLE', 10503, { 'retry-after': '0' }), envelopeResponse('ok'))
    expect(await new ExchangeClient({ baseUrl: 'https://api.example.test', fetch: busy.fetch }).request(read)).toBe('ok')
    expect(busy.sent).toHaveLength(2)
    const refused = fetchDouble(errorResponse(400, 'BAD', 10002, { 'retry-after': '0' }), envelopeResponse('ok'))
    await new ExchangeClient({ baseUrl: 'https://api.example.test', fetch: refused.fetch }).request(read).catch(() => undefined)
    expect(refused.sent).toHaveLength(1)
  })
})
