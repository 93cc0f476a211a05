import { describe, expect, it } from 'vitest'
import { ExchangeClient } from '../../src/index.ts'
import { startLocalExchange } from '../support/local-exchange.ts'
import { TEST_KEYS } from '../support/seed.ts'

const REQUESTS = 10_000
const CONCURRENCY = 64

describe('under load', () => {
  it(`${REQUESTS} signed requests at concurrency ${CONCURRENCY} all succeed, and the replay store holds only the window`, async () => {
    let shiftMs = 0
    const { url, exchange } = await startLocalExchange({ now: () => Date.now() + shiftMs })
    const client = new ExchangeClient({ baseUrl: url, ...TEST_KEYS.full })
    const request = { method: 'GET' as const, path: '/api/v1/accounts/me/api-key/introspect' }

    let next = 0
    let served = 0
    const worker = async () => {
      while (next < REQUESTS) {
        next++
        const key = await client.request<{ valid: boolean }>(request)
        if (key.valid) served++
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker))
    expect(served).toBe(REQUESTS)

    // Every accepted signature is remembered while its window lasts, and nothing else is.
    expect(exchange.replay.size).toBe(REQUESTS)
    expect(exchange.keys.get(TEST_KEYS.full.apiKey)!.usageCount).toBe(REQUESTS)

    // Once the window has passed, the store lets them all go (the client re-syncs to the jumped clock).
    shiftMs = exchange.replay.maxRetentionMs + 1
    await client.request(request)
    expect(exchange.replay.size).toBe(1)
  }, 120_000)
})
