// Every input check of the transport, at its edges: a bad value is an ExchangeValidationError naming
// the field, thrown before anything is sent.
import { describe, expect, it } from 'vitest'
import { ExchangeClient, ExchangeValidationError } from '../../src/index.ts'
import { envelopeResponse, fetchDouble } from '../support/fetch-double.ts'

const baseUrl = 'https://api.example.test'

function build(options: Record<string, unknown>) {
  try {
    return new ExchangeClient({ baseUrl, fetch: fetchDouble(envelopeResponse({})).fetch, ...options })
  } catch (error) {
    return error
  }
}

describe('client options', () => {
  it.each([
    ['retry', Number.POSITIVE_INFINITY, 'retry: must be false, a number of retries or { limit }'],
    ['retry', -1, 'retry: must be false, a number of retries or { limit }'],
    ['retry', 1.5, 'retry: must be false, a number of retries or { limit }'],
    ['retry', Number.NaN, 'retry: must be false, a number of retries or { limit }'],
    ['retry', '2', 'retry: must be false, a number of retries or { limit }'],
    ['retry', { limit: -1 }, 'retry: must be false, a number of retries or { limit }'],
    ['retry', { limit: Number.POSITIVE_INFINITY }, 'retry: must be false, a number of retries or { limit }'],
    ['timeoutMs', 0, 'timeoutMs: must be a number of ms below 2^31'],
    ['timeoutMs', -5, 'timeoutMs: must be a number of ms below 2^31'],
    ['timeoutMs', 2 ** 31, 'timeoutMs: must be a number of ms below 2^31'],
    ['timeoutMs', '1000', 'timeoutMs: must be a number of ms below 2^31'],
    ['totalTimeoutMs', 0, 'totalTimeoutMs: must be a number of ms below 2^31'],
    ['totalTimeoutMs', -1, 'totalTimeoutMs: must be a number of ms below 2^31'],
    ['fetch', 'fetch', 'fetch: must be a function'],
    ['baseUrl', 'ftp://api.example.test', 'baseUrl: must be an absolute http(s) URL'],
    ['baseUrl', 'api.example.test', 'baseUrl: must be an absolute http(s) URL'],
  ])('%s = %s is refused, naming the field', (field, value, message) => {
    const error = build({ [field]: value })
    expect(error).toBeInstanceOf(ExchangeValidationError)
    expect(error).toMatchObject({ kind: 'validation', field, rule: 'type', message })
  })

  it.each([
    ['retry', 0], ['retry', false], ['retry', 5], ['retry', { limit: 0 }], ['retry', {}],
    ['timeoutMs', 1], ['timeoutMs', 2 ** 31 - 1], ['totalTimeoutMs', 1], ['baseUrl', 'http://127.0.0.1:1'],
  ])('%s = %s is accepted', (field, value) => {
    expect(build({ [field]: value })).toBeInstanceOf(ExchangeClient)
  })

  it.each([
    ['https://api.example.test/api/v1', 'https://api.example.test'],
    ['https://api.example.test/api/v1/', 'https://api.example.test'],
    ['http://127.0.0.1:8080/prefix/api/v1', 'http://127.0.0.1:8080/prefix'],
  ])('a baseUrl ending in /api/v1 (%s) is refused at construction; without it (%s) it is accepted', (value, root) => {
    const error = build({ baseUrl: value })
    expect(error).toBeInstanceOf(ExchangeValidationError)
    expect(error).toMatchObject({ field: 'baseUrl', message: 'baseUrl: must be the URL without /api/v1 (every path starts with it)' })
    expect(build({ baseUrl: root })).toBeInstanceOf(ExchangeClient)
  })

  it.each(['https://user:hunter2@api.example.test', 'https://user@api.example.test', 'https://:hunter2@api.example.test'])(
    'a baseUrl carrying user:password (%s) is refused at construction, and the message does not repeat it',
    (value) => {
      const error = build({ baseUrl: value })
      expect(error).toBeInstanceOf(ExchangeValidationError)
      expect(error).toMatchObject({ field: 'baseUrl', message: 'baseUrl: must be a URL without user:password (use the key and secret options)' })
      expect(String((error as Error).message)).not.toContain('hunter2')
    },
  )

  it('options that are not an object are refused', () => {
    expect(() => new ExchangeClient(null as never)).toThrow(ExchangeValidationError)
  })
})

describe('a call', () => {
  const { fetch, sent } = fetchDouble(envelopeResponse({}))
  const client = new ExchangeClient({ baseUrl, fetch, retry: false })
  const refused = (spec: Record<string, unknown>) => client.request(spec as never).then(() => undefined, (e: unknown) => e)

  it.each([
    ['a body on a GET', { method: 'GET', path: '/p', body: {} }, 'body', 'body: must be absent in GET requests'],
    ['a body JSON cannot carry', { method: 'POST', path: '/p', body: { n: 1n } }, 'body', 'body: must be serializable as JSON'],
    ['an unknown method', { method: 'FETCH', path: '/p' }, 'method', 'method: must be GET, POST, PUT or DELETE'],
    ['a method the service does not use (HEAD)', { method: 'head', path: '/p' }, 'method', 'method: must be GET, POST, PUT or DELETE'],
    ['a method the service does not use (PATCH)', { method: 'PATCH', path: '/p', body: {} }, 'method', 'method: must be GET, POST, PUT or DELETE'],
    ['a method that is not a string', { method: 7, path: '/p' }, 'method', 'method: must be GET, POST, PUT or DELETE'],
    ['a relative path', { method: 'GET', path: 'p' }, 'path', 'path: must be a path starting with "/"'],
    ['timeoutMs 0', { method: 'GET', path: '/p', timeoutMs: 0 }, 'timeoutMs', 'timeoutMs: must be a number of ms below 2^31'],
    ['timeoutMs negative', { method: 'GET', path: '/p', timeoutMs: -1 }, 'timeoutMs', 'timeoutMs: must be a number of ms below 2^31'],
    ['totalTimeoutMs 0', { method: 'GET', path: '/p', totalTimeoutMs: 0 }, 'totalTimeoutMs', 'totalTimeoutMs: must be a number of ms below 2^31'],
    ['a signal that is not one', { method: 'GET', path: '/p', signal: {} }, 'signal', 'signal: must be an AbortSignal'],
    ['a query that is not an object', { method: 'GET', path: '/p', query: 'a=1' }, 'query', 'query: must be an object'],
    ['a query value that is an object', { method: 'GET', path: '/p', query: { a: { b: 1 } } }, 'query.a', 'query.a: must be strings, finite numbers or booleans'],
    ['a query value that is not finite', { method: 'GET', path: '/p', query: { a: [1, Number.NaN] } }, 'query.a', 'query.a: must be strings, finite numbers or booleans'],
    ['a request that is not an object', null, 'request', 'request: must be an object'],
  ])('%s is refused before anything is sent', async (_, spec, field, message) => {
    const before = sent.length
    const error = await refused(spec as Record<string, unknown>)
    expect(error).toBeInstanceOf(ExchangeValidationError)
    expect(error).toMatchObject({ field, message })
    expect(sent.length).toBe(before)
  })

  it('request() takes the four methods, uppercase, at compile time', () => {
    const typed = (spec: Parameters<typeof client.request>[0]) => spec.method
    expect(['GET', 'POST', 'PUT', 'DELETE'].map((method) => typed({ method: method as 'GET', path: '/p' }))).toHaveLength(4)
    // @ts-expect-error PATCH is not one of the service's methods
    typed({ method: 'PATCH', path: '/p' })
    // @ts-expect-error any string is not a method
    typed({ method: 'FETCH' as string, path: '/p' })
    // @ts-expect-error lowercase: an untyped caller's 'get' is sent uppercase at run time (below), a typed one writes GET
    typed({ method: 'get', path: '/p' })
  })

  it('a lowercase method goes out uppercase; a body on a POST, a null query value and a list are sent', async () => {
    // @ts-expect-error lowercase, as an untyped caller writes it
    await client.request({ method: 'post', path: '/p', body: { a: 1 }, query: { skip: null, ids: [1, 'b', true] } })
    const request = sent.at(-1)!
    expect(request.method).toBe('POST')
    expect(request.body).toBe('{"a":1}')
    expect(request.url.search).toBe('?ids=1&ids=b&ids=true')
  })

  it('a path climbing out of the base URL\'s prefix is refused; one under it signs without the prefix', async () => {
    const prefixed = fetchDouble(envelopeResponse({}))
    const behindProxy = new ExchangeClient({ baseUrl: `${baseUrl}/prefix/`, fetch: prefixed.fetch, retry: false })
    const error = await behindProxy.request({ method: 'GET', path: '/../x' }).catch((e: unknown) => e)
    expect(error).toMatchObject({ field: 'path', message: 'path: must be a path that stays under the base URL (no "..")' })
    expect(prefixed.sent).toHaveLength(0)
    await behindProxy.request({ method: 'GET', path: '/api/v1/x' })
    expect(prefixed.sent[0]!.url.pathname).toBe('/prefix/api/v1/x')
  })

  it('a signed call without credentials is refused, naming apiKey', async () => {
    const error = await refused({ method: 'GET', path: '/p', auth: true })
    expect(error).toMatchObject({ field: 'apiKey', rule: 'required', message: 'GET /p needs credentials: build the client with apiKey and secretKey (or onboard first)' })
  })

  it('a signal already aborted stops the call before it leaves', async () => {
    const before = sent.length
    const error = await refused({ method: 'GET', path: '/p', signal: AbortSignal.abort('stop') })
    expect(error).toMatchObject({ kind: 'aborted', cause: 'stop', message: 'GET api.example.test:443 /p was aborted' })
    expect(sent.length).toBe(before)
  })
})
