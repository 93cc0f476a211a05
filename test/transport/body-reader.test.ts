// The body reader on its own, over hand-made streams and a fake clock: what it returns, what it
// refuses and how (the stream cancelled, no timer or listener left behind), a stall, an abort before
// or during the read, and a stream that errors.
import { getEventListeners } from 'node:events'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ExchangeClient } from '../../src/index.ts'
import { readBodyText } from '../../src/transport/body.ts'
import { ExchangeNetworkError, ExchangeResponseError } from '../../src/errors.ts'

const encoder = new TextEncoder()

/** A body that sends `chunks`, then ends (or hangs, or errors); records whether and why it was cancelled. */
function body(chunks: string[], then: 'end' | 'hang' | Error = 'end') {
  const cancelled: { reason?: unknown; called: boolean } = { called: false }
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk))
      if (then === 'end') controller.close()
      else if (then instanceof Error) controller.error(then)
    },
    cancel(reason) {
      cancelled.called = true
      cancelled.reason = reason
    },
  })
  return { stream, cancelled }
}

const respond = (stream: ReadableStream<Uint8Array> | null, headers: Record<string, string> = {}, status = 200) => new Response(stream, { status, headers })

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('what comes back', () => {
  it('no body at all is the empty text', async () => {
    expect(await readBodyText(respond(null), 100, 1000)).toBe('')
  })

  it('one chunk, several chunks, and a body of exactly the limit come back whole', async () => {
    expect(await readBodyText(respond(body(['{"a":1}']).stream), 100, 1000)).toBe('{"a":1}')
    expect(await readBodyText(respond(body(['{"a"', ':', '1}']).stream), 100, 1000)).toBe('{"a":1}')
    expect(await readBodyText(respond(body(['12345', '67890']).stream), 10, 1000)).toBe('1234567890')
    expect(vi.getTimerCount()).toBe(0)
  })

  it('a declared length at the limit is read; an unreadable one is no reason to refuse', async () => {
    expect(await readBodyText(respond(body(['abc']).stream, { 'content-length': '3' }), 3, 1000)).toBe('abc')
    expect(await readBodyText(respond(body(['abc']).stream), 3, false)).toBe('abc')
  })
})

describe('over the limit', () => {
  it('a declared Content-Length over it: refused with the figures, the body cancelled unread', async () => {
    const { stream, cancelled } = body(['x'], 'hang')
    const refused = readBodyText(respond(stream, { 'content-length': '11' }, 502), 10, 1000)
    await expect(refused).rejects.toBeInstanceOf(ExchangeResponseError)
    await expect(refused).rejects.toMatchObject({ status: 502, message: 'HTTP 502: the body is 11 bytes, over the 10-byte limit (maxResponseBytes)' })
    expect(cancelled.called).toBe(true)
  })

  it('a body-less answer declaring a length over it: the same refusal', async () => {
    await expect(readBodyText(respond(null, { 'content-length': '11' }), 10, 1000)).rejects.toMatchObject({
      kind: 'response',
      message: 'HTTP 200: the body is 11 bytes, over the 10-byte limit (maxResponseBytes)',
    })
  })

  it('more bytes than the limit as they come: refused, the stream cancelled, no timer left', async () => {
    const { stream, cancelled } = body(['123456', '78901'], 'hang')
    const refused = readBodyText(respond(stream), 10, 1000)
    await expect(refused).rejects.toMatchObject({ kind: 'response', status: 200, message: 'HTTP 200: the body is over the 10-byte limit (maxResponseBytes)' })
    expect(cancelled.called).toBe(true)
    expect(vi.getTimerCount()).toBe(0)
  })
})

describe('a body that stalls', () => {
  it('fails at timeoutMs as a timeout, and cancels the stream with that error', async () => {
    const { stream, cancelled } = body(['{"par'], 'hang')
    const read = readBodyText(respond(stream, {}, 503), 100, 250)
    const settled = read.then(() => 'resolved', (error: unknown) => error)
    await vi.advanceTimersByTimeAsync(249)
    expect(cancelled.called).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    const error = await settled
    expect(error).toBeInstanceOf(ExchangeNetworkError)
    expect(error).toMatchObject({ kind: 'timeout', code: 'ETIMEDOUT', message: 'HTTP 503: the response body did not finish within 250 ms' })
    expect(cancelled.reason).toBe(error)
  })

  it('without a timeout (false) waits as long as the body takes', async () => {
    let push!: () => void
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('slow'))
        push = () => (controller.enqueue(encoder.encode(' body')), controller.close())
      },
    })
    const read = readBodyText(respond(stream), 100, false)
    expect(vi.getTimerCount()).toBe(0)
    await vi.advanceTimersByTimeAsync(3_600_000)
    push()
    expect(await read).toBe('slow body')
  })
})

describe("the caller's signal", () => {
  it('already aborted: the read ends at once as an abort, the stream cancelled with the reason', async () => {
    const { stream, cancelled } = body(['{"a"'], 'hang')
    const controller = new AbortController()
    const reason = new Error('caller stopped')
    controller.abort(reason)
    const error = await readBodyText(respond(stream), 100, 1000, controller.signal).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ExchangeNetworkError)
    expect(error).toMatchObject({ kind: 'aborted', message: 'HTTP 200: the response body was aborted' })
    expect(cancelled.reason).toBe(reason)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('aborted during the read: an abort, and the reader lets go of the signal', async () => {
    const { stream } = body(['{"a"'], 'hang')
    const controller = new AbortController()
    const read = readBodyText(respond(stream), 100, 1000, controller.signal).catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(10)
    controller.abort(new Error('caller stopped'))
    expect(await read).toMatchObject({ kind: 'aborted', message: 'HTTP 200: the response body was aborted' })
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0)
  })

  it('a read that ends well lets go of the signal too', async () => {
    const controller = new AbortController()
    expect(await readBodyText(respond(body(['ok']).stream), 100, 1000, controller.signal)).toBe('ok')
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0)
  })
})

describe('a body that breaks off', () => {
  it('is a network error saying so, with what the stream said as its cause', async () => {
    const broken = new TypeError('terminated')
    const error = await readBodyText(respond(body(['{"a"'], broken).stream, {}, 200), 100, 1000).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ExchangeNetworkError)
    expect(error).toMatchObject({ kind: 'network', message: 'HTTP 200: the response body broke off', cause: broken })
    expect(vi.getTimerCount()).toBe(0)
  })
})

describe("the client's default limit (maxResponseBytes): 16 MiB", () => {
  const MiB = 1024 * 1024
  const answering = (declared: number) => (async () => respond(body(['{"success":true,"data":1,"error":null}']).stream, { 'content-length': String(declared) })) as typeof globalThis.fetch

  it('an answer declared one byte over it is refused before reading', async () => {
    const client = new ExchangeClient({ baseUrl: 'https://api.example.test', fetch: answering(16 * MiB + 1), retry: false })
    await expect(client.request({ method: 'GET', path: '/api/v1/perp/markets' })).rejects.toMatchObject({
      kind: 'response',
      message: `HTTP 200: the body is ${16 * MiB + 1} bytes, over the ${16 * MiB}-byte limit (maxResponseBytes)`,
    })
  })

  it('one declared at exactly the limit is read', async () => {
    const client = new ExchangeClient({ baseUrl: 'https://api.example.test', fetch: answering(16 * MiB), retry: false })
    expect(await client.request({ method: 'GET', path: '/api/v1/perp/markets' })).toBe(1)
  })
})
