// Clock discipline end to end: a client whose clock is far off, and a server whose clock moves
// under a running client. Both recover on their own, through AUTH_TIMESTAMP_EXPIRED and a re-sync.
import { describe, expect, it } from 'vitest'
import { ExchangeClient } from '../../src/index.ts'
import { TIMESTAMP_TOLERANCE_MS } from '../../src/testing/index.ts'
import { recordHolds, stamperOf } from '../auth/support/holds.ts'
import { startLocalExchange } from '../support/local-exchange.ts'
import { TEST_KEYS } from '../support/seed.ts'
import { countingFetch } from './support/counting-fetch.ts'

const MINUTE = 60_000
const order = { market: 'BTC-USDC', side: 'buy', type: 'limit', size: '0.001', price: '60000', leverage: 5 } as const

describe('a client whose clock is off', () => {
  const skews: [string, number][] = [['10 minutes ahead', 10 * MINUTE], ['10 minutes behind', -10 * MINUTE], ['1 hour ahead', 60 * MINUTE], ['1 hour behind', -60 * MINUTE]]

  it.each(skews)('%s: its first signed read and first signed write succeed after one automatic re-sync', async (_, skew) => {
    const { url, exchange } = await startLocalExchange()
    exchange.market.setReferencePrice('perp', 'BTC-USDC', '65000')
    const wire = countingFetch()
    const read = new ExchangeClient({ baseUrl: url, ...TEST_KEYS.bob, fetch: wire.fetch, now: () => Date.now() + skew })

    await expect(read.account.getOverview()).resolves.toMatchObject({})
    // Refused once for its clock, re-measured once, then accepted.
    expect(wire.codes.get(11004)).toBe(1)
    expect(wire.clockSyncs).toBe(1)
    expect(wire.attempts).toBe(3)
    expect(Math.abs(read.clock.offsetMs + skew)).toBeLessThan(TIMESTAMP_TOLERANCE_MS)
    await expect(read.account.getOverview()).resolves.toMatchObject({})
    expect(wire.codes.get(11004)).toBe(1)

    const writer = new ExchangeClient({ baseUrl: url, ...TEST_KEYS.bob, fetch: countingFetch().fetch, now: () => Date.now() + skew })
    const placed = await writer.perp.placeOrder(order)
    expect(exchange.market.orders(TEST_KEYS.bob.accountId!).perp.filter((o) => o.clientOrderId === placed.clientOrderId)).toHaveLength(1)
  })
})

describe('a client whose clock steps while it runs', () => {
  const steps: [string, number][] = [['back 30 s', -30_000], ['back 10 minutes', -10 * MINUTE], ['forward 10 minutes', 10 * MINUTE]]

  it.each(steps)('%s: every request is accepted as it is, none held, none refused as a replay', async (_, step) => {
    const { url, exchange } = await startLocalExchange()
    exchange.market.setReferencePrice('perp', 'BTC-USDC', '65000')
    const wire = countingFetch()
    let shift = 0
    const client = new ExchangeClient({ baseUrl: url, ...TEST_KEYS.bob, fetch: wire.fetch, now: () => Date.now() + shift })
    const holds = recordHolds(stamperOf(client))
    const burst = () => Promise.all(Array.from({ length: 10 }, () => client.account.getOverview()))

    await client.account.getOverview()
    await burst()
    shift += step
    // The same read again, one by one and in a burst (each needs its own timestamp), and a write.
    for (let i = 0; i < 3; i++) await client.account.getOverview()
    await burst()
    const placed = await client.perp.placeOrder(order)

    expect(holds).toEqual([])
    expect(wire.codes.get(11004) ?? 0).toBe(0)
    expect(wire.codes.get(11013) ?? 0).toBe(0)
    expect(wire.clockSyncs).toBe(0)
    expect(wire.attempts).toBe(1 + 10 + 3 + 10 + 1)
    expect(exchange.market.orders(TEST_KEYS.bob.accountId!).perp.filter((o) => o.clientOrderId === placed.clientOrderId)).toHaveLength(1)
  })
})

describe('a server whose clock moves', () => {
  it('is followed: each jump costs at most one refused request, never a failed call', async () => {
    const { url, exchange } = await startLocalExchange()
    const wire = countingFetch()
    const client = new ExchangeClient({ baseUrl: url, ...TEST_KEYS.bob, fetch: wire.fetch })
    await client.account.getOverview()

    for (const offset of [7 * MINUTE, -45 * MINUTE, 2 * MINUTE, 0]) {
      exchange.faults.clockOffsetMs = offset
      const refusedBefore = wire.codes.get(11004) ?? 0
      for (let i = 0; i < 5; i++) await client.account.getOverview()
      expect((wire.codes.get(11004) ?? 0) - refusedBefore).toBeLessThanOrEqual(1)
      expect(Math.abs(client.clock.offsetMs - offset)).toBeLessThan(TIMESTAMP_TOLERANCE_MS)
    }
    expect(wire.codes.get(11013) ?? 0).toBe(0)
  })

  it('is followed by many concurrent callers with one shared measurement', async () => {
    const { url, exchange } = await startLocalExchange()
    const wire = countingFetch()
    const client = new ExchangeClient({ baseUrl: url, ...TEST_KEYS.bob, fetch: wire.fetch })
    await client.account.getOverview()
    exchange.faults.clockOffsetMs = -20 * MINUTE
    const syncsBefore = wire.clockSyncs
    await Promise.all(Array.from({ length: 50 }, () => client.account.getOverview()))
    expect(wire.clockSyncs - syncsBefore).toBe(1)
    expect(wire.codes.get(11013) ?? 0).toBe(0)
  })
})
