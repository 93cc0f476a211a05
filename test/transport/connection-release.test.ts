// A call that ends without an answer lets go of its connection: the platform fetch gets the call's
// signal, so a timeout or the caller's abort closes the socket instead of leaving it open to a server
// that never answers (one per call, until the process runs out). Over loopback, with the default fetch.
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ExchangeClient } from '../../src/index.ts'

let url: string
let server: ReturnType<typeof createServer>
/** Resolves when the server sees the next request's connection close. */
let nextClose: Promise<void>
let closed: () => void
const expectClose = () => (nextClose = new Promise<void>((resolve) => (closed = resolve)))

beforeAll(async () => {
  // Never answers: holds every request open until the client lets go.
  server = createServer((request: IncomingMessage) => {
    request.socket.once('close', () => closed())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => {
  server.closeAllConnections()
  server.close(() => resolve())
}))

/** `closing`, or 'still open' after a generous wait (a liveness bound, not a timing). */
const closedWithin = (closing: Promise<void>, ms = 3000) =>
  Promise.race([closing.then(() => 'closed'), new Promise((resolve) => setTimeout(() => resolve('still open'), ms).unref())])

describe('a call that gets no answer', () => {
  it('closes its connection when its attempt times out', async () => {
    const closing = expectClose()
    const client = new ExchangeClient({ baseUrl: url, retry: false, timeoutMs: 100 })
    await expect(client.request({ method: 'GET', path: '/api/v1/perp/markets' })).rejects.toMatchObject({ kind: 'timeout' })
    expect(await closedWithin(closing)).toBe('closed')
  })

  it("closes its connection when the caller aborts", async () => {
    const closing = expectClose()
    const client = new ExchangeClient({ baseUrl: url, retry: false, timeoutMs: 30_000 })
    const controller = new AbortController()
    const call = client.request({ method: 'GET', path: '/api/v1/perp/markets', signal: controller.signal })
    setTimeout(() => controller.abort(new Error('caller stopped')), 50)
    await expect(call).rejects.toMatchObject({ kind: 'aborted' })
    expect(await closedWithin(closing)).toBe('closed')
  })
})
