// The clock's rules as pure functions, checked directly: which times are plausible, which samples
// move the estimate, which stamps may date a write or a login message.
import { describe, expect, it } from 'vitest'
import { adoptsSample, isPlausibleTime, maySignAt, TIMESTAMP_TOLERANCE_MS } from '../../src/auth/clock-rules.ts'

const NOW = Date.UTC(2027, 0, 1)

describe('isPlausibleTime', () => {
  it.each([
    [NOW, true],
    [1e12, true],
    [1e13 - 1, true],
    [1e12 - 1, false], // 2001
    [1e13, false], // 2286
    [1_767_225_600, false], // seconds, not ms
    [-1e12, false],
    [1e21, false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
  ])('%d → %s', (ms, plausible) => expect(isPlausibleTime(ms)).toBe(plausible))
})

describe('adoptsSample (gap from the estimate, half round trip, held uncertainty, forced)', () => {
  it.each([
    ['a forced measurement, however far', [3_600_000, 50, 1, true], true],
    ['the first sample (held: Infinity), within the tolerance', [TIMESTAMP_TOLERANCE_MS + 10, 10, Infinity, false], true],
    ['the first sample, beyond the tolerance and its round trip', [TIMESTAMP_TOLERANCE_MS + 11, 10, Infinity, false], false],
    ['a more precise one, consistent', [3, 5, 10, false], true],
    ['an equally precise one', [3, 10, 10, false], true],
    ['a less precise one, consistent', [3, 40, 10, false], false],
    ['a less precise one that contradicts the estimate (drift)', [52, 40, 10, false], true],
    ['a less precise one just within its error bars', [51, 40, 10, false], false],
    ['a precise one an hour off (an altered answer)', [3_600_000, 1, 10, false], false],
    ['a precise one two minutes back (a cached answer)', [120_000, 1, 10, false], false],
  ] as const)('%s', (_, [gap, uncertainty, held, forced], adopted) => {
    expect(adoptsSample(gap, uncertainty, held, forced)).toBe(adopted)
  })
})

describe('maySignAt (stamp, local clock, server time last accepted, allowance)', () => {
  const HOUR = 3_600_000
  it.each([
    ['the local time', [NOW, NOW, Number.NaN, TIMESTAMP_TOLERANCE_MS], true],
    ['30 s from the local clock', [NOW + 30_000, NOW, Number.NaN, TIMESTAMP_TOLERANCE_MS], true],
    ['30 s + 1 ms ahead, unconfirmed', [NOW + 30_001, NOW, Number.NaN, TIMESTAMP_TOLERANCE_MS], false],
    ['30 s + 1 ms behind, unconfirmed', [NOW - 30_001, NOW, Number.NaN, TIMESTAMP_TOLERANCE_MS], false],
    ['an hour ahead, unconfirmed', [NOW + HOUR, NOW, Number.NaN, TIMESTAMP_TOLERANCE_MS], false],
    ['an hour ahead, a signed call accepted at that time', [NOW + HOUR, NOW, NOW + HOUR - 30_000, TIMESTAMP_TOLERANCE_MS], true],
    ['an hour ahead, the accepted time 30 s + 1 ms away', [NOW + HOUR, NOW, NOW + HOUR + 30_001, TIMESTAMP_TOLERANCE_MS], false],
    ['an hour ahead, the user allowed an hour', [NOW + HOUR, NOW, Number.NaN, HOUR], true],
    ['an hour and 1 ms ahead, the user allowed an hour', [NOW + HOUR + 1, NOW, Number.NaN, HOUR], false],
  ] as const)('%s', (_, [stamp, localNow, acceptedNow, allowance], allowed) => {
    expect(maySignAt(stamp, localNow, acceptedNow, allowance)).toBe(allowed)
  })
})
