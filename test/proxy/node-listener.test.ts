// exchange-client/proxy/node: signingProxy served through toNodeListener under plain node:http, Express
// (mounted under a prefix) and Fastify, in front of the reference exchange over loopback; a page's client
// with no secret places and cancels an order through each. Then the adapter itself, with plain handlers:
// the body streamed as the handler reads it, the client's going away aborting the Request's signal,
// backpressure on the answer, headers, and a body a parser already read refused, not guessed at.
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import Fastify from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { ExchangeClient } from '../../src/index.ts'
import { signingProxy } from '../../src/proxy.ts'
import { BODY_ALREADY_READ, toNodeListener, type FetchHandler } from '../../src/proxy-node.ts'
import { startLocalExchange } from '../support/local-exchange.ts'
import { TEST_KEYS } from '../support/seed.ts'

const { url: target } = await startLocalExchange()
const key = TEST_KEYS.trader
const proxy = signingProxy({ target, apiKey: key.apiKey, secretKey: key.secretKey, allow: ['public', 'read', 'trade'], authorize: () => true })
const order = { market: 'BTC-USDC', side: 'buy', type: 'limit', size: '0.01', price: '60000' } as const

const closing: (() => Promise<unknown>)[] = []
afterAll(() => Promise.all(closing.map((close) => close())))

/** Listens on a free loopback port until the file ends; resolves to `http://127.0.0.1:<port>`. */
async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  closing.push(() => new Promise((resolve) => {
    server.close(resolve)
    server.closeAllConnections()
  }))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** A page's client at `baseUrl` reads, places an order, finds it open and cancels it. */
async function placeAndCancel(baseUrl: string): Promise<void> {
  const page = new ExchangeClient({ baseUrl, signedBy: 'proxy', retry: false })
  expect((await page.perp.getTicker({ market: 'BTC-USDC' })).market).toBe('BTC-USDC')
  const placed = await page.perp.placeOrder(order)
  expect(placed).toMatchObject({ market: 'BTC-USDC', side: 'buy', status: 'open' })
  const open = await page.perp.listOpenOrders({ market: 'BTC-USDC', limit: 50 })
  expect(open.items.map((item) => item.orderId)).toContain(placed.orderId)
  await page.perp.cancelOrder({ orderId: placed.orderId })
  const after = await page.perp.listOpenOrders({ market: 'BTC-USDC', limit: 50 })
  expect(after.items.map((item) => item.orderId)).not.toContain(placed.orderId)
}

describe('signingProxy through toNodeListener', () => {
  it('under plain node:http (http.createServer(listener))', async () => {
    const url = await listen(createServer(toNodeListener(proxy)))
    await placeAndCancel(url)
  })

  it("under Express, mounted with app.use('/exchange', listener) (req.url stripped of the mount, originalUrl kept)", async () => {
    const app = express()
    const seen: string[] = []
    app.use('/exchange', toNodeListener((request) => (seen.push(new URL(request.url).pathname), proxy(request))))
    const url = await listen(createServer(app))
    await placeAndCancel(`${url}/exchange`)
    expect(seen.length).toBeGreaterThan(0)
    for (const path of seen) expect(path).toMatch(/^\/exchange\/api\/v1\//)
  })

  it('under Fastify: a scope whose content-type parser leaves the body unread, its replies hijacked', async () => {
    const app = Fastify()
    await app.register(async (scope) => {
      // Fastify parses JSON bodies by itself: in this scope nothing is parsed, the listener reads the raw stream.
      scope.removeAllContentTypeParsers()
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null))
      const listener = toNodeListener(proxy)
      scope.all('/exchange/*', (request, reply) => {
        reply.hijack()
        return listener(request.raw, reply.raw)
      })
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    closing.push(() => app.close())
    const { port } = app.server.address() as AddressInfo
    await placeAndCancel(`http://127.0.0.1:${port}/exchange`)
  })

  it('refuses, with a 500 that says why, a body express.json() already parsed: nothing reaches the handler', async () => {
    const app = express()
    let called = 0
    app.use(express.json())
    app.use('/exchange', toNodeListener((request) => (called++, proxy(request))))
    const url = await listen(createServer(app))
    const answer = await fetch(`${url}/exchange/api/v1/perp/orders`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(order) })
    expect(answer.status).toBe(500)
    expect(await answer.text()).toBe(BODY_ALREADY_READ)
    expect(called).toBe(0)
  })

  it('passes on the bytes express.raw() read, as they were', async () => {
    const app = express()
    app.use(express.raw({ type: '*/*' }))
    app.use('/echo', toNodeListener(async (request) => new Response(await request.text())))
    const url = await listen(createServer(app))
    const body = '{"a": 1,  "b":"\u00e9"}'
    const answer = await fetch(`${url}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    expect([answer.status, await answer.text()]).toEqual([200, body])
  })
})

/** Serves a plain fetch handler through the adapter. */
const serving = (handler: FetchHandler) => listen(createServer(toNodeListener(handler)))

/** A raw node:http request, so the test controls when bytes are sent and read. */
function open(url: string, method: string, headers: Record<string, string> = {}) {
  const request = httpRequest(url, { method, headers })
  const response = new Promise<IncomingMessage>((resolve, reject) => request.on('response', resolve).on('error', reject))
  return { request, response }
}

function deferred<T = void>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

describe('toNodeListener, the adapter itself', () => {
  it('streams the request body: the handler reads the first chunk before the client sent the rest', async () => {
    const firstRead = deferred<string>()
    const url = await serving(async (request) => {
      const reader = request.body!.getReader()
      const decoder = new TextDecoder()
      const first = await reader.read()
      firstRead.resolve(decoder.decode(first.value))
      let rest = ''
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += decoder.decode(chunk.value)
      return new Response(`${decoder.decode(first.value)}|${rest}`)
    })
    const { request, response } = open(`${url}/upload`, 'POST', { 'transfer-encoding': 'chunked' })
    request.write('first')
    request.flushHeaders()
    expect(await firstRead.promise).toBe('first')
    request.end('second')
    const answer = await response
    let text = ''
    for await (const chunk of answer) text += chunk
    expect(text).toBe('first|second')
  })

  it("aborts the Request's signal when the client goes away before the answer", async () => {
    const aborted = deferred()
    const arrived = deferred()
    const url = await serving((request) => {
      arrived.resolve()
      request.signal.addEventListener('abort', () => aborted.resolve())
      return new Promise<Response>(() => undefined)
    })
    const { request, response } = open(`${url}/slow`, 'GET')
    response.catch(() => undefined)
    request.end()
    await arrived.promise
    request.destroy()
    await expect(Promise.race([aborted.promise.then(() => 'aborted'), new Promise((r) => setTimeout(() => r('not aborted'), 2000))])).resolves.toBe('aborted')
  })

  it('writes a long answer only as fast as the client reads it (backpressure), and cancels it when the client goes away', async () => {
    const CHUNK = 64 * 1024
    let pulled = 0
    const cancelled = deferred()
    const url = await serving(() => new Response(new ReadableStream<Uint8Array>({
      // 64 MiB in all: without backpressure, all of it is pulled at once.
      pull(controller) {
        pulled += CHUNK
        controller.enqueue(new Uint8Array(CHUNK))
        if (pulled >= 1024 * CHUNK) controller.close()
      },
      cancel: () => cancelled.resolve(),
    }, { highWaterMark: 0 })))
    const { request, response } = open(`${url}/download`, 'GET')
    request.end()
    const answer = await response
    answer.pause()
    await new Promise((resolve) => setTimeout(resolve, 500))
    // A loopback socket's buffers hold a few MB; without backpressure the stream is drained at memory speed.
    expect(pulled).toBeLessThan(32 * 1024 * 1024)
    const before = pulled
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(pulled - before).toBeLessThan(1024 * 1024)
    answer.destroy()
    request.destroy()
    await expect(Promise.race([cancelled.promise.then(() => 'cancelled'), new Promise((r) => setTimeout(() => r('still read'), 2000))])).resolves.toBe('cancelled')
  })

  it('cancels an answer stream that stalls when the client goes away', async () => {
    const cancelled = deferred()
    const url = await serving(() => new Response(new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('head of a long wait'))
      },
      cancel: () => cancelled.resolve(),
    })))
    const { request, response } = open(`${url}/stall`, 'GET')
    request.end()
    const answer = await response
    await new Promise((resolve) => answer.once('data', resolve))
    answer.destroy()
    request.destroy()
    await expect(Promise.race([cancelled.promise.then(() => 'cancelled'), new Promise((r) => setTimeout(() => r('still waiting'), 2000))])).resolves.toBe('cancelled')
  })

  it('passes the headers as sent (repeated ones too, none of one connection) and writes each Set-Cookie apart', async () => {
    let seen: Headers | undefined
    const url = await serving((request) => {
      seen = request.headers
      const headers = new Headers({ 'x-answer': 'yes' })
      headers.append('set-cookie', 'a=1; Path=/')
      headers.append('set-cookie', 'b=2, with a comma; Path=/')
      return new Response('ok', { status: 201, headers })
    })
    const { request, response } = open(`${url}/h?q=1`, 'GET', { 'x-one': 'a', Connection: 'keep-alive' })
    request.setHeader('x-many', ['1', '2'])
    request.end()
    const answer = await response
    answer.resume()
    expect(answer.statusCode).toBe(201)
    expect(answer.headers['x-answer']).toBe('yes')
    expect(answer.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2, with a comma; Path=/'])
    expect(seen?.get('x-one')).toBe('a')
    expect(seen?.get('x-many')).toBe('1, 2')
    expect(seen?.has('connection')).toBe(false)
  })

  it("builds the URL from the Host header, or from the `origin` option, never resolving a '//' target to another host", async () => {
    const urls: string[] = []
    const record: FetchHandler = (request) => (urls.push(request.url), new Response(null, { status: 204 }))
    const url = await serving(record)
    const behindTls = await listen(createServer(toNodeListener(record, { origin: 'https://your.site' })))
    for (const base of [url, behindTls]) {
      const { request, response } = open(`${base}//elsewhere.example/api/v1/system/time`, 'GET')
      request.end()
      ;(await response).resume()
    }
    const port = new URL(url).port
    expect(urls).toEqual([`http://127.0.0.1:${port}//elsewhere.example/api/v1/system/time`, 'https://your.site//elsewhere.example/api/v1/system/time'])
  })

  it('answers a bare 500 when the handler throws, without its message, and tells onError', async () => {
    const errors: unknown[] = []
    const url = await listen(createServer(toNodeListener(() => {
      throw new Error('secret detail')
    }, { onError: (error) => errors.push(error) })))
    const answer = await fetch(`${url}/x`)
    expect([answer.status, await answer.text()]).toEqual([500, 'internal error'])
    expect(errors).toHaveLength(1)
  })
})
