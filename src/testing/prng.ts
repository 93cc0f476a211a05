/**
 * Deterministic pseudo-randomness, so a run repeats: the market's demo data (klines, trades,
 * leaderboards follow from the seed and the clock alone) and the odds of injected faults.
 */

/** A 32-bit hash (FNV-1a, then a mulberry32 round to spread the bits) of the parts. */
function hash32(...parts: readonly (string | number)[]): number {
  let h = 0x811c9dc5
  for (const char of parts.join('|')) {
    h ^= char.codePointAt(0)!
    h = Math.imul(h, 0x01000193)
  }
  return mix(h)
}

/** An integer in [low, high], fixed by the parts. */
export function pick(low: number, high: number, ...parts: readonly (string | number)[]): number {
  return low + (hash32(...parts) % (high - low + 1))
}

/** A `Math.random`-like source (floats in [0, 1)) that repeats for the same seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    return mix(state) / 2 ** 32
  }
}

function mix(value: number): number {
  let t = value >>> 0
  t = Math.imul(t ^ (t >>> 15), t | 1)
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
  return (t ^ (t >>> 14)) >>> 0
}
