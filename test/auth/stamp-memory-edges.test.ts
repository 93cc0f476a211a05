// The stamp memory at its edges: the run of consecutive stamps (at most RUN_SPAN_MS long), the floor
// left by a payload forgotten early (raised by the highest live stamp, no further ahead than
// MAX_LEAD_MS, expiring with it), read through RecentStamps with hand-set clocks.
import { describe, expect, it } from 'vitest'
import { MAX_LEAD_MS, MAX_REMEMBERED, REMEMBER_MS, RecentStamps } from '../../src/auth/recent-stamps.ts'

const KEY = 1

/** Fills the memory with `count` other payloads stamped at `now`, from key 1000 on. */
function fill(stamps: RecentStamps, count: number, now: number, mono: number) {
  for (let i = 0; i < count; i++) stamps.take(1000 + i, now, mono)
}

describe('a run of consecutive stamps spans under 1000 ms of monotonic time', () => {
  it('a stamp taken 1000 ms after the run began starts a new run, which outlives the first', () => {
    const stamps = new RecentStamps()
    expect(stamps.take(KEY, 1000, 0)).toBe(1000)
    expect(stamps.take(KEY, 1000, 1000)).toBe(1001)
    // The first run (last used at 0) has expired; the second (at 1000) has not.
    expect(stamps.take(KEY, 1000, REMEMBER_MS)).toBe(1000)
  })

  it('a stamp taken within the span extends the run, and the whole run lives as long as its last use', () => {
    const stamps = new RecentStamps()
    expect(stamps.take(KEY, 1000, 600)).toBe(1000)
    expect(stamps.take(KEY, 1000, 900)).toBe(1001)
    // One run, used last at 900: at 600 + REMEMBER_MS nothing of it has expired.
    expect(stamps.take(KEY, 1000, 600 + REMEMBER_MS)).toBe(1002)
  })
})

describe('the floor a payload forgotten early leaves', () => {
  it('is lifted by its highest stamp, and applies only while above the estimate', () => {
    const stamps = new RecentStamps()
    fill(stamps, MAX_REMEMBERED + 1, 1000, 0) // the first payload (stamp 1000) is forgotten
    expect(stamps.size).toBe(MAX_REMEMBERED)
    expect(stamps.take(1000, 1000, 1)).toBe(1001) // the forgotten payload cannot get 1000 again
    expect(stamps.take(KEY, 2000, 2)).toBe(2000) // an estimate past the floor is used as it is
  })

  it('keeps the highest of the forgotten stamps and the latest of their times', () => {
    const stamps = new RecentStamps()
    stamps.take(KEY, 1500, 0) // the oldest: forgotten first, with stamp 1500 used at 0
    stamps.take(KEY + 1, 1000, 5) // forgotten second, with stamp 1000 used at 5
    fill(stamps, MAX_REMEMBERED, 1000, 6)
    expect(stamps.size).toBe(MAX_REMEMBERED)
    expect(stamps.take(7, 1200, 7)).toBe(1501) // the floor is 1500, not 1000
    // Over the cap, each new payload forgets one more (the fill's, used at 6): at REMEMBER_MS + 2 the
    // floor, last lifted at 6, still holds …
    expect(stamps.take(8, 1200, REMEMBER_MS + 2)).toBe(1501)
    // … and once it has expired, the estimate is used again.
    expect(stamps.take(9, 1200, REMEMBER_MS + 6)).toBe(1200)
  })

  it('counts a forgotten stamp exactly MAX_LEAD_MS ahead of the estimate, not one further', () => {
    const atLead = new RecentStamps()
    atLead.take(KEY, 1000 + MAX_LEAD_MS, 0)
    fill(atLead, MAX_REMEMBERED, 1000, 1)
    expect(atLead.take(7, 1000, 2)).toBe(1000 + MAX_LEAD_MS + 1)

    const beyond = new RecentStamps()
    beyond.take(KEY, 1001 + MAX_LEAD_MS, 0)
    fill(beyond, MAX_REMEMBERED, 1000, 1)
    expect(beyond.take(7, 1000, 2)).toBe(1000)
  })
})
