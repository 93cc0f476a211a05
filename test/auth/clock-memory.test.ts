// The clock keeps requests distinct without keeping their bodies: heap stays flat under many signed
// 1 MB POSTs, one by one and 16 at a time, each body different (as real traffic is).
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ExchangeClient } from '../../src/index.ts'

const MB = 1024 * 1024
/** Enough to fail on a clock that kept each payload (300 of them held 300 MB). */
const POSTS = 300
const HEAP_GROWTH_LIMIT = 150 * MB

// A full collection before each sample, so the heap measured is what is kept, not garbage waiting.
setFlagsFromString('--expose-gc')
const collectGarbage = runInNewContext('gc') as () => void

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

/** Sends `count` different 1 MB POSTs, `concurrency` at a time; resolves to the peak heap growth. */
async function peakHeapGrowth(count: number, concurrency: number): Promise<number> {
  const client = new ExchangeClient({ baseUrl: running.url, apiKey: `1024_${'a1'.repeat(32)}`, secretKey: 'b2'.repeat(32) })
  const pad = 'x'.repeat(MB)
  collectGarbage()
  const start = process.memoryUsage().heapUsed
  let peak = 0
  let next = 0
  const worker = async () => {
    while (next < count) {
      const i = next++
      await client.request({ method: 'POST', path: '/api/v1/notes', body: { i, pad } })
      if (i % 20 === 19) {
        collectGarbage()
        peak = Math.max(peak, process.memoryUsage().heapUsed - start)
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return peak
}

describe('memory under many large signed requests', () => {
  it(`stays flat: ${POSTS} different 1 MB POSTs one by one`, async () => {
    expect(await peakHeapGrowth(POSTS, 1)).toBeLessThan(HEAP_GROWTH_LIMIT)
  })

  it(`stays flat: ${POSTS} different 1 MB POSTs, 16 at a time`, async () => {
    expect(await peakHeapGrowth(POSTS, 16)).toBeLessThan(HEAP_GROWTH_LIMIT)
  })
})
