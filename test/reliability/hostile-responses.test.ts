// A server that answers badly, over real sockets: every broken answer becomes a typed error (with
// the HTTP status when one arrived), a write whose answer was lost is an unknown outcome, and every
// call settles within its timeout or on its AbortSignal. test/transport/error-model.test.ts checks
// the parsing rules through a fetch double; this checks what Node's fetch makes of real sockets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ExchangeApiError, ExchangeClient, ExchangeNetworkError, ExchangeResponseError, OrderOutcomeUnknownError } from '../../src/index.ts'
import { answer, endless, head, startHostileServer, type HostileServer } from './support/hostile-server.ts'
import { trackUnhandledRejections } from './support/unhandled.ts'

const MiB = 1024 * 1024
const unhandled = trackUnhandledRejections()
let server: HostileServer

beforeAll(async () => {
  server = await startHostileServer({
    '/not-json': answer(200, 'hello, world', 'text/plain'),
    '/truncated-json': answer(200, '{"success":true,"data":{"price":"65'),
    '/proxy-html': answer(502, '<!doctype html><html><body><h1>502 Bad Gateway</h1><p>nginx</p></body></html>', 'text/html'),
    '/wrong-envelope': answer(200, '{"ok":true,"result":[1,2,3]}'),
    '/json-array': answer(200, '[{"success":true}]'),
    '/success-false': answer(200, '{"success":false,"data":null,"error":{"code":"ORDER_REJECTED","codeNum":30001,"message":"no"}}'),
    '/unknown-code': answer(400, '{"success":false,"data":null,"error":{"code":"BRAND_NEW_CODE","codeNum":98765,"message":"new"},"meta":{"requestId":"r-77","timestamp":1}}'),
    '/error-as-string': answer(503, '{"success":false,"error":"down for maintenance"}'),
    '/huge': endless(64 * MiB),
    '/huge-declared': (socket) => socket.write(head(200, { 'content-type': 'application/json', 'content-length': 10 ** 12 }) + '{"success":true,"data":"'),
    '/reset-mid-body': (socket) => {
      socket.write(head(200, { 'content-type': 'application/json', 'content-length': 1000 }) + '{"success":true,"data":{"orderId":"1')
      setTimeout(() => socket.resetAndDestroy(), 10)
    },
    '/reset-before-answer': (socket) => socket.resetAndDestroy(),
    '/closed-before-answer': (socket) => socket.end(),
    '/not-http': (socket) => socket.end('SSH-2.0-OpenSSH_9.6\r\n\r\n'),
    '/never-answers': () => undefined,
    '/stalls-after-headers': (socket) => socket.write(head(200, { 'content-type': 'application/json', 'content-length': 100 }) + '{"succ'),
  })
})
afterAll(() => server.close())

const client = (options: { timeoutMs?: number; maxResponseBytes?: number } = {}) =>
  new ExchangeClient({ baseUrl: server.url, retry: false, timeoutMs: 300, ...options })
const settle = (promise: Promise<unknown>) => promise.then(() => 'resolved', (error: unknown) => error)
const get = (path: string, options?: Parameters<typeof client>[0]) => settle(client(options).request({ method: 'GET', path }))
/** A placement-like write: idempotent, carrying a clientOrderId. */
const place = (path: string, signal?: AbortSignal) =>
  settle(client().request({ method: 'POST', path, body: { clientOrderId: 'hostile-1' }, idempotent: true, clientOrderId: 'hostile-1', signal }))

describe('answers that are not the envelope', () => {
  it.each([
    ['/not-json', 200, /text that is not JSON/],
    ['/truncated-json', 200, /not JSON/],
    ['/proxy-html', 502, /HTML/],
    ['/wrong-envelope', 200, /not the \{ success, data, error, meta \} envelope/],
    ['/json-array', 200, /envelope/],
  ])('%s: ExchangeResponseError with HTTP %i', async (path, status, message) => {
    const error = await get(path)
    expect(error).toBeInstanceOf(ExchangeResponseError)
    expect(error).toMatchObject({ status, kind: 'response' })
    expect((error as Error).message).toMatch(message)
  })
})

describe('envelopes that say no', () => {
  it('a 200 with success: false is an API error with status 200', async () => {
    expect(await get('/success-false')).toMatchObject({ name: 'ExchangeApiError', status: 200, code: 'ORDER_REJECTED', codeNum: 30001 })
  })

  it('an unknown error code is kept as it came, with its request id', async () => {
    const error = await get('/unknown-code')
    expect(error).toBeInstanceOf(ExchangeApiError)
    expect(error).toMatchObject({ status: 400, kind: 'api', code: 'BRAND_NEW_CODE', codeNum: 98765, requestId: 'r-77' })
  })

  it('an error that is a bare string is named after the status', async () => {
    expect(await get('/error-as-string')).toMatchObject({ name: 'ExchangeApiError', status: 503, code: 'HTTP_503' })
  })
})

describe('bodies too large', () => {
  it('a streamed body past maxResponseBytes is refused, and the client stops reading it', async () => {
    const error = await get('/huge', { maxResponseBytes: 4 * MiB })
    expect(error).toMatchObject({ name: 'ExchangeResponseError', status: 200 })
    expect((error as Error).message).toMatch(/over the 4194304-byte limit/)
    await expect.poll(() => server.served.get('/huge')?.clientClosed).toBe(true)
    expect(server.served.get('/huge')!.bodyBytesWritten).toBeLessThan(64 * MiB)
  })

  it('a declared length past the limit is refused before reading', async () => {
    const error = await get('/huge-declared')
    expect(error).toMatchObject({ name: 'ExchangeResponseError', status: 200 })
    expect((error as Error).message).toMatch(/1000000000000 bytes/)
  })
})

describe('connections that break', () => {
  it.each(['/reset-mid-body', '/reset-before-answer', '/closed-before-answer', '/not-http'])('%s: a read fails as a network error', async (path) => {
    const error = await get(path)
    expect(error).toBeInstanceOf(ExchangeNetworkError)
    expect(error).toMatchObject({ kind: 'network' })
  })

  it('a body reset mid-way says which HTTP status had arrived', async () => {
    expect((await get('/reset-mid-body')) as Error).toHaveProperty('message', expect.stringMatching(/HTTP 200/))
  })

  it.each(['/reset-mid-body', '/reset-before-answer', '/closed-before-answer', '/never-answers', '/stalls-after-headers'])(
    '%s: a write whose answer was lost is an unknown outcome carrying its clientOrderId',
    async (path) => {
      const error = await place(path)
      expect(error).toBeInstanceOf(OrderOutcomeUnknownError)
      expect(error).toMatchObject({ clientOrderId: 'hostile-1', clientOrderIds: ['hostile-1'] })
    },
  )
})

describe('answers that never come', () => {
  it.each(['/never-answers', '/stalls-after-headers'])('%s: a read times out', async (path) => {
    expect(await get(path, { timeoutMs: 150 })).toMatchObject({ name: 'ExchangeNetworkError', kind: 'timeout' })
  })

  it.each(['/never-answers', '/stalls-after-headers'])('%s: a read stops when its AbortSignal fires', async (path) => {
    const controller = new AbortController()
    const pending = settle(client({ timeoutMs: 60_000 }).request({ method: 'GET', path, signal: controller.signal }))
    await expect.poll(() => server.served.has(path)).toBe(true)
    server.served.delete(path)
    controller.abort()
    expect(await pending).toMatchObject({ name: 'ExchangeNetworkError', kind: 'aborted' })
  })

  it('a write aborted after it left is an unknown outcome; one aborted before it left is just aborted', async () => {
    const controller = new AbortController()
    const pending = place('/never-answers', controller.signal)
    await expect.poll(() => server.served.has('/never-answers')).toBe(true)
    controller.abort()
    expect(await pending).toBeInstanceOf(OrderOutcomeUnknownError)

    const early = new AbortController()
    early.abort()
    expect(await place('/never-answers', early.signal)).toMatchObject({ name: 'ExchangeNetworkError', kind: 'aborted' })
  })
})

describe('afterwards', () => {
  it('nothing was left unhandled', () => {
    expect(unhandled).toEqual([])
  })
})
