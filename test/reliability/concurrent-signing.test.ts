// One client firing the same signed read many times at once: every copy gets its own timestamp,
// so its own signature, and the exchange's replay guard lets each through exactly once.
import { describe, expect, it } from 'vitest'
import { ExchangeClient } from '../../src/index.ts'
import { startLocalExchange } from '../support/local-exchange.ts'
import { TEST_KEYS } from '../support/seed.ts'
import { countingFetch } from './support/counting-fetch.ts'

const COPIES = 1_000

describe('identical concurrent signed requests', () => {
  it(`${COPIES} identical signed GETs started together all succeed, none refused as a replay`, async () => {
    const { url, exchange } = await startLocalExchange()
    const signatures = new Set<string>()
    const wire = countingFetch(async (input, init) => {
      signatures.add(new Headers((input as Request).headers).get('x-signature')!)
      return fetch(input, init)
    })
    const client = new ExchangeClient({ baseUrl: url, ...TEST_KEYS.full, fetch: wire.fetch, retry: false })
    const usedBefore = exchange.keys.get(TEST_KEYS.full.apiKey)!.usageCount

    const results = await Promise.allSettled(Array.from({ length: COPIES }, () => client.account.getOverview()))

    const rejected = results.filter((result) => result.status === 'rejected')
    expect(rejected.map((result) => String((result as PromiseRejectedResult).reason)).slice(0, 3)).toEqual([])
    expect(wire.attempts).toBe(COPIES)
    expect(signatures.size).toBe(COPIES)
    expect(wire.codes.get(11013) ?? 0).toBe(0)
    expect(exchange.keys.get(TEST_KEYS.full.apiKey)!.usageCount - usedBefore).toBe(COPIES)
  })
})
