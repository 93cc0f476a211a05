// Soak: thousands of mixed calls through ExchangeClient against the reference exchange over loopback
// HTTP, with every fault the exchange can inject, then a reconciliation against the exchange's own
// order book: nothing lost, nothing doubled, every unknown outcome resolved.
import { describe, expect, it } from 'vitest'
import { ExchangeApiError, ExchangeClient, OrderOutcomeUnknownError, isExchangeError } from '../../src/index.ts'
import type { PerpOrderInput } from '../../src/api/perp/trading.ts'
import { seededRandom } from '../../src/testing/prng.ts'
import { startLocalExchange } from '../support/local-exchange.ts'
import { BOB, TEST_KEYS } from '../support/seed.ts'
import { countingFetch } from './support/counting-fetch.ts'
import { trackUnhandledRejections } from './support/unhandled.ts'

const OPERATIONS = 5_000
const CONCURRENCY = 8
const MARKETS = { 'BTC-USDC': { mark: 65_000, size: '0.001', tick: 1 }, 'ETH-USDC': { mark: 3_200, size: '0.01', tick: 0.01 } } as const
type Market = keyof typeof MARKETS

interface Placement {
  clientOrderId: string
  market: Market
  /** What the caller was told. */
  outcome: 'placed' | 'unknown' | 'refused'
  orderId?: string
  /** The caller chose the id (otherwise the SDK generated it: known only from the answer or the error). */
  chosenId: boolean
}

const unhandled = trackUnhandledRejections()

describe('soak under faults', () => {
  it(`${OPERATIONS} mixed operations: every placement accounted for exactly once`, { timeout: 120_000 }, async () => {
    const { url, exchange } = await startLocalExchange({ faultSeed: 0x50a4 })
    for (const [market, { mark }] of Object.entries(MARKETS)) exchange.market.setReferencePrice('perp', market, String(mark))
    const wire = countingFetch()
    const client = new ExchangeClient({
      baseUrl: url,
      apiKey: TEST_KEYS.bob.apiKey,
      secretKey: TEST_KEYS.bob.secretKey,
      fetch: wire.fetch,
      timeoutMs: 5_000,
      retry: { limit: 2, backoffLimitMs: 4, maxRetryAfterMs: 1_000 },
    })

    const { faults } = exchange
    const writes = ({ method }: { method: string }) => method !== 'GET'
    const injected = Object.entries({
      'latency spike 30 ms (2%)': faults.add({ kind: 'latency', ms: 30, probability: 0.02 }),
      '500 INTERNAL (2%)': faults.add({ kind: 'error', status: 500, probability: 0.02 }),
      '503 UNAVAILABLE (1%)': faults.add({ kind: 'error', status: 503, probability: 0.01 }),
      '429, Retry-After 0 s (2%)': faults.add({ kind: 'rate-limit', retryAfterSeconds: 0, probability: 0.02 }),
      '429, Retry-After 1 s (0.2%)': faults.add({ kind: 'rate-limit', retryAfterSeconds: 1, probability: 0.002 }),
      'write dropped before it is applied (10%)': faults.add({ kind: 'drop', when: 'before', probability: 0.1, match: writes }),
      'write dropped after it is applied (10%)': faults.add({ kind: 'drop', when: 'after', probability: 0.1, match: writes }),
      'any request dropped before (1%)': faults.add({ kind: 'drop', when: 'before', probability: 0.01 }),
    })

    const random = seededRandom(0x5eed)
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!
    const placements: Placement[] = []
    const openIds: string[] = []
    const tally = { reads: 0, placements: 0, batchPlacements: 0, cancels: 0, succeeded: 0, failed: 0 }
    const failures = new Map<string, number>()
    const clockEvents: string[] = []
    let nextId = 0

    const orderInput = (): PerpOrderInput => {
      const market = pick(Object.keys(MARKETS) as Market[])
      const { mark, size, tick } = MARKETS[market]
      if (random() < 0.1) return { market, side: pick(['buy', 'sell'] as const), type: 'market', size, leverage: 5 }
      const side = pick(['buy', 'sell'] as const)
      // 3% to 10% away from the mark: rests on the book, within the exchange's 15% band.
      const away = mark * (0.03 + random() * 0.07)
      const price = (Math.round((side === 'buy' ? mark - away : mark + away) / tick) * tick).toFixed(tick < 1 ? 2 : 0)
      const order: PerpOrderInput = { market, side, type: 'limit', size, price, leverage: 5 }
      return random() < 0.5 ? { ...order, clientOrderId: `soak-${nextId++}` } : order
    }
    const record = (order: PerpOrderInput, outcome: Placement['outcome'], clientOrderId: string | undefined, placed?: { orderId: string; status: string }) => {
      const orderId = placed?.orderId
      // Refused with an id the SDK generated and the caller never saw: such an order must not exist ("strays" below).
      if (clientOrderId === undefined) return
      placements.push({ clientOrderId, market: order.market as Market, outcome, orderId, chosenId: order.clientOrderId !== undefined })
      if (placed?.status === 'open') openIds.push(placed.orderId)
    }
    const noteFailure = (error: unknown) => {
      tally.failed++
      const name = error instanceof ExchangeApiError ? `${error.name} ${error.status} ${error.code}` : isExchangeError(error) ? `${error.name} (${error.kind})` : `unexpected ${String(error)}`
      failures.set(name, (failures.get(name) ?? 0) + 1)
      if (!isExchangeError(error)) throw error
    }

    const operations: (() => Promise<void>)[] = [
      // Reads.
      async () => {
        tally.reads++
        const market = pick(Object.keys(MARKETS) as Market[])
        const read = pick([
          () => client.perp.getTicker({ market }),
          () => client.perp.listOpenOrders({ market, limit: 20 }),
          () => client.perp.listPositions(),
          () => client.account.getOverview(),
          () => (openIds.length ? client.perp.getOrder({ id: pick(openIds) }) : client.system.getTime()),
        ])
        await read()
      },
      // One placement.
      async () => {
        tally.placements++
        const order = orderInput()
        try {
          const placed = await client.perp.placeOrder(order)
          record(order, 'placed', placed.clientOrderId ?? undefined, placed)
        } catch (error) {
          if (error instanceof OrderOutcomeUnknownError) record(order, 'unknown', error.clientOrderId)
          else record(order, 'refused', order.clientOrderId)
          throw error
        }
      },
      // A batch of 2 to 5.
      async () => {
        tally.batchPlacements++
        const orders = Array.from({ length: 2 + Math.floor(random() * 4) }, orderInput)
        try {
          const result = await client.perp.placeOrders({ orders })
          result.orders.forEach((placed, i) => {
            if (placed.status === 'rejected') record(orders[i]!, 'refused', placed.clientOrderId ?? undefined)
            else record(orders[i]!, 'placed', placed.clientOrderId ?? undefined, placed as { orderId: string; status: string })
          })
        } catch (error) {
          if (error instanceof OrderOutcomeUnknownError) orders.forEach((order, i) => record(order, 'unknown', error.clientOrderIds[i]))
          else for (const order of orders) record(order, 'refused', order.clientOrderId)
          throw error
        }
      },
      // A cancel: one order, or several.
      async () => {
        tally.cancels++
        if (openIds.length < 3) return void (await client.perp.listOpenOrders({ limit: 5 }))
        const ids = Array.from({ length: random() < 0.5 ? 1 : 3 }, () => openIds.splice(Math.floor(random() * openIds.length), 1)[0]!)
        if (ids.length === 1) await client.perp.cancelOrder({ id: ids[0]! })
        else await client.perp.cancelOrders({ orderIds: ids })
      },
    ]
    const weights = [0.35, 0.35, 0.1, 0.2]
    const choose = () => {
      let roll = random()
      for (let i = 0; i < weights.length; i++) if ((roll -= weights[i]!) < 0) return operations[i]!
      return operations[0]!
    }

    let started = 0
    const worker = async () => {
      while (started < OPERATIONS) {
        const index = started++
        if (index === OPERATIONS / 2) {
          faults.clockOffsetMs = 4 * 60_000
          clockEvents.push(`op ${index}: server clock +4 min`)
        }
        if (index === (OPERATIONS * 3) / 4) {
          faults.clockOffsetMs = -3 * 60_000
          clockEvents.push(`op ${index}: server clock -3 min`)
        }
        try {
          await choose()()
          tally.succeeded++
        } catch (error) {
          noteFailure(error)
        }
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker))

    // Reconcile, with faults off, against the exchange's own record of the account's orders.
    faults.clear()
    const onBook = exchange.market.orders(BOB).perp as { orderId: string; clientOrderId: string | null }[]
    const byClientId = new Map<string, number>()
    for (const order of onBook) if (order.clientOrderId) byClientId.set(order.clientOrderId, (byClientId.get(order.clientOrderId) ?? 0) + 1)
    const duplicates = [...byClientId].filter(([, count]) => count > 1)
    const placed = placements.filter((p) => p.outcome === 'placed')
    const unknown = placements.filter((p) => p.outcome === 'unknown')
    const refused = placements.filter((p) => p.outcome === 'refused' && p.chosenId)

    const placedMissing = placed.filter((p) => byClientId.get(p.clientOrderId) !== 1 || !onBook.some((o) => o.orderId === p.orderId && o.clientOrderId === p.clientOrderId))
    let resolvedTaken = 0
    let resolvedNotTaken = 0
    const unresolved: string[] = []
    for (const p of unknown) {
      const found = await client.perp.findOrder({ clientOrderId: p.clientOrderId, market: p.market })
      if (found) resolvedTaken++
      else resolvedNotTaken++
      if (Boolean(found) !== byClientId.has(p.clientOrderId)) unresolved.push(p.clientOrderId)
    }
    const refusedButTaken = refused.filter((p) => byClientId.has(p.clientOrderId))
    // Orders the exchange holds that the caller never heard of (placed under an id the caller never saw).
    const known = new Set(placements.map((p) => p.clientOrderId))
    const strays = onBook.filter((o) => o.clientOrderId && !known.has(o.clientOrderId))

    const counts = {
      operations: OPERATIONS,
      ...tally,
      'HTTP attempts': wire.attempts,
      'clock re-syncs (GET /system/time)': wire.clockSyncs,
      'placements told placed': placed.length,
      '… found exactly once on the book': placed.length - placedMissing.length,
      'placements told outcome-unknown': unknown.length,
      '… resolved by clientOrderId: taken': resolvedTaken,
      '… resolved by clientOrderId: never taken': resolvedNotTaken,
      'placements refused (caller-chosen id)': refused.length,
      '… yet on the book': refusedButTaken.length,
      'orders on the book': onBook.length,
      'duplicate clientOrderIds': duplicates.length,
      'orders nobody was told of': strays.length,
      'AUTH_REPLAY_DETECTED answers': wire.codes.get(11013) ?? 0,
      'AUTH_TIMESTAMP_EXPIRED answers': wire.codes.get(11004) ?? 0,
      'unhandled rejections': unhandled.length,
    }
    console.log(`soak: ${clockEvents.join('; ')}`)
    console.table(Object.fromEntries(injected.map(([name, fault]) => [name, fault.hits])))
    console.table(Object.fromEntries([...failures].sort()))
    console.table(counts)

    expect(tally.succeeded + tally.failed).toBe(OPERATIONS)
    expect([...failures.keys()].filter((name) => name.startsWith('unexpected'))).toEqual([])
    expect(placedMissing).toEqual([])
    expect(unresolved).toEqual([])
    expect(refusedButTaken).toEqual([])
    expect(duplicates).toEqual([])
    expect(strays).toEqual([])
    expect(wire.codes.get(11013) ?? 0).toBe(0)
    expect(unhandled).toEqual([])
    // The run exercised what it claims to: faults hit, unknown outcomes happened, the clock moved.
    for (const [name, fault] of injected) expect(fault.hits, name).toBeGreaterThan(0)
    expect(unknown.length).toBeGreaterThan(0)
    expect(wire.codes.get(11004) ?? 0).toBeGreaterThan(0)
    expect(placed.length).toBeGreaterThan(OPERATIONS / 4)
  })
})
