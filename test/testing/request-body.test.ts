// Request bodies at the exchange: a size limit enforced without reading past it (413), and a body
// that starts with a UTF-8 byte order mark refused, one documented way (400), signed or not.
import { describe, expect, it } from 'vitest'
import { createReferenceExchange } from '../../src/testing/index.ts'
import { httpRequest, open, replyOf } from '../reliability/support/raw-socket.ts'
import { startLocalExchange } from '../support/local-exchange.ts'
import { authHeaders, rawRequest } from '../support/raw-request.ts'
import { TEST_KEYS, TEST_SEED } from '../support/seed.ts'

const ONBOARD = '/api/v1/oauth/onboard'
const ORDERS = '/api/v1/perp/orders'
const MiB = 1024 * 1024

/** A body stream of `chunks` chunks of `size` bytes that counts how many were pulled and whether it was cancelled. */
function countingBody(chunks: number, size: number) {
  const seen = { pulled: 0, cancelled: false }
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (seen.pulled === chunks) return controller.close()
      seen.pulled++
      controller.enqueue(new Uint8Array(size).fill(0x20))
    },
    cancel() {
      seen.cancelled = true
    },
  }, { highWaterMark: 0 })
  return { stream, seen }
}

describe('a body over the limit: 413 REQ_TOO_LARGE with the envelope, the rest never read', () => {
  it('the default limit is 1 MiB', () => {
    expect(createReferenceExchange().maxBodyBytes).toBe(MiB)
  })

  it('in process, a stream without a length is cancelled at the first chunk past the limit', async () => {
    const exchange = createReferenceExchange({ maxBodyBytes: 1024 })
    const { stream, seen } = countingBody(1000, 256)
    const response = await exchange.fetch(new Request(`http://x${ONBOARD}`, { method: 'POST', body: stream, duplex: 'half' } as RequestInit))
    expect(response.status).toBe(413)
    expect((await response.json()).error).toMatchObject({ code: 'REQ_TOO_LARGE', codeNum: 10006, details: { limit: 1024 } })
    expect(seen.pulled).toBeLessThanOrEqual(6) // 1024 / 256 + 1, plus one the platform may pull ahead
    expect(seen.cancelled).toBe(true)
  })

  it('in process, a declared length over the limit is refused before any byte is read', async () => {
    const exchange = createReferenceExchange({ maxBodyBytes: 1024 })
    const { stream, seen } = countingBody(1000, 256)
    const request = new Request(`http://x${ONBOARD}`, { method: 'POST', body: stream, duplex: 'half', headers: { 'content-length': String(256_000) } } as RequestInit)
    expect((await exchange.fetch(request)).status).toBe(413)
    expect(seen.pulled).toBeLessThanOrEqual(1)
  })

  it('over HTTP, a declared length over the limit is answered at once, while the sender has sent almost nothing', async () => {
    // A short request timeout: an exchange that waited for the body would answer 408, not 413.
    const { url } = await startLocalExchange({ maxBodyBytes: MiB }, { requestTimeoutMs: 3_000 })
    const socket = await open(url)
    const reply = replyOf(socket)
    socket.write(httpRequest('POST', ORDERS, { 'content-type': 'application/json', 'content-length': String(10 * MiB) }, '{"market":'))
    const { status, body } = await reply
    expect(status).toBe(413)
    expect(JSON.parse(body)).toMatchObject({ success: false, error: { code: 'REQ_TOO_LARGE' }, meta: { requestId: expect.stringMatching(/^req_/) } })
  })

  it('a body at the limit is read', async () => {
    const { url } = await startLocalExchange({ maxBodyBytes: 1024 })
    const atLimit = await rawRequest(url, { method: 'POST', path: ONBOARD, body: `"${'x'.repeat(1022)}"` })
    expect(atLimit.json.error?.code).toBe('REQ_INVALID_PARAMS')
  })
})

describe('a body that starts with a UTF-8 byte order mark', () => {
  const BOM = '\uFEFF'
  const order = '{"market":"BTC-USDC","side":"buy","type":"limit","size":"0.001","price":"60000"}'

  it('is refused with 400 REQ_INVALID_JSON on an open route', async () => {
    const exchange = createReferenceExchange({ seed: TEST_SEED })
    const response = await exchange.fetch(`http://x${ONBOARD}`, { method: 'POST', body: `${BOM}{}` })
    expect(response.status).toBe(400)
    expect((await response.json()).error).toMatchObject({ code: 'REQ_INVALID_JSON', message: expect.stringContaining('byte order mark') })
  })

  it('is refused with 400 even when the signature covers the mark, and places nothing', async () => {
    const exchange = createReferenceExchange({ seed: TEST_SEED })
    const body = BOM + order
    for (const signedBody of [body, order]) {
      const headers = { ...authHeaders({ method: 'POST', path: ORDERS, body, key: TEST_KEYS.full, signed: { body: signedBody } }), 'content-type': 'application/json' }
      const response = await exchange.fetch(`http://x${ORDERS}`, { method: 'POST', body, headers })
      expect(response.status).toBe(400)
      expect((await response.json()).error.code).toBe('REQ_INVALID_JSON')
    }
    expect(exchange.market.orders(TEST_KEYS.full.accountId!).perp).toHaveLength(0)
  })

  it('is accepted without the mark (the same order, signed as sent)', async () => {
    const exchange = createReferenceExchange({ seed: TEST_SEED })
    const headers = { ...authHeaders({ method: 'POST', path: ORDERS, body: order, key: TEST_KEYS.full }), 'content-type': 'application/json' }
    expect((await exchange.fetch(`http://x${ORDERS}`, { method: 'POST', body: order, headers })).status).toBe(200)
  })
})
