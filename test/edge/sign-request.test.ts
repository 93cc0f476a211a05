// signRequest: a fetch Request built outside the client, signed, accepted by the reference exchange
// behind a path prefix, and its signature checked here with node:crypto (not with the SDK's code).
import { createHmac } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { ExchangeCore, ExchangeValidationError, withKey } from '../../src/index.ts'
import { signRequest } from '../../src/sign-request.ts'
import { startLocalExchange } from '../support/local-exchange.ts'
import { startTrap } from '../support/loopback-proxy.ts'
import { TEST_KEYS } from '../support/seed.ts'

const { exchange, url: exchangeUrl } = await startLocalExchange()
const key = TEST_KEYS.trader

interface Seen { method: string; url: string; headers: Record<string, string | string[] | undefined>; body: string; hmacOk: boolean }
const seen: Seen[] = []

/** Serves the exchange under /prefix: records each request, checks its signature independently, strips the prefix and forwards. */
const gateway = createServer((request, response) => {
  const chunks: Buffer[] = []
  request.on('data', (chunk: Buffer) => chunks.push(chunk))
  request.on('end', async () => {
    const body = Buffer.concat(chunks).toString('utf8')
    const path = request.url!.replace(/^\/prefix/, '')
    const payload = `${request.headers['x-timestamp']}${request.method}${path.split('?')[0]}${body}`
    const expected = createHmac('sha256', key.secretKey).update(payload, 'utf8').digest('hex')
    seen.push({ method: request.method!, url: request.url!, headers: request.headers, body, hmacOk: expected === request.headers['x-signature'] })
    const headers = Object.entries(request.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name)) as [string, string][]
    const answer = await fetch(exchangeUrl + path, { method: request.method, headers, body: body === '' ? undefined : body })
    response.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text())
  })
})
await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve))
afterAll(() => new Promise<void>((resolve) => gateway.close(() => resolve())))
const base = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/prefix`

const send = async (request: Request) => {
  const answer = await fetch(request)
  return { status: answer.status, envelope: (await answer.json()) as { success: boolean; data: any; error: unknown } }
}

describe('signRequest of a Request built by another HTTP client', () => {
  it('signs a GET with a query, a POST with a body and a DELETE with a body: the exchange accepts each, node:crypto verifies each', async () => {
    const credentials = { apiKey: key.apiKey, secretKey: key.secretKey }
    const order = { market: 'BTC-USDC', side: 'buy', type: 'limit', size: '0.01', price: '60000', clientOrderId: 'signreq-1' }
    const placed = await send(await signRequest(new Request(`${base}/api/v1/perp/orders`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(order) }), credentials))
    expect(placed).toMatchObject({ status: 200, envelope: { success: true, data: { clientOrderId: 'signreq-1' } } })

    const listed = await send(await signRequest(new Request(`${base}/api/v1/perp/orders?market=BTC-USDC&clientOrderId=signreq-1`), credentials))
    expect(listed.envelope.success).toBe(true)
    expect(JSON.stringify(listed.envelope.data)).toContain('signreq-1')

    const cancelBody = JSON.stringify({ order_ids: [placed.envelope.data.orderId] })
    const cancelled = await send(await signRequest(new Request(`${base}/api/v1/perp/orders/batch`, { method: 'DELETE', headers: { 'content-type': 'application/json' }, body: cancelBody }), credentials))
    expect(cancelled.envelope.error).toBe(null)
    expect(cancelled).toMatchObject({ status: 200, envelope: { success: true, data: { cancelledCount: 1 } } })

    expect(seen.map((s) => [s.method, s.url, s.hmacOk])).toEqual([
      ['POST', '/prefix/api/v1/perp/orders', true],
      ['GET', '/prefix/api/v1/perp/orders?market=BTC-USDC&clientOrderId=signreq-1', true],
      ['DELETE', '/prefix/api/v1/perp/orders/batch', true],
    ])
    // The body went out as it came in, byte for byte.
    expect(seen[0]!.body).toBe(JSON.stringify(order))
    expect(seen[2]!.body).toBe(cancelBody)
    expect(seen[0]!.headers['x-api-key']).toBe(key.apiKey)
  })

  it("signs with a client's key and its memory of timestamps: an identical request never gets a timestamp the client used", async () => {
    const fixed = Date.now()
    const core = withKey(new ExchangeCore({ baseUrl: base, now: () => fixed, monotonicNow: () => 0, retry: false }), { apiKey: key.apiKey, secretKey: key.secretKey })
    const first = await signRequest(new Request(`${base}/api/v1/account/overview`), core)
    const second = await signRequest(new Request(`${base}/api/v1/account/overview`), core)
    await core.request({ method: 'GET', path: '/api/v1/account/overview' })
    const stamps = [first.headers.get('x-timestamp'), second.headers.get('x-timestamp'), seen.at(-1)!.headers['x-timestamp']]
    expect(stamps).toEqual([String(fixed), String(fixed + 1), String(fixed + 2)])
    expect((await send(second)).envelope.success).toBe(true)
    expect(seen.at(-1)!.hmacOk).toBe(true)
  })

  it('keeps every other part of the request: signal, content-type, a body with a byte-order mark and non-ASCII text', async () => {
    const body = '\uFEFF{"note":"größe 💹"}'
    const signal = new AbortController().signal
    const signed = await signRequest(new Request(`${base}/api/v1/perp/orders`, { method: 'PUT', headers: { 'content-type': 'application/json', 'x-trace': 'abc' }, body, signal }), { apiKey: key.apiKey, secretKey: key.secretKey })
    expect(signed.headers.get('x-trace')).toBe('abc')
    expect(new Uint8Array(await signed.clone().arrayBuffer())).toEqual(new TextEncoder().encode(body))
    const payload = `${signed.headers.get('x-timestamp')}PUT/api/v1/perp/orders${body}`
    expect(signed.headers.get('x-signature')).toBe(createHmac('sha256', key.secretKey).update(payload, 'utf8').digest('hex'))
  })

  it('refuses, typed and before any I/O, a URL outside /api/v1/, a body already read, another method, a body that is not UTF-8, and a client without credentials', async () => {
    const trap = await startTrap()
    const credentials = { apiKey: key.apiKey, secretKey: key.secretKey }
    const refusal = async (request: Request, signer: object = credentials) => {
      const error = await signRequest(request, signer).then(() => undefined, (caught: unknown) => caught)
      expect(error).toBeInstanceOf(ExchangeValidationError)
      return (error as ExchangeValidationError).field
    }
    expect(await refusal(new Request(`${trap.url}/health`))).toBe('url')
    expect(await refusal(new Request(`${trap.url}/api/v2/perp/orders`))).toBe('url')
    const used = new Request(`${trap.url}/api/v1/perp/orders`, { method: 'POST', body: '{}' })
    await used.text()
    expect(await refusal(used)).toBe('body')
    expect(await refusal(new Request(`${trap.url}/api/v1/perp/orders`, { method: 'PATCH', body: '{}' }))).toBe('method')
    expect(await refusal(new Request(`${trap.url}/api/v1/perp/orders`, { method: 'HEAD' }))).toBe('method')
    expect(await refusal(new Request(`${trap.url}/api/v1/perp/orders`, { method: 'POST', body: new Uint8Array([0xff, 0xfe, 0x41]) }))).toBe('body')
    expect(await refusal(new Request(`${trap.url}/api/v1/perp/orders`), new ExchangeCore({ baseUrl: trap.url }))).toBe('apiKey')
    expect(await refusal(new Request(`${trap.url}/api/v1/perp/orders`), {})).toBe('apiKey')
    expect(trap.recorded).toEqual([])
  })

  it('never shows the secret in a refusal', async () => {
    const error = await signRequest(new Request('http://127.0.0.1:1/elsewhere'), { apiKey: key.apiKey, secretKey: key.secretKey }).catch((caught: Error) => caught)
    expect(`${(error as Error).message}${(error as Error).stack}${JSON.stringify(error)}`).not.toContain(key.secretKey)
    expect(exchange).toBeDefined()
  })
})
