import { beforeAll, describe, expect, it } from 'vitest'
import { ReplayGuard } from '../../src/testing/index.ts'
import { manualClock, startLocalExchange, type LocalExchange } from '../support/local-exchange.ts'
import { rawRequest } from '../support/raw-request.ts'
import { TEST_KEYS } from '../support/seed.ts'

// The spec: a timestamp more than 30 s from server time is refused (11004); a signature sent again
// within the window is refused (11013). So a signature must be remembered for exactly as long as its
// timestamp can pass: until timestamp + 30 s by the server's clock, whatever the client's clock says.
const TOLERANCE_MS = 30_000

const clock = manualClock()
let local: LocalExchange
beforeAll(async () => {
  local = await startLocalExchange({ now: clock.now })
})

const introspect = (timestamp: number) =>
  rawRequest(local.url, { path: '/api/v1/accounts/me/api-key/introspect', key: TEST_KEYS.full, timestamp: String(timestamp) })
const codeOf = async (answer: ReturnType<typeof introspect>) => (await answer).json.error?.code ?? 'OK'

describe('a signature is accepted once, whatever the client\'s clock', () => {
  // The client's clock is `skew` ms off the server's: its timestamp is server time + skew.
  for (const [name, skew] of [['30 s behind', -30_000], ['10 s behind', -10_000], ['on time', 0], ['5 s ahead', 5_000], ['10 s ahead', 10_000], ['30 s ahead', 30_000]] as const) {
    it(`client clock ${name}: refused as a replay up to timestamp + 30 s, stale 1 ms later`, async () => {
      const arrival = clock.now()
      const timestamp = arrival + skew
      expect(await codeOf(introspect(timestamp))).toBe('OK')
      for (const at of [arrival, arrival + 1, timestamp + TOLERANCE_MS - 1, timestamp + TOLERANCE_MS]) {
        if (at < arrival || at > timestamp + TOLERANCE_MS) continue
        clock.set(at)
        expect(await codeOf(introspect(timestamp)), `at server time timestamp${at - timestamp >= 0 ? '+' : ''}${at - timestamp} ms`).toBe('AUTH_REPLAY_DETECTED')
      }
      clock.set(timestamp + TOLERANCE_MS + 1)
      expect(await codeOf(introspect(timestamp))).toBe('AUTH_TIMESTAMP_EXPIRED')
      clock.advance(1_000)
    })
  }

  it('the same request signed afresh (a new timestamp) is accepted right after a refused replay', async () => {
    const sentAt = clock.now()
    expect(await codeOf(introspect(sentAt))).toBe('OK')
    expect(await codeOf(introspect(sentAt))).toBe('AUTH_REPLAY_DETECTED')
    expect(await codeOf(introspect(sentAt + 1))).toBe('OK')
  })
})

describe('the store of seen signatures stays bounded', () => {
  it('expired entries go: after the window only the newest signature is left', async () => {
    clock.advance(120_000)
    const start = clock.now()
    for (let i = 0; i < 200; i++) expect(await codeOf(introspect(start - i))).toBe('OK')
    expect(local.exchange.replay.size).toBe(200)
    clock.advance(TOLERANCE_MS + 1)
    expect(await codeOf(introspect(clock.now()))).toBe('OK')
    expect(local.exchange.replay.size).toBe(1)
  })

  it('under a steady rate it holds exactly the signatures whose timestamps could still pass', () => {
    const guard = new ReplayGuard()
    const perSecond = 500
    let largest = 0
    for (let i = 0; i < 100_000; i++) {
      const now = Math.floor(i / perSecond) * 1000
      // Timestamps anywhere within the ±30 s the exchange accepts.
      const timestamp = now + ((i * 7919) % 60_001) - 30_000
      expect(guard.admit(`sig-${i}`, timestamp, now)).toBe('admitted')
      largest = Math.max(largest, guard.size)
    }
    // Each entry lives from its arrival until timestamp + 30 s: 0 to 60 s, 30 s on average.
    expect(largest).toBeLessThanOrEqual(perSecond * 61)
    expect(largest).toBeGreaterThanOrEqual(perSecond * 25)
    expect(guard.maxRetentionMs).toBe(60_001)
  })

  it('forgets a signature exactly when its timestamp stops passing, out of arrival order', () => {
    const guard = new ReplayGuard()
    expect(guard.admit('ahead', 40_000, 10_000)).toBe('admitted') // live until 70,000
    expect(guard.admit('behind', 1_000, 10_000)).toBe('admitted') // live until 31,000
    expect(guard.admit('behind', 1_000, 31_000)).toBe('replayed')
    expect(guard.admit('other', 31_000, 31_001)).toBe('admitted')
    expect(guard.size).toBe(2) // 'behind' went although 'ahead' arrived before it
    expect(guard.admit('ahead', 40_000, 70_000)).toBe('replayed')
    expect(guard.admit('later', 70_001, 70_001)).toBe('admitted')
    expect(guard.size).toBe(1)
  })

  it('at its cap it refuses new signatures rather than forget a live one, and over HTTP answers 503 with Retry-After', async () => {
    const guard = new ReplayGuard({ maxSignatures: 2 })
    expect(guard.admit('a', 1_000, 1_000)).toBe('admitted')
    expect(guard.admit('b', 2_000, 1_000)).toBe('admitted')
    expect(guard.admit('c', 1_000, 1_000)).toBe('full')
    expect(guard.admit('a', 1_000, 1_000)).toBe('replayed') // still remembered
    expect(guard.admit('c', 2_000, 31_001)).toBe('admitted') // 'a' expired: room again

    const full = await startLocalExchange({ now: clock.now, maxSignatures: 1 })
    const call = (timestamp: number) =>
      rawRequest(full.url, { path: '/api/v1/accounts/me/api-key/introspect', key: TEST_KEYS.full, timestamp: String(timestamp) })
    expect((await call(clock.now())).status).toBe(200)
    const refused = await call(clock.now() + 1)
    expect(refused.status).toBe(503)
    expect(refused.json.error).toMatchObject({ code: 'UNAVAILABLE', details: { retryAfterSeconds: 31 } }) // the first expires 30.001 s on
    expect(refused.headers.get('retry-after')).toBe('31')
  })

  it('refuses a cap that is not a positive integer', () => {
    for (const maxSignatures of [0, -1, 1.5, Number.NaN]) expect(() => new ReplayGuard({ maxSignatures })).toThrow(/positive integer/)
  })
})
