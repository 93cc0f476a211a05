// Reading why a fetch got no answer, function by function: where in what a runtime threw the code
// may sit (and what is no code), which failures prove a request never left, and the words the
// message is made of (never a query, a user:password, a key or a signature; never empty).
import { describe, expect, it } from 'vitest'
import { networkErrorCode, networkFailureReason, provesNeverSent } from '../../src/transport/network-failure.ts'

const withCode = (code: unknown, message = 'failed') => Object.assign(new Error(message), { code })
const causing = (cause: unknown, message = 'fetch failed') => new TypeError(message, { cause })

describe('networkErrorCode: where the code is found', () => {
  it('three causes deep', () => {
    expect(networkErrorCode(causing(causing(causing(withCode('ECONNREFUSED')))))).toBe('ECONNREFUSED')
  })

  it('in any error of an AggregateError, the first that has one', () => {
    const aggregate = new AggregateError([new Error('no code here'), withCode('EHOSTUNREACH'), withCode('ENETUNREACH')])
    expect(networkErrorCode(causing(aggregate))).toBe('EHOSTUNREACH')
  })

  it('nearest first: the outer code wins over a deeper one, a code over words', () => {
    expect(networkErrorCode(Object.assign(causing(withCode('ENOTFOUND')), { code: 'ECONNRESET' }))).toBe('ECONNRESET')
    expect(networkErrorCode(causing(withCode('EPIPE', 'connection refused')))).toBe('EPIPE')
  })

  it('an error that is its own cause, or a cycle of two, is read once', () => {
    const self = new Error('loop') as Error & { cause?: unknown }
    self.cause = self
    expect(networkErrorCode(self)).toBeUndefined()
    expect(networkFailureReason(self, undefined)).toBe('loop')
    const a = new Error('a') as Error & { cause?: unknown }
    const b = new Error('b') as Error & { cause?: unknown }
    a.cause = b
    b.cause = a
    expect(networkFailureReason(a, undefined)).toBe('a: b')
    b.cause = Object.assign(a, { code: 'ECONNRESET' })
    expect(networkErrorCode(b)).toBe('ECONNRESET')
  })

  it.each([
    ['a number (errno)', -111],
    ['lower case', 'econnrefused'],
    ['one letter', 'E'],
    ['words with spaces', 'ECONNREFUSED here'],
    ['a leading digit', '1ECONN'],
    ["a name every object has (toString)", 'toString'],
    ['an inherited name (constructor)', 'constructor'],
  ])('%s is no code', (_, code) => {
    expect(networkErrorCode(causing(withCode(code)))).toBeUndefined()
  })

  it.each([
    ['a string', 'ECONNREFUSED'],
    ['null', null],
    ['a number', 111],
  ])('a cause that is %s is skipped, not read', (_, cause) => {
    expect(networkErrorCode(causing(cause))).toBeUndefined()
  })

  it('an `errors` that is not a list is not read', () => {
    expect(networkErrorCode(Object.assign(new Error('x'), { errors: 'ECONNREFUSED' }))).toBeUndefined()
  })

  it.each([
    ['bad port', 'ERR_UNSAFE_PORT'],
    ['Connection Refused', 'ECONNREFUSED'],
    ['CONNECTION RESET by peer', 'ECONNRESET'],
    ['Connection closed before message completed', 'ECONNRESET'],
    ['DNS error: no such host', 'ENOTFOUND'],
  ])('the words "%s" → %s', (message, code) => {
    expect(networkErrorCode(causing(new Error(message)))).toBe(code)
  })

  it.each(['a bad port', 'bad port 6000', 'connection closed', 'dns'])('the words "%s" say no code', (message) => {
    expect(networkErrorCode(causing(new Error(message)))).toBeUndefined()
  })

  it('a browser\'s "Failed to fetch" for a bad port is a refused port; other opaque failures and good ports are not', () => {
    expect(networkErrorCode(new TypeError('Failed to fetch'), '6000')).toBe('ERR_UNSAFE_PORT')
    expect(networkErrorCode(new TypeError('Load failed'), '6000')).toBe('ERR_UNSAFE_PORT')
    expect(networkErrorCode(new TypeError('Failed to fetch'), '443')).toBeUndefined()
    expect(networkErrorCode(new TypeError('Failed to fetch'))).toBeUndefined()
    // workerd is no browser: it fetches any port.
    expect(networkErrorCode(new Error('Network connection lost.'), '6000')).toBeUndefined()
    expect(networkErrorCode(new TypeError('Something else'), '6000')).toBeUndefined()
  })
})

describe('provesNeverSent', () => {
  it.each(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ERR_UNSAFE_PORT', 'CERT_HAS_EXPIRED', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'ERR_TLS_CERT_ALTNAME_INVALID'])('%s: yes', (code) => {
    expect(provesNeverSent(causing(withCode(code)))).toBe(true)
  })

  it.each(['ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'XECONNREFUSED', 'ECONNREFUSED_LATER', 'ENOTFOUNDX'])('%s: no', (code) => {
    expect(provesNeverSent(causing(withCode(code)))).toBe(false)
  })

  it('no code: no (a browser\'s opaque failure, anything unknown)', () => {
    expect(provesNeverSent(new TypeError('Failed to fetch'))).toBe(false)
    expect(provesNeverSent(new Error('something'))).toBe(false)
    expect(provesNeverSent(undefined)).toBe(false)
  })
})

describe('networkFailureReason', () => {
  it.each([
    ['ECONNREFUSED', 'connection refused (ECONNREFUSED)'],
    ['ECONNRESET', 'connection reset (ECONNRESET)'],
    ['ENOTFOUND', 'host name not found (ENOTFOUND)'],
    ['ETIMEDOUT', 'timed out (ETIMEDOUT)'],
    ['ERR_UNSAFE_PORT', 'never sent: a port fetch refuses (ERR_UNSAFE_PORT)'],
    ['CERT_HAS_EXPIRED', 'TLS certificate rejected (CERT_HAS_EXPIRED)'],
    ['UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'TLS certificate rejected (UNABLE_TO_GET_ISSUER_CERT_LOCALLY)'],
    ['EHOSTUNREACH', 'network error (EHOSTUNREACH)'],
  ])('with the code %s: "%s"', (code, words) => {
    expect(networkFailureReason(new Error('ignored'), code)).toBe(words)
  })

  it('without one: the messages of the chain, outermost first, the empty and the missing left out', () => {
    const inner = Object.assign(new Error(''), { cause: { message: 42, cause: new Error('read timeout') } })
    expect(networkFailureReason(causing(inner, 'fetch failed'), undefined)).toBe('fetch failed: read timeout')
  })

  it('says that nothing was said when no message is', () => {
    expect(networkFailureReason(new Error(''), undefined)).toBe('no reason given')
    expect(networkFailureReason('a string thrown', undefined)).toBe('no reason given')
  })

  it('a URL loses its query and fragment, and any user:password', () => {
    const words = networkFailureReason(new Error('request to https://user:pa55@api.example.test:8443/api/v1/orders?key=abc&x=1#frag failed (see http://h.example/p?q=1)'), undefined)
    expect(words).toBe('request to https://api.example.test:8443/api/v1/orders failed (see http://h.example/p)')
  })

  it('64 hex characters (a key\'s secret half, a signature), with what leads into them, are hidden in either case', () => {
    const hex = 'ab'.repeat(32)
    expect(networkFailureReason(new Error(`key 1024_${hex} sig ${hex.toUpperCase()}`), undefined)).toBe('key [hidden] sig [hidden]')
    expect(networkFailureReason(new Error(`short ${'ab'.repeat(31)}`), undefined)).toBe(`short ${'ab'.repeat(31)}`)
  })

  it('is at most 300 characters', () => {
    const words = networkFailureReason(new Error('x'.repeat(1000)), undefined)
    expect(words).toBe('x'.repeat(300))
  })

  it('an opaque failure says who hid the cause', () => {
    expect(networkFailureReason(new TypeError('Load failed'), undefined)).toBe('the browser hides the cause ("Load failed"): refused, unknown host, certificate or CORS')
  })
})
