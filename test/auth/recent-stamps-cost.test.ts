import { describe, expect, it } from 'vitest'
import { MAX_REMEMBERED, RecentStamps } from '../../src/auth/recent-stamps.ts'

function medianOf(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b)
  return sorted[sorted.length >> 1]!
}

describe('RecentStamps cost at its cap', () => {
  it('a take at the cap (forgetting the oldest payload each time) costs about what one below it does (generous ratio)', () => {
    let mono = 0
    let key = 0
    const full = new RecentStamps()
    for (let i = 0; i <= MAX_REMEMBERED; i++) full.take(key++, Math.round((mono += 0.01)), mono)
    const atCap: number[] = []
    const belowCap: number[] = []
    // Interleaved rounds, so a slow spell of a shared machine hits both sides.
    for (let round = 0; round < 9; round++) {
      const fresh = new RecentStamps()
      let started = performance.now()
      for (let i = 0; i < 2_000; i++) fresh.take(key++, Math.round((mono += 0.01)), mono)
      belowCap.push(performance.now() - started)
      started = performance.now()
      for (let i = 0; i < 2_000; i++) full.take(key++, Math.round((mono += 0.01)), mono)
      atCap.push(performance.now() - started)
    }
    expect(full.size).toBe(MAX_REMEMBERED)
    // A walk over the forgotten payloads' leftovers on every take made it 20-30 times dearer.
    expect(medianOf(atCap) / medianOf(belowCap)).toBeLessThan(6)
  })
})
