import { beforeAll, describe, expect, it } from 'vitest'
import { ReplayGuard } from '../../src/testing/index.ts'
import { manualClock, startLocalExchange, type LocalExchange } from '../support/local-exchange.ts'
import { rawRequest } from '../support/raw-request.ts'
import { TEST_KEYS } from '../support/seed.ts'

const clock = manualClock()
let local: LocalExchange
beforeAll(async () => {
  local = await startLocalExchange({ now: clock.now })
})

const introspect = (timestamp: number) =>
  rawRequest(local.url, { path: '/api/v1/accounts/me/api-key/introspect', key: TEST_KEYS.full, timestamp: String(timestamp) })
const codeOf = async (answer: ReturnType<typeof introspect>) => (await answer).json.error?.code ?? 'OK'

describe('a signature is single-use for as long as its timestamp could be accepted', () => {
  it('is refused again at any moment inside the window', async () => {
    const sentAt = clock.now()
    expect(await codeOf(introspect(sentAt))).toBe('OK')
    for (const later of [0, 1_000, 15_000, 30_000]) {
      clock.set(sentAt + later)
      expect(await codeOf(introspect(sentAt))).toBe('AUTH_REPLAY_DETECTED')
    }
  })

  it('is never accepted after it: once forgotten, its timestamp is refused', async () => {
    const sentAt = clock.now()
    expect(await codeOf(introspect(sentAt))).toBe('OK')
    clock.advance(35_001)
    expect(await codeOf(introspect(sentAt))).toBe('AUTH_TIMESTAMP_EXPIRED')
    expect(await codeOf(introspect(clock.now()))).toBe('OK')
    expect(local.exchange.replay.size).toBe(1)
  })

  it('a timestamp 30 s ahead stays remembered until it is 30 s old (60 s after it was seen)', async () => {
    const seenAt = clock.now()
    const ahead = seenAt + 30_000
    expect(await codeOf(introspect(ahead))).toBe('OK')
    clock.set(seenAt + 59_999)
    expect(await codeOf(introspect(ahead))).toBe('AUTH_REPLAY_DETECTED')
    clock.set(seenAt + 60_001)
    expect(await codeOf(introspect(ahead))).toBe('AUTH_TIMESTAMP_EXPIRED')
  })

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
    clock.advance(60_001)
    expect(await codeOf(introspect(clock.now()))).toBe('OK')
    expect(local.exchange.replay.size).toBe(1)
  })

  it('under a steady rate it never holds more than the last 60 s of signatures', () => {
    const guard = new ReplayGuard()
    const perSecond = 500
    let now = 0
    let largest = 0
    let refused = 0
    for (let i = 0; i < 100_000; i++) {
      now = Math.floor(i / perSecond) * 1000
      // Timestamps anywhere within the ±30 s the exchange accepts.
      const timestamp = now + ((i * 7919) % 60_001) - 30_000
      if (!guard.admit(`sig-${i}`, timestamp, now)) refused++
      largest = Math.max(largest, guard.size)
    }
    expect(refused).toBe(0)
    expect(guard.maxRetentionMs).toBe(60_000)
    expect(largest).toBeLessThanOrEqual(perSecond * 61)
    expect(largest).toBeGreaterThanOrEqual(perSecond * 35)
  })

  it('forgets a signature once it expired, and remembers it again if it comes back', () => {
    const guard = new ReplayGuard()
    expect(guard.admit('s', 1_000, 1_000)).toBe(true)
    expect(guard.admit('s', 1_000, 35_999)).toBe(false)
    expect(guard.admit('s', 1_000, 36_000)).toBe(true)
    expect(guard.admit('s', 1_000, 70_999)).toBe(false)
    expect(guard.size).toBe(1)
  })

  it('refuses a window shorter than 35 s', () => {
    expect(() => new ReplayGuard(30_000)).toThrow(/at least 35000/)
  })
})
