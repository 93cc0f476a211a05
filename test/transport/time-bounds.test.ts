// Time is bounded: one attempt (its body read included) within timeoutMs, a whole call (retries,
// waits, signing) within totalTimeoutMs, and a wait hint that cannot be honoured in time fails at
// once. Elapsed times are read from vitest's fake clock, never from the wall clock.
import { createServer, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ExchangeClient } from '../../src/index.ts'
import { envelopeResponse, errorResponse, fetchDouble, hangingFetch } from '../support/fetch-double.ts'

const baseUrl = 'https://api.example.test'
const apiKey = `1024_${'a1'.repeat(32)}`
const secretKey = 'b2'.repeat(32)
const read = { method: 'GET', path: '/api/v1/perp/markets' } as const

/** Advances the fake clock until the call settles (or `maxMs` passes); says what it settled to and when. */
async function settle(call: Promise<unknown>, maxMs = 120_000) {
  let outcome: { value?: unknown; error?: unknown } | undefined
  call.then((value) => (outcome = { value }), (error: unknown) => (outcome = { error }))
  const start = Date.now()
  await vi.advanceTimersByTimeAsync(0)
  while (!outcome && Date.now() - start < maxMs) await vi.advanceTimersByTimeAsync(5)
  return { ...outcome, settled: outcome !== undefined, elapsedMs: Date.now() - start }
}

/** Headers after `headersAfterMs`, then a body that never finishes. */
const slowHeadersThenStall = (headersAfterMs: number) => fetchDouble(async () => {
  await new Promise((resolve) => setTimeout(resolve, headersAfterMs))
  return new Response(new ReadableStream({ start: (controller) => controller.enqueue(new TextEncoder().encode('{"succ')) }), { status: 200 })
})

describe('time bounds (fake clock)', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('one attempt, body read included, ends within timeoutMs (not timeoutMs again for the body)', async () => {
    const { fetch } = slowHeadersThenStall(150)
    const result = await settle(new ExchangeClient({ baseUrl, fetch, retry: false, timeoutMs: 200 }).request(read))
    expect(result.error).toMatchObject({ kind: 'timeout' })
    expect(result.elapsedMs).toBeLessThanOrEqual(200)
  })

  it('totalTimeoutMs bounds a call whatever its retries', async () => {
    let attempts = 0
    const fetch: typeof globalThis.fetch = (input, init) => (attempts++, hangingFetch(input, init))
    const client = new ExchangeClient({ baseUrl, fetch, timeoutMs: 100, totalTimeoutMs: 250, retry: { limit: 10, backoffLimitMs: 1 } })
    const result = await settle(client.request(read))
    expect(result.error).toMatchObject({ kind: 'timeout' })
    expect((result.error as Error).message).toContain('totalTimeoutMs')
    expect(result.elapsedMs).toBeLessThanOrEqual(250)
    expect(attempts).toBe(3) // two attempts timed out, the third was cut by the total
  })

  it('by default a call ends within 3 × timeoutMs', async () => {
    const client = new ExchangeClient({ baseUrl, fetch: hangingFetch, timeoutMs: 100, retry: { limit: 10, backoffLimitMs: 1 } })
    const result = await settle(client.request(read))
    expect(result.error).toMatchObject({ kind: 'timeout' })
    expect(result.elapsedMs).toBeLessThanOrEqual(300)
  })

  it('a sign function that never answers is bounded too', async () => {
    const client = new ExchangeClient({ baseUrl, apiKey, sign: () => new Promise(() => undefined), fetch: hangingFetch, totalTimeoutMs: 500 })
    const result = await settle(client.request({ method: 'GET', path: '/api/v1/account/overview' }))
    expect(result.error).toMatchObject({ kind: 'timeout' })
    expect(result.elapsedMs).toBeLessThanOrEqual(500)
  })

  it.each([
    ['Retry-After: Infinity', { 'retry-after': 'Infinity' }, Number.POSITIVE_INFINITY],
    ['Retry-After: 1e400', { 'retry-after': '1e400' }, Number.POSITIVE_INFINITY],
    ['Retry-After: soon (unreadable)', { 'retry-after': 'soon' }, undefined],
    ['Retry-After beyond the time left', { 'retry-after': '20' }, 20_000],
    ['X-RateLimit-Reset an hour away (epoch seconds)', { 'x-ratelimit-reset': 'HOUR' }, 3_600_000],
  ])('%s is not waited on: the call fails at once with a rate-limit error carrying the hint', async (_, headers, retryAfterMs) => {
    const resolved = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, value === 'HOUR' ? String(Date.now() / 1000 + 3600) : value]))
    const { fetch, sent } = fetchDouble(errorResponse(429, 'RATE_LIMITED', 10029, resolved), envelopeResponse('ok'))
    const client = new ExchangeClient({ baseUrl, fetch, totalTimeoutMs: 10_000 })
    const result = await settle(client.request(read))
    expect(result.error).toMatchObject({ kind: 'rate-limit', status: 429, retryAfterMs })
    expect(sent).toHaveLength(1)
    expect(result.elapsedMs).toBe(0)
  })

  it('a gateway 429 page (no envelope) is a rate-limit error with its hint', async () => {
    const page = new Response('<html>Too Many Requests</html>', { status: 429, headers: { 'content-type': 'text/html', 'retry-after': '120' } })
    const result = await settle(new ExchangeClient({ baseUrl, fetch: fetchDouble(page).fetch, totalTimeoutMs: 10_000 }).request(read))
    expect(result.error).toMatchObject({ kind: 'rate-limit', status: 429, retryAfterMs: 120_000 })
  })

  it('a hint within the time left is waited out, then the call succeeds', async () => {
    const { fetch, sent } = fetchDouble(errorResponse(429, 'RATE_LIMITED', 10029, { 'retry-after': '2' }), envelopeResponse('ok'))
    const result = await settle(new ExchangeClient({ baseUrl, fetch, totalTimeoutMs: 10_000 }).request(read))
    expect(result.value).toBe('ok')
    expect(sent).toHaveLength(2)
    expect(result.elapsedMs).toBeGreaterThanOrEqual(2000)
  })
})

describe('real timers', () => {
  it('the longest timeoutMs timers take does not overflow the default total (a timer past 2^31 - 1 ms fires at once)', async () => {
    // Answers after 20 ms unless the request's signal aborts first, as a real fetch would.
    const fetch: typeof globalThis.fetch = (input) => new Promise((resolve, reject) => {
      const { signal } = input as Request
      const timer = setTimeout(() => resolve(envelopeResponse('ok')), 20)
      signal.addEventListener('abort', () => {
        clearTimeout(timer)
        reject(signal.reason)
      })
    })
    expect(await new ExchangeClient({ baseUrl, fetch, timeoutMs: 2 ** 31 - 1 }).request(read)).toBe('ok')
  })
})

describe('liveness against a real hung server (wall clock, generous bound)', () => {
  it('a server that accepts and never answers: the call settles with a timeout', { timeout: 20_000 }, async () => {
    const sockets = new Set<Socket>()
    const server = createServer((socket) => void sockets.add(socket))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      const error = await new ExchangeClient({ baseUrl: url, timeoutMs: 200, retry: { limit: 100, backoffLimitMs: 1 } }).request(read).catch((caught: unknown) => caught)
      expect(error).toMatchObject({ kind: 'timeout' })
    } finally {
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
