import { describe, expect, it } from 'vitest'
import { MAX_LEAD_MS, ServerClock } from '../../src/auth/clock.ts'

describe('ServerClock timestamps', () => {
  it('gives identical payloads in the same millisecond different timestamps', () => {
    const clock = new ServerClock(() => 1_000)
    const stamps = Array.from({ length: 5 }, () => clock.stamp('GET/api/v1/account/overview'))
    expect(new Set(stamps).size).toBe(5)
  })

  it('does not drift forward under a high rate of different requests', () => {
    const clock = new ServerClock(() => 1_000)
    for (let i = 0; i < 10_000; i++) expect(clock.stamp(`GET/api/v1/perp/orders/${i}`)).toBe(1_000)
  })

  it('returns to true time once identical requests stop colliding', () => {
    let now = 1_000
    const clock = new ServerClock(() => now)
    for (let i = 0; i < 3; i++) clock.stamp('same')
    now = 1_010
    expect(clock.stamp('same')).toBe(1_010)
  })

  it('keeps its memory of recent stamps bounded', () => {
    let now = 0
    const clock = new ServerClock(() => now)
    for (let i = 0; i < 100_000; i++) {
      now = i
      clock.stamp(`payload-${i}`)
    }
    // Old entries are swept; a repeat of an old payload gets the current time.
    expect(clock.stamp('payload-5')).toBe(now)
  })

  it('adds the measured offset to local time', () => {
    const clock = new ServerClock(() => 10_000)
    clock.observe(70_000, 9_990, 10_010)
    expect(clock.offsetMs).toBe(60_000)
    expect(clock.stamp('x')).toBe(70_000)
  })
})

describe('ServerClock offset filter', () => {
  it('prefers the sample with the shortest round trip', () => {
    const clock = new ServerClock(() => 0)
    clock.observe(1_000, 0, 100) // offset 950 ± 50
    clock.observe(1_010, 50, 60) // offset 955 ± 5: more precise
    expect(clock.offsetMs).toBe(955)
    clock.observe(1_100, 100, 180) // offset 960 ± 40: consistent and less precise, ignored
    expect(clock.offsetMs).toBe(955)
  })

  it('follows a server clock that jumped, even on an imprecise sample', () => {
    const clock = new ServerClock(() => 0)
    clock.observe(1_000, 995, 1_005)
    clock.observe(301_000, 900, 1_100) // five minutes later than the estimate allows
    expect(clock.offsetMs).toBe(300_000)
  })

  it('ignores samples that are not numbers', () => {
    const clock = new ServerClock(() => 0)
    clock.observe(Number.NaN, 0, 1)
    expect(clock.synced).toBe(false)
  })
})

describe('ServerClock after the server clock jumps back', () => {
  it('stamps on the new offset instead of counting up from old stamps', () => {
    const clock = new ServerClock(() => 1_000_000)
    clock.stamp('same')
    clock.observe(1_000_000 - 3_600_000, 999_999, 1_000_001, true)
    expect(clock.stamp('same')).toBe(1_000_000 - 3_600_000)
  })
})

describe('ServerClock under a flood of identical requests', () => {
  it('asks to hold a stamp that runs more than MAX_LEAD_MS ahead', () => {
    const clock = new ServerClock(() => 5_000)
    const stamps = Array.from({ length: MAX_LEAD_MS + 500 }, () => clock.stamp('GET/api/v1/account/overview'))
    expect(clock.lead(stamps[MAX_LEAD_MS - 1]!)).toBe(0)
    expect(clock.lead(stamps.at(-1)!)).toBe(499)
  })
})
