// Reading an answer's body: in as many chunks as the network cuts it into, within its byte limit, and
// telling a caller's abort apart from a connection that broke off mid-body.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { ExchangeClient, OrderOutcomeUnknownError } from '../../src/index.ts'

const baseUrl = 'https://api.example.test'
const encoder = new TextEncoder()
const envelope = (data: unknown) => JSON.stringify({ success: true, data, error: null, meta: { requestId: 'r', timestamp: Date.now() } })

/** A fetch answering 200 with `chunks` as the body, one read each, then the end (or nothing more). */
function chunkedFetch(chunks: Uint8Array[], then: 'end' | 'hang' = 'end', headers: Record<string, string> = {}) {
  return (async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk)
        if (then === 'end') controller.close()
      },
    })
    return new Response(body, { status: 200, headers: { 'content-type': 'application/json', ...headers } })
  }) as typeof globalThis.fetch
}

/** `text` as bytes, cut at the given byte offsets. */
function cut(text: string, ...at: number[]): Uint8Array[] {
  const bytes = encoder.encode(text)
  const edges = [0, ...at, bytes.length]
  return edges.slice(1).map((end, i) => bytes.slice(edges[i], end))
}

const get = (client: ExchangeClient, signal?: AbortSignal) =>
  client.request({ method: 'GET', path: '/api/v1/perp/markets', ...(signal && { signal }) }).catch((e: unknown) => ({ failed: e }))

describe('a body in several chunks', () => {
  it('is put back together byte for byte, a character split across chunks included', async () => {
    const text = envelope({ name: 'café €uro 🚀', n: 42 })
    const split = text.indexOf('é') + 1 // inside é's two bytes (ASCII before it)
    const chunks = cut(text, 5, split, split + 1, text.length - 3)
    expect(chunks.length).toBe(5)
    const client = new ExchangeClient({ baseUrl, fetch: chunkedFetch(chunks), retry: false })
    expect(await get(client)).toEqual({ name: 'café €uro 🚀', n: 42 })
  })

  it('up to exactly maxResponseBytes is read; one byte more is refused, whatever the chunks', async () => {
    const text = envelope('x')
    const size = encoder.encode(text).length
    const exact = new ExchangeClient({ baseUrl, fetch: chunkedFetch(cut(text, 10, 20)), retry: false, maxResponseBytes: size })
    expect(await get(exact)).toBe('x')
    const over = new ExchangeClient({ baseUrl, fetch: chunkedFetch(cut(text, 10, 20)), retry: false, maxResponseBytes: size - 1 })
    const { failed } = (await get(over)) as { failed: unknown }
    expect(failed).toMatchObject({ kind: 'response', status: 200, message: `HTTP 200: the body is over the ${size - 1}-byte limit (maxResponseBytes)` })
  })

  it('a declared Content-Length over the limit is refused before reading', async () => {
    const client = new ExchangeClient({ baseUrl, fetch: chunkedFetch([], 'hang', { 'content-length': '101' }), retry: false, maxResponseBytes: 100 })
    const { failed } = (await get(client)) as { failed: unknown }
    expect(failed).toMatchObject({ kind: 'response', message: 'HTTP 200: the body is 101 bytes, over the 100-byte limit (maxResponseBytes)' })
  })
})

describe("the caller's abort during the body read, with a plugged-in fetch", () => {
  // A plugged-in fetch need not tie its body to the request's signal: the reader must watch it itself.
  it('ends the read at once as an abort, not after the attempt timeout', { timeout: 10_000 }, async () => {
    const client = new ExchangeClient({ baseUrl, fetch: chunkedFetch(cut(envelope({ x: 1 }), 5), 'hang'), retry: false, timeoutMs: 60_000, totalTimeoutMs: 120_000 })
    const controller = new AbortController()
    const pending = get(client, controller.signal)
    setTimeout(() => controller.abort(new Error('caller stopped')), 50)
    expect(await pending).toMatchObject({ failed: { name: 'ExchangeNetworkError', kind: 'aborted', message: 'HTTP 200: the response body was aborted' } })
  })
})

describe('a body that stops half way, over loopback', async () => {
  const half = envelope({ many: 'x'.repeat(100) }).slice(0, 30)
  /** Sends the headers and 30 bytes of a longer body, then stalls (`/stall`) or resets the connection (`/reset`). */
  const server = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' })
    response.write(half)
    if (request.url?.endsWith('/reset')) setTimeout(() => response.socket?.destroy(), 20)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  afterAll(() => new Promise<void>((resolve) => {
    server.closeAllConnections()
    server.close(() => resolve())
  }))
  const loopback = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const client = new ExchangeClient({ baseUrl: loopback, retry: false, timeoutMs: 5000 })
  const call = (method: 'GET' | 'POST', path: string, signal?: AbortSignal) =>
    client.request({ method, path, ...(method === 'POST' && { body: {}, clientOrderId: 'c-9' }), ...(signal && { signal }) }).catch((e: unknown) => e)

  it("the caller's abort during the read is an abort, not a network error", async () => {
    // Aborted once the headers are in (not after a fixed delay, which a loaded machine may not reach them in).
    let headersIn!: () => void
    const answered = new Promise<void>((resolve) => (headersIn = resolve))
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const response = await globalThis.fetch(input, init)
      headersIn()
      return response
    }
    const watched = new ExchangeClient({ baseUrl: loopback, retry: false, timeoutMs: 5000, fetch })
    const controller = new AbortController()
    const pending = watched.request({ method: 'GET', path: '/api/v1/stall', signal: controller.signal }).catch((e: unknown) => e)
    await answered
    setTimeout(() => controller.abort(new Error('caller stopped')), 20)
    expect(await pending).toMatchObject({ name: 'ExchangeNetworkError', kind: 'aborted', message: 'HTTP 200: the response body was aborted' })
  })

  it('a connection that breaks off mid-body is a network error', async () => {
    expect(await call('GET', '/api/v1/reset')).toMatchObject({ name: 'ExchangeNetworkError', kind: 'network', message: 'HTTP 200: the response body broke off' })
  })

  it('a body that stalls past the attempt timeout is a timeout', async () => {
    const short = new ExchangeClient({ baseUrl: loopback, retry: false, timeoutMs: 100, totalTimeoutMs: 5000 })
    expect(await short.request({ method: 'GET', path: '/api/v1/stall' }).catch((e: unknown) => e)).toMatchObject({ kind: 'timeout' })
  })

  it('a write whose answer broke off mid-body has an unknown outcome', async () => {
    const error = await call('POST', '/api/v1/reset')
    expect(error).toBeInstanceOf(OrderOutcomeUnknownError)
    expect(error).toMatchObject({ clientOrderId: 'c-9', cause: { kind: 'network' } })
  })
})
