// Clock steps through the whole client (transport, signing, re-sync) with injected clocks: the
// local wall clock and the server's clock step at random between and during bursts of requests.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ExchangeClient } from '../../src/index.ts'
import { recordHolds, stamperOf } from './support/holds.ts'
import { SteppingWorld } from './support/stepping-world.ts'

const apiKey = `1024_${'a1'.repeat(32)}`
const secretKey = 'b2'.repeat(32)
const baseUrl = 'https://api.example.test'
const TEN_MINUTES = 600_000

/** A client in `world`, and every hold it asked for. */
function clientIn(world: SteppingWorld) {
  const client = new ExchangeClient({ baseUrl, apiKey, secretKey, fetch: world.fetch, now: world.wall, monotonicNow: world.monotonic })
  return { client, holds: recordHolds(stamperOf(client)) }
}

const calls = [
  () => ({ method: 'GET' as const, path: '/api/v1/account/overview' }),
  () => ({ method: 'POST' as const, path: '/api/v1/perp/orders', body: { market: 'BTC-USDC', side: 'buy', size: '0.001', price: '60000' } }),
  (i: number) => ({ method: 'POST' as const, path: '/api/v1/perp/orders', body: { market: 'BTC-USDC', clientOrderId: `c${i}` } }),
]

type ClockStep = { kind: 'local' | 'server'; ms: number }
/**
 * A burst of one kind of call; `midway`, a step of the local clock when the server has received `after`
 * of its requests. (The server's clock steps between bursts: one that stepped again while a call was
 * recovering from its last step would cost that call a second re-sync, which no call gets.)
 */
type Burst = { kind: 'burst'; count: number; call: number; concurrent: boolean; midway: (ClockStep & { after: number }) | null }
type Step = { kind: 'pass'; ms: number } | ClockStep | Burst

const clockStepFields = { kind: fc.constantFrom('local' as const, 'server' as const), ms: fc.integer({ min: -TEN_MINUTES, max: TEN_MINUTES }) }
const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('pass' as const), ms: fc.oneof(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 45_000 })) }),
  { weight: 2, arbitrary: fc.record(clockStepFields) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('burst' as const),
      count: fc.integer({ min: 1, max: 12 }),
      call: fc.integer({ min: 0, max: calls.length - 1 }),
      concurrent: fc.boolean(),
      midway: fc.option(fc.record({ kind: fc.constant('local' as const), ms: clockStepFields.ms, after: fc.integer({ min: 1, max: 11 }) })),
    }),
  },
)

describe('a client whose clocks step', () => {
  it('never holds, never repeats a signature within 35 s, and needs at most one re-sync per step, between or during bursts', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 1, maxLength: 20 }), async (steps) => {
        const world = new SteppingWorld(secretKey)
        const { client, holds } = clientIn(world)
        let n = 0
        let stepsThatNeedASync = 0
        const stepClock = ({ kind, ms }: ClockStep) => {
          if (kind === 'server') world.serverShift += ms
          else world.wallShift += ms
          // Before its first answer the client's only guess of server time is its wall clock.
          if (kind === 'server' || !client.clock.synced) stepsThatNeedASync++
        }
        for (const step of steps) {
          if (step.kind === 'pass') world.trueTime += step.ms
          if (step.kind === 'local' || step.kind === 'server') stepClock(step)
          if (step.kind !== 'burst') continue
          let arrivals = 0
          world.onArrival = () => {
            if (++arrivals === step.midway?.after) stepClock(step.midway)
          }
          const send = () => client.request(calls[step.call]!(n++))
          if (step.concurrent) await Promise.all(Array.from({ length: step.count }, send))
          else for (let i = 0; i < step.count; i++) await send()
        }
        expect(holds).toEqual([])
        expect(world.repeatedSignatures()).toEqual([])
        expect(world.received.filter((r) => r.outcome === 'replay')).toEqual([])
        expect(world.clockSyncs).toBeLessThanOrEqual(stepsThatNeedASync)
      }),
      { numRuns: 100 },
    )
  })
})

describe('the re-sync after AUTH_TIMESTAMP_EXPIRED', () => {
  it('is adopted even when its round trip was slow and it lies within the error bars of the last sample', async () => {
    const world = new SteppingWorld(secretKey)
    const isClockSync = (input: RequestInfo | URL) => new URL(input instanceof Request ? input.url : String(input)).pathname === '/api/v1/system/time'
    // The measurement takes 70 s; the server reads its clock 25 s in.
    world.onArrival = (path) => {
      if (path === '/api/v1/system/time') world.trueTime += 25_000
    }
    const slowFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await world.fetch(input, init)
      if (isClockSync(input)) world.trueTime += 45_000
      return response
    }) as typeof globalThis.fetch
    const client = new ExchangeClient({ baseUrl, apiKey, secretKey, fetch: slowFetch, now: world.wall, monotonicNow: world.monotonic })
    await client.request({ method: 'GET', path: '/api/v1/account/overview' }) // a sample with no round trip: ± 0

    world.serverShift = 40_000
    // The measurement says 30 s more than the estimate at its midpoint, inside its own ± 35 s: less
    // precise than the last sample and no contradiction of it, so only being asked for makes it count.
    await expect(client.request({ method: 'GET', path: '/api/v1/account/overview' })).resolves.toEqual({ ok: true })
    expect(world.received.map((r) => r.outcome)).toEqual(['accepted', 'expired', 'accepted'])
    expect(world.clockSyncs).toBe(1)
  })
})
