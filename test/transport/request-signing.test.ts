import { describe, expect, it } from 'vitest'
import { MAX_LEAD_MS } from '../../src/auth/stamper.ts'
import { ExchangeClient } from '../../src/index.ts'
import { envelopeResponse, fetchDouble } from '../support/fetch-double.ts'
import { hmac } from '../support/raw-request.ts'
import { expectSignedAsSent } from '../support/signed-as-sent.ts'

const apiKey = `1024_${'a1'.repeat(32)}`
const secretKey = 'b2'.repeat(32)
const baseUrl = 'https://api.example.test'

function client(fetch: typeof globalThis.fetch) {
  return new ExchangeClient({ baseUrl, apiKey, secretKey, fetch })
}

describe('what is signed is exactly what is sent', () => {
  it('signs a GET with no body and sends no Content-Type', async () => {
    const { fetch, sent } = fetchDouble(envelopeResponse({ ok: true }))
    await client(fetch).request({ method: 'GET', path: '/api/v1/account/overview' })
    expectSignedAsSent(sent[0]!, { apiKey, secretKey })
    expect(sent[0]!.body).toBe('')
    expect(sent[0]!.headers.has('content-type')).toBe(false)
  })

  it('uppercases the method on the wire and in the payload', async () => {
    const { fetch, sent } = fetchDouble(envelopeResponse({}))
    // @ts-expect-error lowercase, as an untyped caller writes it
    await client(fetch).request({ method: 'post', path: '/api/v1/perp/orders', body: { a: 1 } })
    expect(sent[0]!.method).toBe('POST')
    expectSignedAsSent(sent[0]!, { apiKey, secretKey })
  })

  it('serializes an object body once, compactly, and signs those bytes', async () => {
    const { fetch, sent } = fetchDouble(envelopeResponse({}))
    const body = { market: 'BTC-USDC', side: 'buy', size: '0.01', nested: { list: [1, 2] } }
    await client(fetch).request({ method: 'POST', path: '/api/v1/perp/orders', body })
    expect(sent[0]!.body).toBe(JSON.stringify(body))
    expect(sent[0]!.headers.get('content-type')).toBe('application/json')
    expectSignedAsSent(sent[0]!, { apiKey, secretKey })
  })

  it('sends and signs a string body verbatim', async () => {
    const { fetch, sent } = fetchDouble(envelopeResponse({}))
    const raw = '{ "market" : "BTC-USDC" }'
    await client(fetch).request({ method: 'POST', path: '/api/v1/perp/orders', body: raw })
    expect(sent[0]!.body).toBe(raw)
    expectSignedAsSent(sent[0]!, { apiKey, secretKey })
  })

  it.each(['DELETE', 'PUT'] as const)('signs and sends the body of %s', async (method) => {
    const { fetch, sent } = fetchDouble(envelopeResponse({}))
    await client(fetch).request({ method, path: '/api/v1/perp/orders/batch', body: { order_ids: ['1', '2'] } })
    expect(sent[0]!.body).toBe('{"order_ids":["1","2"]}')
    expectSignedAsSent(sent[0]!, { apiKey, secretKey })
  })

  it('sends the query string and never signs it', async () => {
    const { fetch, sent } = fetchDouble(envelopeResponse([]))
    await client(fetch).request({ method: 'GET', path: '/api/v1/perp/orders?status=open', query: { market: 'BTC-USDC', limit: 5, tags: ['a', 'b'], skip: undefined } })
    expect(sent[0]!.url.search).toBe('?status=open&market=BTC-USDC&limit=5&tags=a&tags=b')
    expectSignedAsSent(sent[0]!, { apiKey, secretKey })
  })

  it('signs the percent-encoded path byte for byte as it goes on the wire', async () => {
    const { fetch, sent } = fetchDouble(envelopeResponse({}))
    await client(fetch).request({ method: 'GET', path: `/api/v1/spot/tokens/${encodeURIComponent('wé ird')}` })
    expect(sent[0]!.url.pathname).toBe('/api/v1/spot/tokens/w%C3%A9%20ird')
    expectSignedAsSent(sent[0]!, { apiKey, secretKey })
  })

  it('signs the normalised path when the caller gives one the URL parser rewrites', async () => {
    const { fetch, sent } = fetchDouble(envelopeResponse({}))
    await client(fetch).request({ method: 'GET', path: '/api/v1/x y' })
    expect(sent[0]!.url.pathname).toBe('/api/v1/x%20y')
    expectSignedAsSent(sent[0]!, { apiKey, secretKey })
  })

  it('sends unsigned requests without credential headers when auth is false', async () => {
    const { fetch, sent } = fetchDouble(envelopeResponse({ serverTime: 1 }))
    await client(fetch).request({ method: 'GET', path: '/api/v1/system/time', auth: false })
    expect(sent[0]!.headers.has('x-signature')).toBe(false)
    expect(sent[0]!.headers.has('x-api-key')).toBe(false)
  })

  it('gives two identical requests started together different timestamps and signatures', async () => {
    const { fetch, sent } = fetchDouble(envelopeResponse({}))
    const c = client(fetch)
    await Promise.all(Array.from({ length: 20 }, () => c.request({ method: 'GET', path: '/api/v1/account/overview' })))
    expect(new Set(sent.map((s) => s.headers.get('x-signature'))).size).toBe(20)
    expect(new Set(sent.map((s) => s.headers.get('x-timestamp'))).size).toBe(20)
    for (const request of sent) expectSignedAsSent(request, { apiKey, secretKey })
  })

  it('uses a custom sign function (a backend signer) instead of a secret', async () => {
    const { fetch, sent } = fetchDouble(envelopeResponse({}))
    const payloads: string[] = []
    const remote = new ExchangeClient({
      baseUrl, apiKey, fetch,
      sign: async (payload) => {
        payloads.push(payload)
        return hmac(secretKey, payload)
      },
    })
    await remote.request({ method: 'POST', path: '/api/v1/perp/orders', body: { a: 1 } })
    expect(payloads[0]).toBe(`${sent[0]!.headers.get('x-timestamp')}POST/api/v1/perp/orders{"a":1}`)
    expectSignedAsSent(sent[0]!, { apiKey, secretKey })
  })

  it('resolves to the envelope data and learns the server clock from the meta.timestamp of a signed answer', async () => {
    const serverTime = Date.now() + 20_000
    const { fetch } = fetchDouble(envelopeResponse({ balance: '10' }, { serverTime }))
    const c = client(fetch)
    expect(await c.request({ method: 'GET', path: '/api/v1/account/overview' })).toEqual({ balance: '10' })
    expect(Math.abs(c.clock.offsetMs - 20_000)).toBeLessThan(1_000)
  })

  it('learns nothing from a public answer (a cache may hold it) nor from a signed one further off than the service accepted', async () => {
    const { fetch } = fetchDouble(envelopeResponse({}, { serverTime: Date.now() + 20_000 }), envelopeResponse({}, { serverTime: Date.now() + 120_000 }))
    const c = client(fetch)
    await c.request({ method: 'GET', path: '/api/v1/perp/markets', auth: false })
    expect(c.clock.synced).toBe(false)
    // Accepted with a timestamp from the local clock: the server's clock cannot be two minutes off it.
    await c.request({ method: 'GET', path: '/api/v1/account/overview' })
    expect(c.clock.synced).toBe(false)
  })
})

describe('a flood of identical signed requests', () => {
  it('never sends a timestamp more than MAX_LEAD_MS ahead of the clock', async () => {
    const leads: number[] = []
    const { fetch } = fetchDouble((s) => {
      leads.push(Number(s.headers.get('x-timestamp')) - Date.now())
      return envelopeResponse({})
    })
    const c = client(fetch)
    const flood = MAX_LEAD_MS + 300
    await Promise.all(Array.from({ length: flood }, () => c.request({ method: 'GET', path: '/api/v1/account/overview' })))
    expect(leads).toHaveLength(flood)
    expect(Math.max(...leads)).toBeLessThanOrEqual(MAX_LEAD_MS + 5)
  })
})
