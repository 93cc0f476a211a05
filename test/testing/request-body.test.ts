// Request bodies at the exchange: a size limit enforced without reading past it (413), and a body
// that starts with a UTF-8 byte order mark refused, one documented way (400), signed or not.
import { spawn } from 'node:child_process'
import { Agent, request as httpRequestOf } from 'node:http'
import { connect } from 'node:net'
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

describe('an answer sent before the body has arrived: the rest is drained (bounded), so every client reads it', () => {
  const TWO_MB = Buffer.alloc(2 * 1000 * 1000, 0x20)
  const PIECES = 20

  /**
   * A POST with node:http, the body written in 20 pieces (its length declared or not: then it goes
   * chunked); what came back, and any error the client saw while still sending.
   */
  function postWithNodeHttp(url: string, agent: Agent | false, body = TWO_MB, declared = true): Promise<string> {
    return new Promise((resolve) => {
      let answer = 'no answer'
      let failure = ''
      const headers = { 'content-type': 'application/json', ...(declared ? { 'content-length': String(body.length) } : {}) }
      const request = httpRequestOf(`${url}${ORDERS}`, { method: 'POST', agent, headers }, (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => {
          answer = `${response.statusCode} ${JSON.parse(Buffer.concat(chunks).toString()).error?.code}`
        })
      })
      request.on('error', (error: NodeJS.ErrnoException) => {
        failure = ` then ${error.code ?? error.message}`
      })
      request.on('close', () => setTimeout(() => resolve(answer + failure), 5))
      const size = body.length / PIECES
      for (let piece = 0; piece < PIECES; piece++) request.write(body.subarray(piece * size, (piece + 1) * size))
      request.end()
    })
  }

  it('node:http with agent: false reads the 413 of twenty 2 MB POSTs, all twenty, with no error', async () => {
    const { url } = await startLocalExchange()
    const answers: string[] = []
    for (let index = 0; index < 20; index++) answers.push(await postWithNodeHttp(url, false))
    expect(answers).toEqual(Array.from({ length: 20 }, () => '413 REQ_TOO_LARGE'))
  })

  it('node:http with agent: false sending 4 MB without a declared length (cut at the limit) reads the 413 and no EPIPE', async () => {
    const { url } = await startLocalExchange()
    const answers: string[] = []
    for (let index = 0; index < 10; index++) answers.push(await postWithNodeHttp(url, false, Buffer.alloc(4 * 1000 * 1000, 0x20), false))
    expect(answers).toEqual(Array.from({ length: 10 }, () => '413 REQ_TOO_LARGE'))
  })

  it('node:http with a keep-alive agent, fetch and curl read it too', async () => {
    const { url } = await startLocalExchange()
    const agent = new Agent({ keepAlive: true })
    const answers: string[] = []
    for (let index = 0; index < 5; index++) answers.push(await postWithNodeHttp(url, agent))
    agent.destroy()
    for (let index = 0; index < 5; index++) {
      const response = await fetch(`${url}${ORDERS}`, { method: 'POST', body: TWO_MB, headers: { 'content-type': 'application/json' } }).catch((error: Error) => error)
      answers.push(response instanceof Error ? `fetch ${response.message}` : `${response.status} ${(await response.json()).error.code}`)
    }
    // curl in a child process (not spawnSync: this process serves the exchange).
    const curl = spawn('curl', ['-sS', '-o', '/dev/null', '-w', '%{http_code}', '-H', 'content-type: application/json', '--data-binary', '@-', `${url}${ORDERS}`])
    curl.stdin.on('error', () => undefined).end(TWO_MB)
    let written = ''
    curl.stdout.on('data', (chunk: Buffer) => (written += chunk.toString()))
    await new Promise((resolve) => curl.on('close', resolve))
    answers.push(written === '413' ? '413 REQ_TOO_LARGE' : `curl ${written}`)
    expect(answers).toEqual(Array.from({ length: 11 }, () => '413 REQ_TOO_LARGE'))
  })

  /**
   * Sends `head`, then 2 MB in 20 pieces 10 ms apart from a client that goes on sending after the
   * server's FIN (half-open allowed, as curl does); what came back, how many pieces went, the events.
   */
  async function sendSlowly(url: string, head: Buffer) {
    const { hostname, port } = new URL(url)
    const socket = connect({ host: hostname, port: Number(port), allowHalfOpen: true })
    await new Promise((resolve) => socket.once('connect', resolve))
    const events: string[] = []
    let received = ''
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')))
    socket.on('end', () => events.push('end'))
    socket.on('error', (error: NodeJS.ErrnoException) => events.push(`error ${error.code}`))
    const closed = new Promise((resolve) => socket.on('close', resolve))
    socket.write(head)
    let sent = 0
    for (let piece = 0; piece < PIECES && !socket.destroyed; piece++) {
      await new Promise((resolve) => setTimeout(resolve, 10))
      socket.write(TWO_MB.subarray(piece * 100_000, (piece + 1) * 100_000))
      sent++
    }
    socket.end()
    await closed
    return { received, sent, events }
  }

  it.each([
    ['a declared length over the limit (413)', httpRequest('POST', ORDERS, { 'content-type': 'application/json', 'content-length': String(TWO_MB.length) }, ''), 413],
    ['a method no route serves (TRACE, 405)', httpRequest('TRACE', ORDERS, { 'content-length': String(TWO_MB.length) }, ''), 405],
    ['a method Node\'s parser refuses (FOO, 405)', httpRequest('FOO', ORDERS, { 'content-length': String(TWO_MB.length) }, ''), 405],
    ['headers over Node\'s limit (431)', httpRequest('POST', ORDERS, { 'x-big': 'a'.repeat(20_000), 'content-length': String(TWO_MB.length) }, ''), 431],
  ])('%s: the connection stays open while a client that keeps sending sends the rest, and is never reset', async (_, head, status) => {
    const { url } = await startLocalExchange()
    const { received, sent, events } = await sendSlowly(url, head)
    expect(received).toMatch(new RegExp(`^HTTP/1\\.1 ${status} [^]*\\r\\nconnection: close\\r\\n`, 'i'))
    expect({ sent, events }).toEqual({ sent: PIECES, events: ['end'] })
  })

  it('a sender that goes on past the drain\'s bound is cut off, not read for ever', async () => {
    const { url } = await startLocalExchange({}, { requestTimeoutMs: 60_000 })
    const { hostname, port } = new URL(url)
    const socket = connect({ host: hostname, port: Number(port), allowHalfOpen: true }) // goes on after the server's FIN
    await new Promise((resolve) => socket.once('connect', resolve))
    const received: Buffer[] = []
    socket.on('data', (chunk: Buffer) => received.push(chunk))
    socket.on('error', () => undefined)
    const declared = 1000 * MiB
    socket.write(httpRequest('POST', ORDERS, { 'content-type': 'application/json', 'content-length': String(declared) }, ''))
    const sent = await new Promise<number>((resolve) => {
      let written = 0
      const chunk = Buffer.alloc(64 * 1024, 0x20)
      const pump = () => {
        while (!socket.destroyed && written < declared) {
          written += chunk.length
          if (!socket.write(chunk)) return void socket.once('drain', pump)
        }
      }
      socket.on('close', () => resolve(written))
      setTimeout(() => resolve(written), 10_000) // still open: the count so far
      pump()
    })
    socket.destroy()
    expect(Buffer.concat(received).toString('latin1')).toMatch(/^HTTP\/1\.1 413 /)
    expect(sent).toBeLessThan(100 * MiB) // far less than declared: the exchange stopped reading and closed
  }, 20_000)
})
