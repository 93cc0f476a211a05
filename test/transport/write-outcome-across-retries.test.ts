// A write's outcome across its attempts: once an attempt left and got no answer proving refusal, a
// later refusal of a retry does not prove the first was not applied: the caller is told "unknown"
// (or they would place the order again). Only a connection refused proves an attempt carried nothing.
import { describe, expect, it } from 'vitest'
import { ExchangeApiError, ExchangeClient, OrderOutcomeUnknownError } from '../../src/index.ts'
import { envelopeResponse, errorResponse, fetchDouble, type Reply } from '../support/fetch-double.ts'
import { TEST_KEYS } from '../support/seed.ts'

const baseUrl = 'https://api.example.test'
const clientOrderId = 'c-lost-1'
const refusal = () => errorResponse(400, 'ORDER_REJECTED', 20001)
/** What Node's fetch throws when nothing answered: a TypeError whose cause carries the socket's code. */
const socketError = (code: string) => Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error(code), { code }) })

function place(...replies: Reply[]) {
  const double = fetchDouble(...replies)
  const client = new ExchangeClient({ baseUrl, ...TEST_KEYS.trader, fetch: double.fetch, retry: { limit: 2, backoffLimitMs: 1 } })
  const outcome = client
    .request({ method: 'POST', path: '/api/v1/perp/orders', body: { clientOrderId }, idempotent: true, clientOrderId })
    .catch((e: unknown) => e)
  return { outcome, sent: double.sent }
}

describe('a write whose first attempt got no answer', () => {
  it.each([
    ['the connection dropped', socketError('ECONNRESET')],
    ['no answer came (a plain network failure)', new TypeError('fetch failed')],
  ])('%s, then a refused retry: the outcome is unknown, carrying the refusal and the clientOrderId', async (_, lost) => {
    const { outcome, sent } = place(lost, refusal())
    const error = await outcome
    expect(sent).toHaveLength(2)
    expect(error).toBeInstanceOf(OrderOutcomeUnknownError)
    expect(error).toMatchObject({ kind: 'outcome-unknown', clientOrderId, clientOrderIds: [clientOrderId] })
    expect((error as OrderOutcomeUnknownError).cause).toBeInstanceOf(ExchangeApiError)
    expect((error as OrderOutcomeUnknownError).cause).toMatchObject({ status: 400, code: 'ORDER_REJECTED' })
  })

  it('a 503 first (it may have been applied), then a refused retry: unknown', async () => {
    const { outcome, sent } = place(errorResponse(503, 'UNAVAILABLE', 10503, { 'retry-after': '0' }), refusal())
    expect(await outcome).toBeInstanceOf(OrderOutcomeUnknownError)
    expect(sent).toHaveLength(2)
  })

  it('a connection refused first (nothing left), then a refusal: the refusal itself, not "unknown"', async () => {
    for (const code of ['ECONNREFUSED', 'ENOTFOUND']) {
      const { outcome, sent } = place(socketError(code), refusal())
      const error = await outcome
      expect(sent).toHaveLength(2)
      expect(error, code).toBeInstanceOf(ExchangeApiError)
      expect(error, code).toMatchObject({ status: 400, code: 'ORDER_REJECTED' })
    }
  })

  it('a 429 first (the service refused it), then a refusal: the refusal', async () => {
    const { outcome } = place(errorResponse(429, 'RATE_LIMITED', 10029, { 'retry-after': '0' }), refusal())
    expect(await outcome).toMatchObject({ kind: 'api', status: 400 })
  })

  it('a lost attempt, then success: the answer, no error', async () => {
    const { outcome, sent } = place(new TypeError('fetch failed'), envelopeResponse({ orderId: 'o-1' }))
    expect(await outcome).toEqual({ orderId: 'o-1' })
    expect(sent).toHaveLength(2)
  })

  it('every attempt is signed afresh, and the error carries the latest X-TIMESTAMP that left', async () => {
    const { outcome, sent } = place(new TypeError('fetch failed'), new TypeError('fetch failed'), new TypeError('fetch failed'))
    const error = (await outcome) as OrderOutcomeUnknownError
    expect(sent).toHaveLength(3)
    const stamps = sent.map((request) => Number(request.headers.get('x-timestamp')))
    expect(new Set(sent.map((request) => request.headers.get('x-signature'))).size).toBe(3)
    expect(error.lastSignedAt).toBe(Math.max(...stamps))
  })
})

describe('a read is never "unknown"', () => {
  it('a lost GET, then a refusal: the refusal', async () => {
    const double = fetchDouble(new TypeError('fetch failed'), refusal())
    const client = new ExchangeClient({ baseUrl, fetch: double.fetch, retry: { limit: 2, backoffLimitMs: 1 } })
    const error = await client.request({ method: 'GET', path: '/api/v1/perp/markets' }).catch((e: unknown) => e)
    expect(double.sent).toHaveLength(2)
    expect(error).toBeInstanceOf(ExchangeApiError)
  })
})
