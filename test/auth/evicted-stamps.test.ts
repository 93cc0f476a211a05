import { describe, expect, it } from 'vitest'
import { EvictedStamps } from '../../src/auth/evicted-stamps.ts'

const LIFETIME = 40_000

describe('EvictedStamps', () => {
  it('holds every pair it was given (no false negative), for 100,000 pairs', () => {
    const evicted = new EvictedStamps(LIFETIME)
    const pairs = Array.from({ length: 100_000 }, (_, i) => [i * 7_919 + 2 ** 40, 1_767_225_600_000 + (i % 977)] as const)
    for (const [key, stamp] of pairs) evicted.add(key, stamp, 0)
    expect(pairs.every(([key, stamp]) => evicted.has(key, stamp, LIFETIME - 1))).toBe(true)
  })

  it('keeps a pair for at least its lifetime, across a generation swap, and lets it go after two', () => {
    const evicted = new EvictedStamps(LIFETIME)
    evicted.add(1, 1_000, 0) // opens a generation at 0
    evicted.add(2, 2_000, LIFETIME - 1) // late in that generation
    expect(evicted.has(2, 2_000, 2 * LIFETIME - 2)).toBe(true) // swapped at that first look, still held
    expect(evicted.has(1, 1_000, 2 * LIFETIME - 2)).toBe(true)
    expect(evicted.has(2, 2_000, 3 * LIFETIME)).toBe(false)
  })

  it('rarely claims a pair it never saw', () => {
    const evicted = new EvictedStamps(LIFETIME)
    for (let i = 0; i < 50_000; i++) evicted.add(i, 1_000 + i, 0)
    let claimed = 0
    for (let i = 0; i < 50_000; i++) if (evicted.has(i, 999, 1)) claimed++
    expect(claimed).toBeLessThan(1_000) // about 0.9% expected with 50,000 pairs in 2^20 bits
  })
})
