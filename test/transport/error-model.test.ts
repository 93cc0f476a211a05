import { describe, expect, it } from 'vitest'
import { ExchangeApiError, ExchangeClient, ExchangeResponseError, isExchangeError } from '../../src/index.ts'
import { errorResponse, fetchDouble, hangingFetch } from '../support/fetch-double.ts'
import { SPEC_AUTH_CODES } from '../spec/spec-facts.ts'

const baseUrl = 'https://api.example.test'
const get = (fetch: typeof globalThis.fetch, options: Record<string, unknown> = {}) =>
  new ExchangeClient({ baseUrl, fetch, retry: false, ...options }).request({ method: 'GET', path: '/api/v1/perp/markets' }).catch((e: unknown) => e)

describe('every answer that is not a success becomes a typed error', () => {
  // The spec's codes (the fixture), not the SDK's table: a permission code is PERM_*, the others AUTH_*.
  // The spec shows no HTTP status; the real service's clients see 401 and 403 (real-service.md §1.2).
  it.each(SPEC_AUTH_CODES.map((code) => [code.name, code.number] as const))('classifies the spec code %s (%d)', async (code, codeNum) => {
    const kind = code.startsWith('PERM_') ? 'permission' : 'auth'
    const status = kind === 'permission' ? 403 : 401
    const error = await get(fetchDouble(errorResponse(status, code, codeNum)).fetch)
    expect(error).toBeInstanceOf(ExchangeApiError)
    expect(error).toMatchObject({ status, code, codeNum, requestId: 'req-err', kind })
    expect(isExchangeError(error, kind)).toBe(true)
  })

  it('classifies by the number when the status says nothing (a 400 carrying 11003, a 400 carrying 11102)', async () => {
    expect(await get(fetchDouble(errorResponse(400, 'AUTH_INVALID_SIGNATURE', 11003)).fetch)).toMatchObject({ kind: 'auth' })
    expect(await get(fetchDouble(errorResponse(400, 'PERM_NO_READ', 11102)).fetch)).toMatchObject({ kind: 'permission' })
  })

  it('tells a rate limit apart', async () => {
    const error = await get(fetchDouble(errorResponse(429, 'RATE_LIMITED', 10029)).fetch)
    expect(error).toMatchObject({ kind: 'rate-limit', status: 429 })
  })

  it('reads details.reason when the service gives one', async () => {
    const body = JSON.stringify({ success: false, error: { code: 'REQ_INVALID_PARAMS', codeNum: 10002, message: 'bad', details: { reason: 'leverage above 2x' } } })
    const error = await get(fetchDouble(new Response(body, { status: 400 })).fetch)
    expect(error).toMatchObject({ kind: 'api', code: 'REQ_INVALID_PARAMS', details: { reason: 'leverage above 2x' } })
    expect((error as Error).message).toContain('leverage above 2x')
  })

  it('treats a 200 with success: false as an error with its status', async () => {
    const body = JSON.stringify({ success: false, error: { code: 'SOMETHING', codeNum: 19999, message: 'no' } })
    expect(await get(fetchDouble(new Response(body, { status: 200 })).fetch)).toMatchObject({ status: 200, code: 'SOMETHING', codeNum: 19999 })
  })

  it('keeps an unknown error code as it came', async () => {
    const error = await get(fetchDouble(errorResponse(418, 'TEAPOT_MODE', 77777)).fetch)
    expect(error).toMatchObject({ kind: 'api', code: 'TEAPOT_MODE', codeNum: 77777, status: 418 })
  })

  it.each([
    ['HTML from a proxy', new Response('<html><body>502 Bad Gateway</body></html>', { status: 502, headers: { 'content-type': 'text/html' } }), /HTML/],
    ['truncated JSON', new Response('{"success":true,"data":{"a":', { status: 200 }), /not JSON/],
    ['an empty body', new Response('', { status: 200 }), /empty body/],
    ['JSON that is not the envelope', new Response('[1,2,3]', { status: 200 }), /envelope/],
  ])('turns %s into a response error with the HTTP status', async (_, response, message) => {
    const error = await get(fetchDouble(response).fetch)
    expect(error).toBeInstanceOf(ExchangeResponseError)
    expect((error as ExchangeResponseError).status).toBe(response.status)
    expect((error as Error).message).toMatch(message)
  })

  it('refuses a body over the size limit', async () => {
    const huge = new Response(JSON.stringify({ success: true, data: 'x'.repeat(2048) }), { status: 200 })
    const error = await get(fetchDouble(huge).fetch, { maxResponseBytes: 1024 })
    expect(error).toMatchObject({ kind: 'response', status: 200 })
  })

  it('times out a server that never answers', async () => {
    expect(await get(hangingFetch, { timeoutMs: 20 })).toMatchObject({ kind: 'timeout' })
  })

  it('times out a body that stalls after the headers', async () => {
    const stalled = new Response(new ReadableStream({ start(controller) { controller.enqueue(new TextEncoder().encode('{"succ')) } }), { status: 200 })
    expect(await get(fetchDouble(stalled).fetch, { timeoutMs: 30 })).toMatchObject({ kind: 'timeout', code: 'ETIMEDOUT' })
  })

  it('honours the caller\'s AbortSignal', async () => {
    const controller = new AbortController()
    const pending = new ExchangeClient({ baseUrl, fetch: hangingFetch }).request({ method: 'GET', path: '/x', signal: controller.signal }).catch((e: unknown) => e)
    controller.abort()
    expect(await pending).toMatchObject({ kind: 'aborted' })
  })
})
