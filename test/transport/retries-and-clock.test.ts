import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { ExchangeClient, OrderOutcomeUnknownError } from '../../src/index.ts'
import { envelopeResponse, errorResponse, fetchDouble, type Sent } from '../support/fetch-double.ts'

const apiKey = `1024_${'a1'.repeat(32)}`
const secretKey = 'b2'.repeat(32)
const baseUrl = 'https://api.example.test'
const signatureOf = (s: Sent) => createHmac('sha256', secretKey).update(s.headers.get('x-timestamp')! + s.method + s.url.pathname + s.body).digest('hex')
const networkFailure = () => new TypeError('fetch failed')

describe('retries', () => {
  it('retries a read on 503 with a fresh timestamp and signature per attempt', async () => {
    const { fetch, sent } = fetchDouble(errorResponse(503, 'UNAVAILABLE', 10503, { 'retry-after': '0' }), envelopeResponse({ ok: 1 }))
    const client = new ExchangeClient({ baseUrl, apiKey, secretKey, fetch, now: (() => { let t = 1_767_225_600_000; return () => t++ })() })
    expect(await client.request({ method: 'GET', path: '/api/v1/account/overview' })).toEqual({ ok: 1 })
    expect(sent).toHaveLength(2)
    expect(sent[0]!.headers.get('x-timestamp')).not.toBe(sent[1]!.headers.get('x-timestamp'))
    expect(sent[0]!.headers.get('x-signature')).not.toBe(sent[1]!.headers.get('x-signature'))
    for (const s of sent) expect(s.headers.get('x-signature')).toBe(signatureOf(s))
  })

  it('retries a read after a network error, then gives a network error when attempts run out', async () => {
    const { fetch, sent } = fetchDouble(networkFailure())
    const client = new ExchangeClient({ baseUrl, fetch, retry: { limit: 2, backoffLimitMs: 1 } })
    await expect(client.request({ method: 'GET', path: '/api/v1/perp/markets' })).rejects.toMatchObject({ name: 'ExchangeNetworkError', kind: 'network' })
    expect(sent).toHaveLength(3)
  })

  it('honours Retry-After on 429 and reports a rate-limit error with it when over the cap', async () => {
    const { fetch, sent } = fetchDouble(errorResponse(429, 'RATE_LIMITED', 10029, { 'retry-after': '120' }))
    const client = new ExchangeClient({ baseUrl, fetch, retry: { maxRetryAfterMs: 10 } })
    const error = await client.request({ method: 'GET', path: '/api/v1/perp/markets' }).catch((e: unknown) => e)
    expect(error).toMatchObject({ kind: 'rate-limit', status: 429, retryAfterMs: 120_000 })
    expect(sent).toHaveLength(1) // no early retries at the cap: the service asked for two minutes
  })

  it('waits out a short Retry-After and succeeds', async () => {
    const { fetch, sent } = fetchDouble(errorResponse(429, 'RATE_LIMITED', 10029, { 'retry-after': '0' }), envelopeResponse('ok'))
    const client = new ExchangeClient({ baseUrl, fetch })
    expect(await client.request({ method: 'GET', path: '/api/v1/perp/markets' })).toBe('ok')
    expect(sent).toHaveLength(2)
  })

  it('never retries a write blindly, and a 5xx answer to it is an unknown outcome', async () => {
    const { fetch, sent } = fetchDouble(errorResponse(503, 'UNAVAILABLE', 10503))
    const client = new ExchangeClient({ baseUrl, apiKey, secretKey, fetch })
    await expect(client.request({ method: 'POST', path: '/api/v1/account/withdrawals', body: { amount: '1' } }))
      .rejects.toMatchObject({ kind: 'outcome-unknown', cause: { status: 503 } })
    expect(sent).toHaveLength(1)
  })

  it('turns a lost answer to a write into an outcome-unknown error carrying the clientOrderId', async () => {
    const { fetch } = fetchDouble(networkFailure())
    const client = new ExchangeClient({ baseUrl, apiKey, secretKey, fetch })
    const error = await client.request({ method: 'POST', path: '/api/v1/perp/orders', body: {}, clientOrderId: 'abc' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(OrderOutcomeUnknownError)
    expect(error).toMatchObject({ kind: 'outcome-unknown', clientOrderId: 'abc' })
  })

  it('retries an idempotent write with the same body and a new signature', async () => {
    const { fetch, sent } = fetchDouble(networkFailure(), envelopeResponse({ orderId: '1' }))
    const client = new ExchangeClient({ baseUrl, apiKey, secretKey, fetch, retry: { backoffLimitMs: 1 } })
    await client.request({ method: 'POST', path: '/api/v1/perp/orders', body: { clientOrderId: 'k1' }, idempotent: true })
    expect(sent).toHaveLength(2)
    expect(sent[0]!.body).toBe(sent[1]!.body)
    for (const s of sent) expect(s.headers.get('x-signature')).toBe(signatureOf(s))
  })

  it('an idempotent write whose first attempt got no answer stays outcome-unknown when the retries then fail', async () => {
    const { fetch, sent } = fetchDouble(networkFailure(), errorResponse(503, 'UNAVAILABLE', 10503))
    const client = new ExchangeClient({ baseUrl, apiKey, secretKey, fetch, retry: { limit: 2, backoffLimitMs: 1 } })
    const error = await client.request({ method: 'POST', path: '/api/v1/perp/orders', body: { clientOrderId: 'k2' }, idempotent: true, clientOrderId: 'k2' }).catch((e: unknown) => e)
    expect(sent).toHaveLength(3)
    expect(error).toBeInstanceOf(OrderOutcomeUnknownError)
    expect(error).toMatchObject({ clientOrderId: 'k2', cause: { status: 503, code: 'UNAVAILABLE' } })
  })

  it('an idempotent write whose first attempt got no answer stays outcome-unknown when the retry is refused with a 4xx', async () => {
    const { fetch, sent } = fetchDouble(networkFailure(), errorResponse(400, 'REQ_INVALID_PARAMS', 10002))
    const client = new ExchangeClient({ baseUrl, apiKey, secretKey, fetch, retry: { limit: 2, backoffLimitMs: 1 } })
    const error = await client.request({ method: 'POST', path: '/api/v1/perp/orders', body: { clientOrderId: 'k3' }, idempotent: true, clientOrderId: 'k3' }).catch((e: unknown) => e)
    expect(sent).toHaveLength(2)
    expect(error).toBeInstanceOf(OrderOutcomeUnknownError)
    expect(error).toMatchObject({ clientOrderId: 'k3', cause: { status: 400 } })
  })

  it('an idempotent write answered 502 and then refused with a 4xx stays outcome-unknown', async () => {
    const gateway = new Response('<html>502 Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } })
    const { fetch, sent } = fetchDouble(gateway, errorResponse(400, 'REQ_INVALID_PARAMS', 10002))
    const client = new ExchangeClient({ baseUrl, apiKey, secretKey, fetch, retry: { limit: 2, backoffLimitMs: 1 } })
    const error = await client.request({ method: 'POST', path: '/api/v1/perp/orders', body: { clientOrderId: 'k4' }, idempotent: true, clientOrderId: 'k4' }).catch((e: unknown) => e)
    expect(sent).toHaveLength(2)
    expect(error).toMatchObject({ kind: 'outcome-unknown', clientOrderId: 'k4', lastSignedAt: Number(sent[1]!.headers.get('x-timestamp')) })
  })
})

describe('clock re-sync on AUTH_TIMESTAMP_EXPIRED', () => {
  it('re-measures the server clock and retries once with a fresh timestamp', async () => {
    const serverAhead = 10 * 60_000
    const { fetch, sent } = fetchDouble((s) => {
      if (s.url.pathname === '/api/v1/system/time') return envelopeResponse({ serverTime: Date.now() + serverAhead })
      const skew = Number(s.headers.get('x-timestamp')) - (Date.now() + serverAhead)
      return Math.abs(skew) > 30_000
        ? errorResponse(401, 'AUTH_TIMESTAMP_EXPIRED', 11004, {}, Date.now() + serverAhead)
        : envelopeResponse({ ok: true }, { serverTime: Date.now() + serverAhead })
    })
    const client = new ExchangeClient({ baseUrl, apiKey, secretKey, fetch })
    expect(await client.request({ method: 'POST', path: '/api/v1/perp/orders', body: { a: 1 } })).toEqual({ ok: true })
    // Ten minutes from the local clock: a signed read the service accepts confirms it before the write is dated by it.
    expect(sent.map((s) => `${s.method} ${s.url.pathname}`)).toEqual(['POST /api/v1/perp/orders', 'GET /api/v1/system/time', 'GET /api/v1/accounts/me/api-key/introspect', 'POST /api/v1/perp/orders'])
    expect(sent[3]!.headers.get('x-signature')).toBe(signatureOf(sent[3]!))
  })

  it('retries only once when the clock is still refused', async () => {
    const { fetch, sent } = fetchDouble((s) =>
      s.url.pathname === '/api/v1/system/time' ? envelopeResponse({ serverTime: Date.now() }) : errorResponse(401, 'AUTH_TIMESTAMP_EXPIRED', 11004))
    const client = new ExchangeClient({ baseUrl, apiKey, secretKey, fetch })
    await expect(client.request({ method: 'GET', path: '/api/v1/account/overview' })).rejects.toMatchObject({ codeNum: 11004, kind: 'auth' })
    expect(sent.filter((s) => s.url.pathname === '/api/v1/account/overview')).toHaveLength(2)
  })

  it('shares one clock measurement between concurrent rejected calls', async () => {
    let ahead = 0
    const { fetch, sent } = fetchDouble((s) => {
      if (s.url.pathname === '/api/v1/system/time') return envelopeResponse({ serverTime: Date.now() + ahead })
      const skew = Number(s.headers.get('x-timestamp')) - (Date.now() + ahead)
      return Math.abs(skew) > 30_000
        ? errorResponse(401, 'AUTH_TIMESTAMP_EXPIRED', 11004, {}, Date.now() + ahead)
        : envelopeResponse({}, { serverTime: Date.now() + ahead })
    })
    const client = new ExchangeClient({ baseUrl, apiKey, secretKey, fetch })
    ahead = -3_600_000
    await Promise.all(Array.from({ length: 10 }, (_, i) => client.request({ method: 'GET', path: `/api/v1/perp/orders/${i}` })))
    expect(sent.filter((s) => s.url.pathname === '/api/v1/system/time')).toHaveLength(1)
  })
})
