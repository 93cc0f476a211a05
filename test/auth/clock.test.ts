import { describe, expect, it } from 'vitest'
import { ServerClock } from '../../src/auth/clock.ts'
import { MAX_LEAD_MS, Stamper } from '../../src/auth/stamper.ts'
import { ExchangeClient, onboard } from '../../src/index.ts'
import { MAX_REMEMBERED, REMEMBER_MS } from '../../src/auth/recent-stamps.ts'

const MINUTE = 60_000
const TEN_MINUTES = 10 * MINUTE

/** Every time below is ms after this one: the clock takes only plausible server times. */
const T0 = Date.UTC(2027, 0, 1)

/** The clock, read and fed in ms after T0 (monotonic times as they are). */
function fromT0(clock: ServerClock) {
  const stamper = new Stamper(clock)
  return {
    stamp: (payload: string, body?: string) => stamper.stamp(payload, body) - T0,
    now: () => clock.now() - T0,
    lead: (stamp: number) => stamper.lead(stamp + T0),
    observe: (serverTime: number, sentAt: number, receivedAt: number, force?: boolean) => clock.observe(serverTime + T0, sentAt, receivedAt, force),
    get offsetMs() {
      return clock.offsetMs
    },
    get synced() {
      return clock.synced
    },
    get rememberedPayloads() {
      return stamper.rememberedPayloads
    },
    stopwatch: () => clock.stopwatch(),
    trusts: (stamp: number) => clock.trusts(stamp + T0),
    checkTrusted: (stamp: number, what: string) => clock.checkTrusted(stamp + T0, what),
    accepted: (stamp: number, signedAt: number) => clock.accepted(stamp + T0, signedAt),
  }
}

/** A wall clock and a monotonic clock the test moves by hand: `pass` moves both, `step` the wall one only. */
function handClocks(wallStart = 1_000, monotonicStart = 0) {
  const time = { wall: T0 + wallStart, monotonic: monotonicStart }
  const clock = fromT0(new ServerClock(() => time.wall, () => time.monotonic))
  return {
    clock,
    time,
    pass(ms: number) {
      time.wall += ms
      time.monotonic += ms
    },
    step(ms: number) {
      time.wall += ms
    },
    /** A sample from a server whose clock reads `serverTime` now, over an instant round trip. */
    serverSays(serverTime: number, force = false) {
      clock.observe(serverTime, time.monotonic, time.monotonic, force)
    },
  }
}

describe('ServerClock timestamps', () => {
  it('gives identical payloads in the same millisecond different timestamps', () => {
    const { clock } = handClocks()
    const stamps = Array.from({ length: 5 }, () => clock.stamp('GET/api/v1/account/overview'))
    expect(new Set(stamps).size).toBe(5)
  })

  it('does not drift forward under a high rate of different requests', () => {
    const { clock } = handClocks()
    for (let i = 0; i < 10_000; i++) expect(clock.stamp(`GET/api/v1/perp/orders/${i}`)).toBe(1_000)
  })

  it('returns to true time once identical requests stop colliding', () => {
    const { clock, pass } = handClocks()
    for (let i = 0; i < 3; i++) clock.stamp('same')
    pass(10)
    expect(clock.stamp('same')).toBe(1_010)
  })

  it('adds the measured offset to local time', () => {
    const { clock } = handClocks(10_000, 10_000)
    clock.observe(70_000, 9_990, 10_010, true) // a measurement: adopted however far
    expect(clock.offsetMs).toBe(60_000)
    expect(clock.stamp('x')).toBe(70_000)
  })
})

describe('ServerClock memory', () => {
  it('keeps only the payloads of the replay window: at one request a millisecond, one window of them', () => {
    const { clock, pass } = handClocks()
    for (let i = 0; i < 100_000; i++) {
      clock.stamp(`payload-${i}`)
      pass(1)
    }
    // Stamped at 0..99 999 ms; those older than the window have left, the window's are all there.
    expect(clock.rememberedPayloads).toBe(REMEMBER_MS)
  })

  it('is capped when more different requests than that arrive within the window', () => {
    const { clock } = handClocks()
    for (let i = 0; i < MAX_REMEMBERED + 5_000; i++) clock.stamp(`payload-${i}`)
    expect(clock.rememberedPayloads).toBe(MAX_REMEMBERED)
  })

  it("does not forget the current millisecond's stamps, even when the cap pushes them out", () => {
    const { clock } = handClocks()
    const first = clock.stamp('same')
    for (let i = 0; i < MAX_REMEMBERED; i++) clock.stamp(`payload-${i}`)
    expect(clock.rememberedPayloads).toBe(MAX_REMEMBERED) // 'same' was the least recently used: it left
    expect(clock.stamp('same')).not.toBe(first)
  })

  it('remembers a stamp for the replay window of monotonic time, wherever the estimate goes meanwhile', () => {
    /** Stamps 'same', lets `ms` pass, steps the server's clock back to that stamp, stamps 'same' again. */
    const againAfter = (ms: number) => {
      const { clock, pass, serverSays } = handClocks()
      serverSays(1_000)
      const first = clock.stamp('same')
      pass(ms)
      serverSays(first, true)
      return clock.stamp('same') - first
    }
    expect(againAfter(REMEMBER_MS - 1)).toBe(1) // still remembered: the next free millisecond
    expect(againAfter(REMEMBER_MS)).toBe(0) // a window old: forgotten
  })

  it('forgets the old stamps of a payload that keeps being used (a poll), not only of idle ones', () => {
    const { clock, pass, serverSays } = handClocks()
    serverSays(1_000)
    const stamps = Array.from({ length: 100 }, () => {
      const stamp = clock.stamp('GET/api/v1/account/overview')
      pass(1_000)
      return stamp
    })
    serverSays(stamps[10]!, true) // 90 s back: that stamp is out of the window, the poll's later ones are not
    expect(clock.stamp('GET/api/v1/account/overview')).toBe(stamps[10])
    serverSays(stamps[70]!, true)
    expect(clock.stamp('GET/api/v1/account/overview')).toBe(stamps[70]! + 1)
  })

  it('forgets the old part of a long flood of one request, so a step back of the server clock does not hold it', () => {
    const { clock, pass, serverSays } = handClocks()
    serverSays(1_000)
    for (let i = 0; i < 60_000; i++) {
      clock.stamp('same') // one a millisecond for a minute: consecutive stamps
      pass(1)
    }
    serverSays(11_000, true) // back 50 s: the flood's stamps from then are 50 s old
    const stamp = clock.stamp('same')
    expect(stamp).toBe(11_000)
    expect(clock.lead(stamp)).toBe(0)
  })

  it('does not let a stamp forgotten early far ahead of the estimate (a refused one) push other stamps ahead', () => {
    const { clock, step, serverSays } = handClocks(1_000_000)
    step(TEN_MINUTES) // not measured yet: the estimate is the wall clock, ten minutes fast
    expect(clock.stamp('refused')).toBe(1_000_000 + TEN_MINUTES)
    serverSays(1_000_000, true)
    // MAX_REMEMBERED more payloads push 'refused' out early. Each new one gets the estimate itself; one
    // whose 30-bit key collides with an earlier one's is that payload to the memory (it gets the next millisecond).
    for (let i = 0, fresh = 0; fresh < MAX_REMEMBERED; i++) if (clock.stamp(`payload-${i}`) === 1_000_000) fresh++
    expect(clock.stamp('new')).toBe(1_000_000)
    // ('new' pushed out 'payload-0', which had 1 000 000: the next stamp may not have it.)
    expect(clock.stamp('refused')).toBe(1_000_001)
  })
})

describe('ServerClock when the local wall clock steps', () => {
  const steps: [string, number][] = [['back 30 s', -30_000], ['back 10 min', -10 * MINUTE], ['forward 10 min', 10 * MINUTE]]

  it.each(steps)('%s: the measured estimate does not move, and a repeated request is not held', (_, step) => {
    const { clock, pass, step: stepWall, serverSays } = handClocks(1_767_225_600_000, 5_000)
    serverSays(1_767_225_600_000)
    const before = clock.stamp('GET/api/v1/account/overview')
    pass(1)
    stepWall(step)
    expect(clock.now()).toBe(before + 1)
    expect(clock.offsetMs).toBe(-step)
    const after = clock.stamp('GET/api/v1/account/overview')
    expect(after).toBe(before + 1)
    expect(clock.lead(after)).toBe(0)
  })

  it('follows the wall clock before any sample: it is the only guess there is', () => {
    const { clock, step } = handClocks(1_000_000)
    step(-30_000)
    expect(clock.now()).toBe(970_000)
    expect(clock.synced).toBe(false)
  })

  it('never repeats a stamp when the unmeasured estimate steps back with the wall clock', () => {
    const { clock, pass, step } = handClocks(1_000_000)
    const seen = new Set<number>()
    for (let i = 0; i < 50; i++) {
      seen.add(clock.stamp('same'))
      pass(100)
      if (i % 10 === 9) step(-1_000)
    }
    expect(seen.size).toBe(50)
  })

  it('times a deadline by whichever clock says more time passed', () => {
    const { clock, pass, step } = handClocks()
    const elapsed = clock.stopwatch()
    pass(100)
    step(-60_000) // the wall clock went back: the monotonic one still counts 100 ms
    expect(elapsed()).toBe(100)
    step(360_000) // a laptop that slept: the monotonic clock stood still, the wall clock did not
    expect(elapsed()).toBe(300_100)
  })

  it('refuses clocks that are not functions, naming the option', () => {
    expect(() => new ServerClock(5 as never)).toThrow(expect.objectContaining({ field: 'now' }))
    expect(() => new ServerClock(Date.now, 'soon' as never)).toThrow(expect.objectContaining({ field: 'monotonicNow' }))
  })
})

describe('ServerClock offset filter', () => {
  it('prefers the sample with the shortest round trip', () => {
    const { clock } = handClocks(0, 0)
    clock.observe(1_000, 0, 100) // offset 950 ± 50
    clock.observe(1_010, 50, 60) // offset 955 ± 5: more precise
    expect(clock.offsetMs).toBe(955)
    clock.observe(1_100, 100, 180) // offset 960 ± 40: consistent and less precise, ignored
    expect(clock.offsetMs).toBe(955)
  })

  it('follows a server clock that drifted within the tolerance, even on an imprecise sample', () => {
    const { clock } = handClocks(0, 0)
    clock.observe(1_000, 995, 1_005)
    clock.observe(21_000, 900, 1_100) // 20 s later than the estimate allows
    expect(clock.offsetMs).toBe(20_000)
  })

  it('ignores an unasked sample further off than the tolerance (stale or altered); a forced measurement is taken', () => {
    const { clock } = handClocks(0, 0)
    clock.observe(1_000, 995, 1_005)
    clock.observe(301_000, 999, 1_001) // five minutes off, however precise: the service accepted a call signed at our time
    clock.observe(1_000 - 120_000, 999, 1_001) // two minutes back: a cached answer
    expect(clock.offsetMs).toBe(0)
    clock.observe(301_000, 900, 1_100, true) // measured because the service refused our clock
    expect(clock.offsetMs).toBe(300_000)
  })

  it('adopts a forced measurement even when it is less precise and within the error of the last one', () => {
    const { clock } = handClocks(0, 0)
    clock.observe(1_000, 999, 1_001) // offset 0 ± 1
    clock.observe(1_020, 900, 1_100) // offset 20 ± 100: less precise, and no contradiction
    expect(clock.offsetMs).toBe(0)
    clock.observe(1_020, 900, 1_100, true)
    expect(clock.offsetMs).toBe(20)
  })

  it('ignores samples that are not numbers', () => {
    const { clock } = handClocks()
    clock.observe(Number.NaN, 0, 1)
    expect(clock.synced).toBe(false)
  })

  it.each([-1e12, 0, 1_767_225_600, 1e13, 1e21, Number.POSITIVE_INFINITY])('ignores the implausible time %d, even measured: it would sign as no timestamp at all', (serverTime) => {
    const clock = new ServerClock(() => T0, () => 0)
    clock.observe(serverTime, 0, 0)
    clock.observe(serverTime, 0, 0, true)
    expect(clock.synced).toBe(false)
    expect(clock.now()).toBe(T0)
    expect(String(new Stamper(clock).stamp('GET/api/v1/account/overview'))).toMatch(/^\d{13}$/)
  })
})

describe('ServerClock: what a write or a login message may be dated by', () => {
  const HOUR = 3_600_000

  it('the local clock, and a measured time within the tolerance of it', () => {
    const { clock, serverSays } = handClocks()
    expect(clock.trusts(1_000)).toBe(true)
    serverSays(1_000 + 30_000, true)
    expect(clock.trusts(clock.now())).toBe(true)
    serverSays(1_000 + 30_001, true)
    expect(clock.trusts(clock.now())).toBe(false)
  })

  it('not a measured time an hour ahead, until a signed call at that time was accepted', () => {
    const { clock, serverSays, pass } = handClocks(0, 500)
    serverSays(HOUR, true)
    expect(clock.trusts(clock.now())).toBe(false)
    expect(() => clock.checkTrusted(clock.now(), 'The write')).toThrow(expect.objectContaining({ kind: 'clock', message: expect.stringMatching(/^The write was not signed: the measured server clock is 3600 s from this host's.*unconfirmed \(see maxUnconfirmedClockOffsetMs\)$/) }))
    clock.accepted(clock.now(), 500)
    pass(60_000)
    expect(clock.trusts(clock.now())).toBe(true)
    expect(clock.trusts(clock.now() + 30_001)).toBe(false)
    expect(() => clock.checkTrusted(clock.now(), 'The write')).not.toThrow()
  })

  it('the confirmation follows the monotonic clock: a step of the wall clock does not undo it', () => {
    const { clock, serverSays, step } = handClocks(0, 0)
    serverSays(0)
    clock.accepted(clock.now(), 0)
    step(-10 * MINUTE)
    expect(clock.trusts(clock.now())).toBe(true)
  })

  it('anything within maxUnconfirmedOffsetMs of the local clock, for a host whose clock is known wrong', () => {
    const time = { wall: T0, monotonic: 0 }
    const clock = new ServerClock(() => time.wall, () => time.monotonic, HOUR)
    clock.observe(T0 + HOUR, 0, 0, true)
    expect(clock.trusts(clock.now())).toBe(true)
    clock.observe(T0 + HOUR + 1, 0, 0, true)
    expect(clock.trusts(clock.now())).toBe(false)
    // Never less than the tolerance.
    expect(new ServerClock(() => T0, () => 0, 5).trusts(T0 + 30_000)).toBe(true)
  })

  it.each([-1, Number.NaN, 'an hour'])('a client refuses maxUnconfirmedClockOffsetMs %s, naming the option', async (value) => {
    expect(() => new ExchangeClient({ baseUrl: 'https://api.example.test', maxUnconfirmedClockOffsetMs: value as never })).toThrow(
      expect.objectContaining({ kind: 'validation', field: 'maxUnconfirmedClockOffsetMs', message: 'maxUnconfirmedClockOffsetMs: must be a number of ms, 0 or more' }),
    )
    await expect(onboard({ baseUrl: 'https://api.example.test', signer: { address: '0x', walletType: 'evm', signMessage: async () => '' }, maxUnconfirmedClockOffsetMs: value as never })).rejects.toMatchObject({ field: 'maxUnconfirmedClockOffsetMs' })
  })

  it('a ServerClock given no number as the allowance trusts only what a signed call confirmed', () => {
    const clock = new ServerClock(() => T0, () => 0, Number.NaN)
    expect(clock.trusts(T0)).toBe(false)
    clock.accepted(T0, 0)
    expect(clock.trusts(T0)).toBe(true)
  })
})

describe('ServerClock after the server clock steps back', () => {
  it('stamps on the new estimate instead of counting up from old stamps', () => {
    const { clock, serverSays } = handClocks(1_000_000, 1_000_000)
    serverSays(1_000_000)
    clock.stamp('same')
    serverSays(1_000_000 - 3_600_000, true)
    expect(clock.stamp('same')).toBe(1_000_000 - 3_600_000)
  })

  it('never hands out a stamp again when the step back is shorter than the replay window', () => {
    const { clock, pass, serverSays } = handClocks(1_000_000, 1_000_000)
    serverSays(1_000_000)
    pass(10_000)
    const first = clock.stamp('same')
    pass(1)
    serverSays(first - 10_000 + 1, true) // ten seconds back
    pass(10_000 - 1)
    expect(clock.now()).toBe(first)
    const second = clock.stamp('same')
    expect(second).not.toBe(first)
    expect(clock.lead(second)).toBe(0)
  })
})

describe('ServerClock under a flood of identical requests', () => {
  it('asks to hold a stamp that runs more than MAX_LEAD_MS ahead', () => {
    const { clock } = handClocks(5_000)
    const stamps = Array.from({ length: MAX_LEAD_MS + 500 }, () => clock.stamp('GET/api/v1/account/overview'))
    expect(clock.lead(stamps[MAX_LEAD_MS - 1]!)).toBe(0)
    expect(clock.lead(stamps.at(-1)!)).toBe(499)
  })
})
