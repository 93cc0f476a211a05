// What a caller reads off an error: its kind (from the code number whatever the HTTP status), its
// class name, the guard `isExchangeError(e, kind)`, and the service's own words in the message.
import { describe, expect, it } from 'vitest'
import {
  ExchangeApiError,
  ExchangeClient,
  ExchangeError,
  ExchangeNetworkError,
  ExchangeRedirectError,
  ExchangeResponseError,
  ExchangeValidationError,
  OnboardingOutcomeUnknownError,
  OrderOutcomeUnknownError,
  SigningCancelledError,
  SigningFailedError,
  SigningTimeoutError,
  isExchangeError,
  type ExchangeErrorKind,
} from '../../src/index.ts'
import { errorResponse, fetchDouble } from '../support/fetch-double.ts'

const baseUrl = 'https://api.example.test'
const get = (reply: Response) =>
  new ExchangeClient({ baseUrl, fetch: fetchDouble(reply).fetch, retry: false })
    .request({ method: 'GET', path: '/api/v1/perp/markets' })
    .catch((e: unknown) => e)

describe('an error answer is classified by its code number whatever the HTTP status', () => {
  // Spec: 110xx are authentication codes, 111xx permission codes; the status a proxy or the service
  // pairs them with does not change what they mean.
  it.each([
    [400, 'AUTH_INVALID_SIGNATURE', 11003, 'auth'],
    [500, 'AUTH_TIMESTAMP_EXPIRED', 11004, 'auth'],
    [200, 'AUTH_KEY_EXPIRED', 11007, 'auth'],
    [403, 'AUTH_REPLAY_DETECTED', 11013, 'auth'],
    [401, 'PERM_NO_TRADING', 11101, 'permission'],
    [400, 'PERM_IP_NOT_ALLOWED', 11107, 'permission'],
    [500, 'PERM_NO_READ', 11102, 'permission'],
  ] as const)('HTTP %d carrying %s (%d) is %s', async (status, code, codeNum, kind) => {
    const error = await get(errorResponse(status, code, codeNum))
    expect(error).toBeInstanceOf(ExchangeApiError)
    expect(error).toMatchObject({ kind, status, code, codeNum })
  })

  it('reads the code range at its edges: 10999 and 11200 are plain API errors, 11000 auth, 11199 permission', async () => {
    expect(await get(errorResponse(400, 'X', 10999))).toMatchObject({ kind: 'api' })
    expect(await get(errorResponse(400, 'X', 11000))).toMatchObject({ kind: 'auth' })
    expect(await get(errorResponse(400, 'X', 11099))).toMatchObject({ kind: 'auth' })
    expect(await get(errorResponse(400, 'X', 11100))).toMatchObject({ kind: 'permission' })
    expect(await get(errorResponse(400, 'X', 11199))).toMatchObject({ kind: 'permission' })
    expect(await get(errorResponse(400, 'X', 11200))).toMatchObject({ kind: 'api' })
  })

  it('falls back on the status when there is no code number: 401 auth, 403 permission, other 4xx api', async () => {
    const bare = (status: number, code = `HTTP_${status}`) =>
      new Response(JSON.stringify({ success: false, error: { code, message: 'nope' } }), { status })
    expect(await get(bare(401))).toMatchObject({ kind: 'auth', codeNum: 0 })
    expect(await get(bare(403))).toMatchObject({ kind: 'permission' })
    expect(await get(bare(404))).toMatchObject({ kind: 'api' })
    // A PERM_ name without its number is still a permission refusal.
    expect(await get(bare(400, 'PERM_SOMETHING_NEW'))).toMatchObject({ kind: 'permission' })
  })

  it('sees a rate limit in a bare 429 with no code of the service, and in RATE_LIMITED under another status', async () => {
    const gateway = await get(new Response('<html>slow down</html>', { status: 429, headers: { 'content-type': 'text/html' } }))
    expect(gateway).toMatchObject({ kind: 'rate-limit', status: 429, code: 'HTTP_429' })
    const envelopeNoCode = await get(new Response(JSON.stringify({ success: false, error: null }), { status: 429 }))
    expect(envelopeNoCode).toMatchObject({ kind: 'rate-limit', code: 'HTTP_429' })
    expect(await get(errorResponse(400, 'RATE_LIMITED', 10029))).toMatchObject({ kind: 'rate-limit', status: 400 })
  })

  it("puts the service's code, number, status and message in the error message", async () => {
    const error = (await get(errorResponse(400, 'ORDER_REJECTED', 20001))) as ExchangeApiError
    expect(error.message).toBe('ORDER_REJECTED (20001), HTTP 400: ORDER_REJECTED happened')
    const noNumber = (await get(new Response(JSON.stringify({ success: false, error: { code: 'ODD' } }), { status: 409 }))) as ExchangeApiError
    expect(noNumber.message).toBe('ODD, HTTP 409: no message')
    expect(noNumber.codeNum).toBe(0) // absent: 0
  })

  it('keeps the request id, the details and the code of a 200 that says success: false', async () => {
    const body = { success: false, error: { code: 'SOMETHING', codeNum: 19999, message: 'no', details: { field: 'qty' } }, meta: { requestId: 'r-9', timestamp: 1 } }
    const error = (await get(new Response(JSON.stringify(body), { status: 200 }))) as ExchangeApiError
    expect(error).toMatchObject({ kind: 'api', status: 200, code: 'SOMETHING', codeNum: 19999, requestId: 'r-9', details: { field: 'qty' } })
    const noCode = (await get(new Response(JSON.stringify({ success: false }), { status: 200 }))) as ExchangeApiError
    expect(noCode.code).toBe('UNKNOWN_ERROR')
  })
})

const KINDS: readonly ExchangeErrorKind[] = [
  'validation', 'auth', 'permission', 'rate-limit', 'api', 'response', 'redirect', 'network', 'timeout',
  'aborted', 'outcome-unknown', 'crypto-unavailable', 'signing-cancelled', 'signing-failed', 'storage',
]

describe('isExchangeError(e, kind) answers for that kind only', () => {
  it.each(KINDS)('%s: true for its kind, false for every other', (kind) => {
    const error = new ExchangeError(kind, 'x')
    expect(isExchangeError(error)).toBe(true)
    expect(isExchangeError(error, kind)).toBe(true)
    for (const other of KINDS.filter((k) => k !== kind)) expect(isExchangeError(error, other), other).toBe(false)
  })

  it('is false for what is not ours: a plain Error, one with a kind but a foreign name, a non-error', () => {
    expect(isExchangeError(new Error('x'))).toBe(false)
    expect(isExchangeError(Object.assign(new Error('x'), { kind: 'network' }), 'network')).toBe(false)
    expect(isExchangeError({ name: 'ExchangeError', kind: 'api', message: 'x' })).toBe(false)
    expect(isExchangeError(undefined)).toBe(false)
    expect(isExchangeError('ExchangeError')).toBe(false)
  })

  it("recognises another copy of the SDK's errors by name and kind (no instanceof across bundles)", () => {
    for (const name of ['ExchangeApiError', 'OrderOutcomeUnknownError', 'OnboardingOutcomeUnknownError', 'SigningFailedError']) {
      const foreign = Object.assign(new Error('x'), { name, kind: 'api' })
      expect(isExchangeError(foreign), name).toBe(true)
      expect(isExchangeError(foreign, 'api'), name).toBe(true)
      expect(isExchangeError(foreign, 'network'), name).toBe(false)
    }
    // Without a string kind it is not ours, whatever its name.
    expect(isExchangeError(Object.assign(new Error('x'), { name: 'ExchangeApiError', kind: 7 }))).toBe(false)
  })
})

describe('every error class has its own name and kind', () => {
  it.each([
    [new ExchangeError('storage', 'm'), 'ExchangeError', 'storage'],
    [new ExchangeValidationError('qty', 'positive'), 'ExchangeValidationError', 'validation'],
    [new ExchangeApiError(400, { code: 'C', codeNum: 10001 }), 'ExchangeApiError', 'api'],
    [new ExchangeResponseError(502, 'm'), 'ExchangeResponseError', 'response'],
    [new ExchangeRedirectError(302, 'https://elsewhere.test/'), 'ExchangeRedirectError', 'redirect'],
    [new ExchangeNetworkError('timeout', 'm'), 'ExchangeNetworkError', 'timeout'],
    [new OrderOutcomeUnknownError('c-1', new Error('lost')), 'OrderOutcomeUnknownError', 'outcome-unknown'],
    [new OnboardingOutcomeUnknownError('0xabc', new Error('lost')), 'OnboardingOutcomeUnknownError', 'outcome-unknown'],
    [new SigningCancelledError('0xabc', new Error('4001')), 'SigningCancelledError', 'signing-cancelled'],
    [new SigningFailedError('m'), 'SigningFailedError', 'signing-failed'],
    [new SigningTimeoutError(300_000), 'SigningTimeoutError', 'timeout'],
  ] as const)('%s', (error, name, kind) => {
    expect(error.name).toBe(name)
    expect(error.kind).toBe(kind)
    expect(error).toBeInstanceOf(ExchangeError)
    expect(error).toBeInstanceOf(Error)
    expect(String(error).startsWith(`${name}: `)).toBe(true)
  })
})

describe('the messages a caller reads', () => {
  it('a validation error names its field and rule, and "input" when there is no field', () => {
    expect(new ExchangeValidationError('qty', 'positive')).toMatchObject({ field: 'qty', rule: 'positive', message: 'qty: positive' })
    expect(new ExchangeValidationError('', 'object').message).toBe('input: object')
  })

  it('a message quoting a huge value is cut at 500 characters and says how long it was', () => {
    const long = 'x'.repeat(600)
    expect(new ExchangeValidationError('f', 'r', long).message).toBe(`${'x'.repeat(500)}… (600 characters)`)
    expect(new ExchangeValidationError('f', 'r', 'x'.repeat(500)).message).toBe('x'.repeat(500))
  })

  it('a redirect says where to, or that the runtime hid it', () => {
    expect(new ExchangeRedirectError(302, 'https://elsewhere.test/').message).toBe('HTTP 302: the service answered with a redirect to https://elsewhere.test/; the client never follows one')
    expect(new ExchangeRedirectError(0, undefined).message).toBe('HTTP 3xx (opaque): the service answered with a redirect; the client never follows one')
  })

  it('an unknown outcome names every clientOrderId to look up, and none when the write had none', () => {
    const one = new OrderOutcomeUnknownError('c-1', undefined, undefined, 1234)
    expect(one).toMatchObject({ clientOrderId: 'c-1', clientOrderIds: ['c-1'], lastSignedAt: 1234 })
    expect(one.message).toBe('The outcome of the write is unknown: the request left and no answer proved it refused; look it up by clientOrderId c-1')
    const batch = new OrderOutcomeUnknownError(undefined, undefined, ['a', 'b'])
    expect(batch.clientOrderIds).toEqual(['a', 'b'])
    expect(batch.message).toContain('look it up by clientOrderId a, b')
    const none = new OrderOutcomeUnknownError(undefined, undefined)
    expect(none.clientOrderIds).toEqual([])
    expect(none.message).toBe('The outcome of the write is unknown: the request left and no answer proved it refused')
  })

  it('the wallet errors say what was declined and how long the window was', () => {
    expect(new SigningCancelledError('0xabc', null).message).toBe('The wallet owner declined to sign the login message; nothing was sent')
    expect(new SigningCancelledError(undefined, null, 'connect').message).toBe('The wallet owner declined to connect; nothing was sent')
    expect(new SigningTimeoutError(299_600)).toMatchObject({ windowMs: 299_600 })
    expect(new SigningTimeoutError(299_600).message).toContain('within 300 s')
    expect(new OnboardingOutcomeUnknownError('0xabc', null)).toMatchObject({ walletAddress: '0xabc' })
  })

  it('a response error starts with its status', () => {
    expect(new ExchangeResponseError(502, 'bad gateway page')).toMatchObject({ status: 502, message: 'HTTP 502: bad gateway page' })
  })
})
