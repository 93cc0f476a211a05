// One rule decides whether a failed write may have been applied (an OrderOutcomeUnknownError) or
// certainly was not (the error itself): the rule over every kind of answer, then the same kinds
// through the client, where each write path asks it.
import { describe, expect, it } from 'vitest'
import { ExchangeApiError, ExchangeClient, ExchangeNetworkError, ExchangeRedirectError, ExchangeResponseError, OrderOutcomeUnknownError } from '../../src/index.ts'
import { mayHaveLanded } from '../../src/transport/write-outcome.ts'
import { errorResponse, envelopeResponse, fetchDouble, type Reply } from '../support/fetch-double.ts'
import { failure } from '../support/failure.ts'
import { TEST_KEYS } from '../support/seed.ts'

const apiError = (status: number, code: string, codeNum?: number) => new ExchangeApiError(status, { code, codeNum })
/** What Node's fetch throws when nothing answered: a TypeError whose cause says why. */
const undici = (cause: Error) => new TypeError('fetch failed', { cause })
const systemError = (code: string) => Object.assign(new Error(code), { code })
/** ky's error for a retried status, told by name as the SDK tells it. */
const kyHttpError = (status: number) => Object.assign(new Error(`Request failed with status code ${status}`), { name: 'HTTPError', response: new Response(null, { status }) })

const RULE: [string, unknown, boolean][] = [
  ['a refusal in the envelope (400)', apiError(400, 'ORDER_REJECTED', 20001), false],
  ['a rate limit in the envelope (429)', apiError(429, 'RATE_LIMITED', 10029), false],
  ['a clock refusal (11004: nothing executed)', apiError(401, 'AUTH_TIMESTAMP_EXPIRED', 11004), false],
  ['a bad signature (11003)', apiError(401, 'AUTH_INVALID_SIGNATURE', 11003), false],
  ['a replay (11013: an identical request arrived first)', apiError(401, 'AUTH_REPLAY_DETECTED', 11013), true],
  ['a 5xx in the envelope', apiError(503, 'UNAVAILABLE', 10503), true],
  ['a 500 with no code', apiError(500, 'HTTP_500'), true],
  ['ky: a 503 it would retry', kyHttpError(503), true],
  ['ky: a 429 it would retry', kyHttpError(429), false],
  ['ky: a 408 it would retry', kyHttpError(408), false],
  ['an answer that is not the envelope', new ExchangeResponseError(502, 'not the envelope'), true],
  ['a redirect', new ExchangeRedirectError(302, 'https://elsewhere.test'), true],
  ['no answer: connection reset', undici(systemError('ECONNRESET')), true],
  ['no answer: a browser hides why', new TypeError('Failed to fetch'), true],
  ['no answer: the caller aborted after it left', new DOMException('aborted', 'AbortError'), true],
  ['never connected: refused', undici(systemError('ECONNREFUSED')), false],
  ['never connected: unknown host', undici(systemError('ENOTFOUND')), false],
  ['never connected: certificate refused', undici(systemError('DEPTH_ZERO_SELF_SIGNED_CERT')), false],
  ['never sent: fetch refuses the port (undici: "bad port")', undici(new Error('bad port')), false],
]

describe('mayHaveLanded: the one rule', () => {
  it.each(RULE)('%s, after it left → %s', (_, error, landed) => {
    expect(mayHaveLanded(error, true)).toBe(landed)
  })

  it.each(RULE)('%s, never handed to fetch → false', (_, error) => {
    expect(mayHaveLanded(error, false)).toBe(false)
  })
})

const gatewayPage = () => new Response('<html>502 Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } })

const THROUGH_THE_CLIENT: [string, Reply, 'unknown' | 'refused' | 'never sent'][] = [
  ['refused in the envelope (400)', errorResponse(400, 'ORDER_REJECTED', 20001), 'refused'],
  ['refused for its signature (11003)', errorResponse(401, 'AUTH_INVALID_SIGNATURE', 11003), 'refused'],
  ['answered AUTH_REPLAY_DETECTED (11013)', errorResponse(401, 'AUTH_REPLAY_DETECTED', 11013), 'unknown'],
  ['answered 503 in the envelope', errorResponse(503, 'UNAVAILABLE', 10503), 'unknown'],
  ['answered by a gateway page (502)', gatewayPage(), 'unknown'],
  ['answered 200 with its JSON cut off', new Response('{"success":true,"data":{"orderId":', { status: 200 }), 'unknown'],
  ['answered with a redirect', new Response(null, { status: 307, headers: { location: 'https://elsewhere.test/' } }), 'unknown'],
  ['dropped (ECONNRESET)', undici(systemError('ECONNRESET')), 'unknown'],
  ['lost where a browser hides why', new TypeError('Failed to fetch'), 'unknown'],
  ['refused a connection (ECONNREFUSED)', undici(systemError('ECONNREFUSED')), 'never sent'],
  ['refused by fetch for its port ("bad port")', undici(new Error('bad port')), 'never sent'],
]

describe('every write path asks it', () => {
  it.each(THROUGH_THE_CLIENT)('a placement %s: %s', async (_, reply, expected) => {
    const { fetch, sent } = fetchDouble(reply)
    const client = new ExchangeClient({ baseUrl: 'https://api.example.test', ...TEST_KEYS.trader, fetch, retry: false })
    const error = await failure(client.request({ method: 'POST', path: '/api/v1/perp/orders', body: { clientOrderId: 'w-1' }, clientOrderId: 'w-1' }))
    expect(sent).toHaveLength(1)
    if (expected === 'unknown') {
      expect(error).toBeInstanceOf(OrderOutcomeUnknownError)
      expect(error).toMatchObject({ clientOrderId: 'w-1', lastSignedAt: Number(sent[0]!.headers.get('x-timestamp')) })
    } else {
      expect(error).not.toBeInstanceOf(OrderOutcomeUnknownError)
      expect(error).toBeInstanceOf(expected === 'refused' ? ExchangeApiError : ExchangeNetworkError)
    }
  })

  it('11013 on a read is the refusal it is (a read changes nothing)', async () => {
    const { fetch } = fetchDouble(errorResponse(401, 'AUTH_REPLAY_DETECTED', 11013))
    const client = new ExchangeClient({ baseUrl: 'https://api.example.test', ...TEST_KEYS.trader, fetch, retry: false })
    expect(await failure(client.request({ method: 'GET', path: '/api/v1/perp/orders' }))).toMatchObject({ name: 'ExchangeApiError', kind: 'auth', codeNum: 11013 })
  })

  it('an idempotent write answered 11013 on its retry stays unknown, and the answer says why', async () => {
    const { fetch, sent } = fetchDouble(errorResponse(503, 'UNAVAILABLE', 10503, { 'retry-after': '0' }), errorResponse(401, 'AUTH_REPLAY_DETECTED', 11013))
    const client = new ExchangeClient({ baseUrl: 'https://api.example.test', ...TEST_KEYS.trader, fetch, retry: { limit: 2, backoffLimitMs: 1 } })
    const error = await failure(client.request({ method: 'POST', path: '/api/v1/perp/orders', body: { clientOrderId: 'w-2' }, idempotent: true, clientOrderId: 'w-2' }))
    expect(sent).toHaveLength(2)
    expect(error).toBeInstanceOf(OrderOutcomeUnknownError)
    expect(error).toMatchObject({ cause: { codeNum: 11013 } })
  })

  it('a write the client refused to sign (an unconfirmed clock) is not retried and is no unknown outcome', async () => {
    const hourAhead = () => Date.now() + 3_600_000
    const { fetch, sent } = fetchDouble((s) => {
      if (s.url.pathname === '/api/v1/system/time') return envelopeResponse({ serverTime: hourAhead() })
      return errorResponse(401, 'AUTH_TIMESTAMP_EXPIRED', 11004)
    })
    const client = new ExchangeClient({ baseUrl: 'https://api.example.test', ...TEST_KEYS.trader, fetch, retry: { limit: 2, backoffLimitMs: 1 } })
    await client.syncClock()
    const error = await failure(client.request({ method: 'POST', path: '/api/v1/perp/orders', body: { clientOrderId: 'w-3' }, idempotent: true, clientOrderId: 'w-3' }))
    expect(error).toMatchObject({ kind: 'clock' })
    expect(sent.filter((s) => s.method === 'POST')).toEqual([])
  })
})
