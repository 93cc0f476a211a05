// The clock keeps requests distinct without keeping their bodies: heap stays flat under many signed
// 1 MB POSTs, one by one and 16 at a time, each body different (as real traffic is).
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ExchangeClient } from '../../src/index.ts'
import { peakHeapGrowth } from '../support/heap-growth.ts'

const MB = 1024 * 1024
/** Enough to fail on a clock that kept each payload (300 of them held 300 MB). */
const POSTS = 300
const HEAP_GROWTH_LIMIT = 150 * MB

/** The cheapest server that answers like the service: drains the body, answers an envelope. */
function startDrainingServer(): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    request.on('data', () => undefined)
    request.on('end', () => {
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify({ success: true, data: { ok: true }, error: null, meta: { requestId: 'r', timestamp: Date.now() } }))
    })
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })))
}

let running: { server: Server; url: string }
beforeAll(async () => {
  running = await startDrainingServer()
})
afterAll(() => new Promise<void>((resolve) => running.server.close(() => resolve())))

/** Peak heap growth while sending `POSTS` different signed 1 MB POSTs, `concurrency` at a time. */
function postMegabytes(concurrency: number): Promise<number> {
  const client = new ExchangeClient({ baseUrl: running.url, apiKey: `1024_${'a1'.repeat(32)}`, secretKey: 'b2'.repeat(32) })
  const pad = 'x'.repeat(MB)
  return peakHeapGrowth(POSTS, concurrency, (i) => client.request({ method: 'POST', path: '/api/v1/notes', body: { i, pad } }))
}

describe('memory under many large signed requests', () => {
  it(`stays flat: ${POSTS} different 1 MB POSTs one by one`, async () => {
    expect(await postMegabytes(1)).toBeLessThan(HEAP_GROWTH_LIMIT)
  })

  it(`stays flat: ${POSTS} different 1 MB POSTs, 16 at a time`, async () => {
    expect(await postMegabytes(16)).toBeLessThan(HEAP_GROWTH_LIMIT)
  })
})
