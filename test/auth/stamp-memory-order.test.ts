// The stamp memory forgets payloads in order of last use, however long it runs: through hundreds of
// thousands of takes past the cap, with payloads used again and again, and one payload used over
// four times MAX_REMEMBERED times while an older one waits to expire. What it remembers is read from
// outside: `size`, the order in which payloads expire, and that no payload gets a stamp twice.
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { MAX_REMEMBERED, REMEMBER_MS, RecentStamps } from '../../src/auth/recent-stamps.ts'

describe('one payload used again and again while an older one waits', () => {
  it('the older one still expires first, then the busy one, then the next, in order of last use', () => {
    const stamps = new RecentStamps()
    const OLD = 1
    const BUSY = 2
    const NEXT = 3
    expect(stamps.take(OLD, 1000, 0)).toBe(1000)
    // Over four times the cap: a queue of every use would hold a million entries by now.
    const uses = 4 * MAX_REMEMBERED + 1
    for (let i = 0; i < uses; i++) {
      const stamp = stamps.take(BUSY, 1000, 1)
      if (stamp !== 1000 + i) expect.fail(`use ${i} got ${stamp}, not ${1000 + i}`)
    }
    expect(stamps.take(NEXT, 1000, 2)).toBe(1000)
    expect(stamps.size).toBe(3)

    // At REMEMBER_MS the first payload (used at 0) has expired; the busy one (last used at 1) has not.
    expect(stamps.take(10, 1000, REMEMBER_MS)).toBe(1000)
    expect(stamps.size).toBe(3)
    expect(stamps.take(11, 1000, REMEMBER_MS + 1)).toBe(1000)
    expect(stamps.size).toBe(3) // the busy one has gone
    expect(stamps.take(12, 1000, REMEMBER_MS + 2)).toBe(1000)
    expect(stamps.size).toBe(3) // and the next one
    // The busy payload starts afresh: its stamps have expired.
    expect(stamps.take(BUSY, 1000, REMEMBER_MS + 3)).toBe(1000)
    expect(stamps.take(OLD, 1000, REMEMBER_MS + 3)).toBe(1000)
    expect(stamps.size).toBe(5)
  })
})

/** A small deterministic generator (xorshift32), so a failure replays. */
function generator(seed: number) {
  let state = seed
  return () => {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    return (state >>> 0) / 2 ** 32
  }
}

describe('a memory past its cap for a long time', () => {
  it('remembers the payloads used within REMEMBER_MS, at most MAX_REMEMBERED of them, and never repeats a stamp', () => {
    const stamps = new RecentStamps()
    const random = generator(23)
    /** When each payload was last used (the outside view: what should be remembered). */
    const lastUse = new Map<number, number>()
    const TAKES = 360_000
    const BUSY = 40
    /** Per busy payload, when it got each stamp. */
    const recent = Array.from({ length: BUSY }, () => new Map<number, number>())
    let fresh = 1_000
    for (let i = 0; i < TAKES; i++) {
      // 0.25 ms a take: 160,000 takes a window, far over the cap; later, slower, so the memory drains.
      const mono = i < 300_000 ? i / 4 : 75_000 + (i - 300_000) * 2
      const busy = random() < 0.3
      const key = busy ? Math.floor(random() * BUSY) : fresh++
      // The estimate wanders up to 2 s back and forth around the monotonic time.
      const now = 1e12 + Math.floor(mono) + Math.floor(random() * 4000) - 2000
      const stamp = stamps.take(key, now, mono)
      if (stamp < now) expect.fail(`take ${i}: ${stamp} is before the estimate ${now}`)
      lastUse.set(key, mono)
      if (busy) {
        const before = recent[key]!.get(stamp)
        if (before !== undefined && mono - before < REMEMBER_MS) expect.fail(`payload ${key} got ${stamp} at ${before} and again at ${mono}`)
        recent[key]!.set(stamp, mono)
      }
      if (i % 10_000 === 9_999 || i === TAKES - 1) {
        for (const [known, at] of lastUse) if (mono - at >= REMEMBER_MS) lastUse.delete(known)
        expect({ take: i, size: stamps.size }).toEqual({ take: i, size: Math.min(MAX_REMEMBERED, lastUse.size) })
      }
    }
    // By the end the memory has drained well below its cap (the last 60,000 takes span 120 s).
    expect(stamps.size).toBeLessThan(MAX_REMEMBERED / 2)
  })
})

setFlagsFromString('--expose-gc')
const collectGarbage = runInNewContext('gc') as () => void

describe('a memory that runs for hours', () => {
  it('keeps no trace of payloads it has forgotten: the heap it holds stays flat over a million takes', () => {
    const stamps = new RecentStamps()
    collectGarbage()
    const before = process.memoryUsage().heapUsed
    // A new payload every 20 ms for 20,000 s: 2,000 remembered at a time.
    for (let i = 0; i < 1_000_000; i++) stamps.take(i, 1e12 + i * 20, i * 20)
    collectGarbage()
    const held = process.memoryUsage().heapUsed - before
    expect(stamps.size).toBe(REMEMBER_MS / 20)
    // 2,000 payloads take well under 1 MB; a record of every take would hold over 16 MB.
    expect(held).toBeLessThan(8 * 1024 * 1024)
  })

  it('keeps no pile of uses for a payload used a million times while an older one waits: the heap stays flat', () => {
    const stamps = new RecentStamps()
    collectGarbage()
    const before = process.memoryUsage().heapUsed
    stamps.take(1, 1e12, 0)
    // One payload, polled from a steady estimate, 1.2 million times within one second of monotonic time.
    for (let i = 0; i < 1_200_000; i++) stamps.take(2, 1e12 + Math.floor(i / 1000), i / 1_200_000)
    collectGarbage()
    const held = process.memoryUsage().heapUsed - before
    expect(stamps.size).toBe(2)
    // Two payloads and their runs take a few KB; a record of every use would hold over 19 MB.
    expect(held).toBeLessThan(10 * 1024 * 1024)
  })
})
