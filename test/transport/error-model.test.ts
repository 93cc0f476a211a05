import { describe, expect, it } from 'vitest'
import { AUTH_ERROR_CODES, ExchangeApiError, ExchangeClient, ExchangeResponseError, isExchangeError } from '../../src/index.ts'
import { errorResponse, fetchDouble, hangingFetch } from '../support/fetch-double.ts'

const baseUrl = 'https://api.example.test'
const get = (fetch: typeof globalThis.fetch, options: Record<string, unknown> = {}) =>
  new ExchangeClient({ baseUrl, fetch, retry: false, ...options }).request({ method: 'GET', path: '/api/v1/perp/markets' }).catch((e: unknown) => e)

describe('every answer that is not a success becomes a typed error', () => {
  it.each(Object.entries(AUTH_ERROR_CODES))('knows %s by name and number', async (code, codeNum) => {
    const status = codeNum >= 11100 ? 403 : 401
    const error = await get(fetchDouble(errorResponse(status, code, codeNum)).fetch)
    expect(error).toBeInstanceOf(ExchangeApiError)
    expect(error).toMatchObject({ status, code, codeNum, requestId: 'req-err', kind: codeNum >= 11100 ? 'permission' : 'auth' })
    expect(isExchangeError(error, codeNum >= 11100 ? 'permission' : 'auth')).toBe(true)
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
    expect(await get(fetchDouble(stalled).fetch, { timeoutMs: 30 })).toMatchObject({ kind: 'timeout' })
  })

  it('honours the caller\'s AbortSignal', async () => {
    const controller = new AbortController()
    const pending = new ExchangeClient({ baseUrl, fetch: hangingFetch }).request({ method: 'GET', path: '/x', signal: controller.signal }).catch((e: unknown) => e)
    controller.abort()
    expect(await pending).toMatchObject({ kind: 'aborted' })
  })
})
