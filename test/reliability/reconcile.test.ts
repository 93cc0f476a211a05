// Reconciliation cannot say "absent" while an attempt of the write may still be accepted: a proxy
// holds a signed placement back and answers 502; the caller reconciles with the client's clock and the
// exchange's clock moved by hand (no 30 s sleeps), and the held request is released late.
import { describe, expect, it } from 'vitest'
import { RECONCILE_MARGIN_MS, TIMESTAMP_TOLERANCE_MS } from '../../src/api/common/reconcile.ts'
import { ExchangeClient, OrderOutcomeUnknownError } from '../../src/index.ts'
import { manualClock, startLocalExchange } from '../support/local-exchange.ts'
import { GATEWAY_PAGE, startProxy, type ProxyAction } from '../support/loopback-proxy.ts'
import { TEST_KEYS } from '../support/seed.ts'

const order = { market: 'BTC-USDC', side: 'buy', type: 'limit', size: '0.001', price: '60000', leverage: 5 } as const

describe('reconcile after an unknown outcome', async () => {
  // One hand-moved clock for the exchange and both of the client's clocks (its estimate is then exact).
  const clock = manualClock()
  const { url, exchange } = await startLocalExchange({ now: clock.now })
  exchange.market.setReferencePrice('perp', 'BTC-USDC', '65000')
  let placements: ProxyAction = { kind: 'pass' }
  const proxy = await startProxy(url, ({ method }) => (method === 'POST' ? placements : { kind: 'pass' }))
  const client = new ExchangeClient({ baseUrl: proxy.url, ...TEST_KEYS.bob, now: clock.now, monotonicNow: clock.now, retry: false })
  await client.syncClock()

  const placeUnknown = async (clientOrderId: string, forward: boolean) => {
    placements = { kind: 'fail', status: 502, ...GATEWAY_PAGE, forward }
    const error = await client.perp.placeOrder({ ...order, clientOrderId }).catch((caught: unknown) => caught)
    placements = { kind: 'pass' }
    expect(error).toBeInstanceOf(OrderOutcomeUnknownError)
    return error as OrderOutcomeUnknownError
  }

  it('carries the timestamp the last attempt was signed with (server clock)', async () => {
    const error = await placeUnknown('ts-1', true)
    expect(error.lastSignedAt).toBe(clock.now())
  })

  it('found: the order was taken', async () => {
    const error = await placeUnknown('found-1', true)
    expect(await client.perp.reconcile(error, { market: 'BTC-USDC' })).toMatchObject({ status: 'found', order: { clientOrderId: 'found-1' } })
  })

  it('pending until the window has passed by the server clock (tolerance + margin), absent one ms later', async () => {
    const error = await placeUnknown('absent-1', false)
    const finalAt = error.lastSignedAt! + TIMESTAMP_TOLERANCE_MS + RECONCILE_MARGIN_MS
    expect(await client.perp.reconcile(error)).toEqual({ status: 'pending', finalAt })
    clock.set(finalAt)
    expect(await client.perp.reconcile(error)).toEqual({ status: 'pending', finalAt })
    clock.advance(1)
    expect(await client.perp.reconcile(error)).toEqual({ status: 'absent' })
  })

  it('a request held back and released 29 s later lands: reconciling before the window closed said pending, not absent', async () => {
    const error = await placeUnknown('held-1', false)
    const held = proxy.held.at(-1)!
    clock.advance(TIMESTAMP_TOLERANCE_MS - 1000)
    // A bare look-up finds nothing now: taken as "never taken", it would invite a second placement.
    expect(await client.perp.findOrder({ clientOrderId: 'held-1' })).toBeUndefined()
    expect(await client.perp.reconcile(error)).toMatchObject({ status: 'pending' })
    expect((await proxy.release(held)).status).toBe(200)
    expect(await client.perp.reconcile(error)).toMatchObject({ status: 'found', order: { clientOrderId: 'held-1' } })
  })

  it('prediction: found when taken, pending then absent when not', async () => {
    const trader = new ExchangeClient({ baseUrl: proxy.url, ...TEST_KEYS.trader, now: clock.now, monotonicNow: clock.now, retry: false })
    const place = async (forward: boolean) => {
      placements = { kind: 'fail', status: 502, ...GATEWAY_PAGE, forward }
      const error = await trader.prediction.placeOrder({ marketId: '1001', side: 0, outcomeIndex: 0, priceE6: 480_000, amount: 10 }).catch((caught: unknown) => caught)
      placements = { kind: 'pass' }
      return error as OrderOutcomeUnknownError
    }
    const taken = await place(true)
    expect(await trader.prediction.reconcile(taken, { marketId: '1001' })).toMatchObject({ status: 'found', order: { clientOrderId: taken.clientOrderId } })
    const lost = await place(false)
    expect(await trader.prediction.reconcile(lost, { marketId: '1001' })).toMatchObject({ status: 'pending' })
    clock.advance(TIMESTAMP_TOLERANCE_MS + RECONCILE_MARGIN_MS + 1)
    expect(await trader.prediction.reconcile(lost, { marketId: '1001' })).toEqual({ status: 'absent' })
  })

  it('the server clock stepping back after the write keeps it pending (its timestamp is acceptable again), until it lands', async () => {
    // Past every timestamp used so far, so the step back revisits none (the exchange would see replays).
    clock.advance(10 * 60_000)
    await client.syncClock()
    const error = await placeUnknown('stepped-back-1', false)
    const held = proxy.held.at(-1)!
    exchange.faults.clockOffsetMs = -5 * 60_000
    clock.advance(TIMESTAMP_TOLERANCE_MS + RECONCILE_MARGIN_MS + 1) // past the window by the client's last estimate
    try {
      expect(await client.perp.reconcile(error)).toMatchObject({ status: 'pending' })
      // The server's clock is now 5 min behind the timestamp; 4.5 min from now it accepts it.
      clock.advance(5 * 60_000 - TIMESTAMP_TOLERANCE_MS - RECONCILE_MARGIN_MS)
      expect((await proxy.release(held)).status).toBe(200)
      expect(await client.perp.reconcile(error)).toMatchObject({ status: 'found' })
    } finally {
      exchange.faults.clockOffsetMs = 0
      await client.syncClock()
    }
  })

  it('a server clock that jumped ahead past the window, measured by syncClock: absent in one call (the look-up confirms the jump)', async () => {
    const error = await placeUnknown('jumped-1', false)
    exchange.faults.clockOffsetMs = 10 * 60_000
    try {
      await client.syncClock()
      expect(client.clock.confirmed).toBe(false) // ten minutes from the client's local clock, no signed call yet
      expect(await client.perp.reconcile(error)).toEqual({ status: 'absent' })
    } finally {
      exchange.faults.clockOffsetMs = 0
      await client.syncClock()
    }
  })

  it('wait: keeps looking until the answer is final', async () => {
    const error = await placeUnknown('wait-1', false)
    const waiting = client.perp.reconcile(error, { wait: true, pollMs: 5 })
    // Time passes on both clocks while it waits.
    const ticking = setInterval(() => clock.advance(1000), 1)
    try {
      expect(await waiting).toEqual({ status: 'absent' })
    } finally {
      clearInterval(ticking)
    }
    expect(clock.now()).toBeGreaterThan(error.lastSignedAt! + TIMESTAMP_TOLERANCE_MS + RECONCILE_MARGIN_MS)
  })

  it('refuses a poll interval that would hammer the service, and an error without a clientOrderId, before any request', async () => {
    const error = await placeUnknown('poll-1', false)
    for (const pollMs of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) {
      await expect(client.perp.reconcile(error, { wait: true, pollMs })).rejects.toMatchObject({ name: 'ExchangeValidationError', field: 'pollMs' })
    }
    await expect(client.perp.reconcile(new OrderOutcomeUnknownError(undefined, null))).rejects.toMatchObject({ field: 'clientOrderId' })
  })

  it('wait: an AbortSignal stops it', async () => {
    const error = await placeUnknown('wait-2', false)
    const controller = new AbortController()
    const waiting = client.perp.reconcile(error, { wait: true, pollMs: 5, signal: controller.signal }).catch((caught: unknown) => caught)
    setTimeout(() => controller.abort(), 20)
    expect(await waiting).toMatchObject({ kind: 'aborted' })
  })
})
