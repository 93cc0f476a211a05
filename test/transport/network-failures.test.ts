// A failure to reach the service names where the call went (method, host, port, path, never the
// query) and why, with the cause's code, over real loopback sockets: a closed port, a server that
// resets or drops the connection, a name that cannot resolve, a TLS server with a self-signed cert.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer as createHttpsServer } from 'node:https'
import { createServer as createTcpServer, type AddressInfo, type Server, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ExchangeClient, ExchangeNetworkError, OrderOutcomeUnknownError } from '../../src/index.ts'
import { failure } from '../support/failure.ts'

const MARKETS = '/api/v1/perp/markets'
const ORDERS = '/api/v1/perp/orders'
const servers: Server[] = []
const sockets: Socket[] = []

function listen(server: Server): Promise<number> {
  servers.push(server)
  server.on('connection', (socket: Socket) => sockets.push(socket))
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)))
}

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createTcpServer()
  const port = await listen(server)
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** Reads the request, then answers with a TCP reset (or just closes, for `'close'`). */
function droppingServer(how: 'reset' | 'close'): Promise<number> {
  return listen(createTcpServer((socket) => socket.once('data', () => (how === 'reset' ? socket.resetAndDestroy() : socket.destroy()))))
}

/** An HTTPS server whose certificate, made now by openssl, is signed by itself. */
function selfSignedServer(): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'self-signed-'))
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' })
    const tls = { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }
    return listen(createHttpsServer(tls, (_, response) => response.end('{}')) as unknown as Server)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const client = (baseUrl: string) => new ExchangeClient({ baseUrl, retry: false, timeoutMs: 20_000 })
const read = (baseUrl: string) => failure(client(baseUrl).request({ method: 'GET', path: MARKETS, query: { market: 'BTC-USDC', cursor: 'c-42' } }))
const write = (baseUrl: string) => failure(client(baseUrl).request({ method: 'POST', path: ORDERS, body: { market: 'BTC-USDC' }, query: { dryRun: 'q-1' } }))

let refusedPort: number
let resetPort: number
let closingPort: number
let tlsPort: number

beforeAll(async () => {
  ;[refusedPort, resetPort, closingPort, tlsPort] = await Promise.all([closedPort(), droppingServer('reset'), droppingServer('close'), selfSignedServer()])
})

afterAll(async () => {
  for (const socket of sockets) socket.destroy()
  await Promise.all(servers.filter((server) => server.listening).map((server) => new Promise((resolve) => server.close(resolve))))
})

describe('a network failure says where and why', () => {
  it('a refused connection: method, host, port, path and ECONNREFUSED, never the query', async () => {
    const error = await read(`http://127.0.0.1:${refusedPort}`)
    expect(error).toBeInstanceOf(ExchangeNetworkError)
    expect(error).toMatchObject({ kind: 'network', code: 'ECONNREFUSED' })
    expect((error as Error).message).toBe(`GET 127.0.0.1:${refusedPort} ${MARKETS} failed: connection refused (ECONNREFUSED)`)
  })

  it('a refused write is a plain network error (nothing left), never an unknown outcome', async () => {
    const error = await write(`http://127.0.0.1:${refusedPort}`)
    expect(error).toBeInstanceOf(ExchangeNetworkError)
    expect((error as Error).message).toBe(`POST 127.0.0.1:${refusedPort} ${ORDERS} failed: connection refused (ECONNREFUSED)`)
  })

  it.each([6000, 1])('a write to a port fetch refuses (%d, a "bad port"): a plain network error saying it was never sent', async (port) => {
    const error = await write(`http://127.0.0.1:${port}`)
    expect(error).toBeInstanceOf(ExchangeNetworkError)
    expect(error).toMatchObject({ kind: 'network', code: 'ERR_UNSAFE_PORT' })
    expect((error as Error).message).toBe(`POST 127.0.0.1:${port} ${ORDERS} failed: never sent: a port fetch refuses (ERR_UNSAFE_PORT)`)
  })

  it('the base URL\'s own path prefix is part of the path named', async () => {
    const error = await read(`http://127.0.0.1:${refusedPort}/gateway`)
    expect((error as Error).message).toBe(`GET 127.0.0.1:${refusedPort} /gateway${MARKETS} failed: connection refused (ECONNREFUSED)`)
  })

  it.each([['reset', () => resetPort], ['close', () => closingPort]] as const)('a server that drops the connection (%s): ECONNRESET', async (_, port) => {
    const error = await read(`http://127.0.0.1:${port()}`)
    expect(error).toMatchObject({ kind: 'network', code: 'ECONNRESET' })
    expect((error as Error).message).toBe(`GET 127.0.0.1:${port()} ${MARKETS} failed: connection reset (ECONNRESET)`)
  })

  it('a write whose connection dropped after it left: an unknown outcome, caused by the named network error', async () => {
    const error = await write(`http://127.0.0.1:${resetPort}`)
    expect(error).toBeInstanceOf(OrderOutcomeUnknownError)
    const cause = (error as Error).cause
    expect(cause).toBeInstanceOf(ExchangeNetworkError)
    expect(cause).toMatchObject({ code: 'ECONNRESET', message: `POST 127.0.0.1:${resetPort} ${ORDERS} failed: connection reset (ECONNRESET)` })
  })

  it('a host name that does not resolve (.invalid, offline too): ENOTFOUND, without waiting for a timeout', async () => {
    const error = await read('https://exchange.invalid')
    expect(error).toMatchObject({ kind: 'network', code: 'ENOTFOUND' })
    expect((error as Error).message).toBe(`GET exchange.invalid:443 ${MARKETS} failed: host name not found (ENOTFOUND)`)
  })

  it('a TLS server with a self-signed certificate: DEPTH_ZERO_SELF_SIGNED_CERT, and a write is known unsent', async () => {
    const error = await read(`https://127.0.0.1:${tlsPort}`)
    expect(error).toMatchObject({ kind: 'network', code: 'DEPTH_ZERO_SELF_SIGNED_CERT' })
    expect((error as Error).message).toBe(`GET 127.0.0.1:${tlsPort} ${MARKETS} failed: TLS certificate rejected (DEPTH_ZERO_SELF_SIGNED_CERT)`)
    // TLS refused the server before the request was written: nothing can have been applied.
    expect(await write(`https://127.0.0.1:${tlsPort}`)).toBeInstanceOf(ExchangeNetworkError)
  })

  it('the call\'s total limit (totalTimeoutMs) names the endpoint too, with ETIMEDOUT', async () => {
    const silent = await listen(createTcpServer(() => undefined))
    const error = await failure(new ExchangeClient({ baseUrl: `http://127.0.0.1:${silent}`, retry: false, timeoutMs: 10_000, totalTimeoutMs: 50 }).request({ method: 'GET', path: MARKETS, query: { q: 'hidden' } }))
    expect(error).toMatchObject({ kind: 'timeout', code: 'ETIMEDOUT' })
    expect((error as Error).message).toBe(`GET 127.0.0.1:${silent} ${MARKETS} did not finish within 50 ms (totalTimeoutMs)`)
  })

  it('a timeout names the endpoint and the limit, with ETIMEDOUT', async () => {
    const silent = await listen(createTcpServer(() => undefined))
    const error = await failure(new ExchangeClient({ baseUrl: `http://127.0.0.1:${silent}`, retry: false, timeoutMs: 50 }).request({ method: 'GET', path: MARKETS, query: { q: 'hidden' } }))
    expect(error).toMatchObject({ kind: 'timeout', code: 'ETIMEDOUT' })
    expect((error as Error).message).toBe(`GET 127.0.0.1:${silent} ${MARKETS} got no answer within 50 ms (timeoutMs)`)
  })
})
