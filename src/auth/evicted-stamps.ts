/** Bits per generation: 128 KiB, allocated only once the clock's memory overflows. */
const BITS = 1 << 20

/** Murmur3's finaliser over two 32-bit words. */
function mix(a: number, b: number): number {
  let h = Math.imul(a ^ Math.imul(b, 0xcc9e2d51), 0x1b873593)
  h ^= h >>> 15
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  return (h ^ (h >>> 16)) >>> 0
}

/**
 * (payload key, timestamp) pairs forgotten early, in a fixed-size Bloom filter: it may claim a pair it
 * never saw (then that payload merely gets another timestamp), never the reverse (so no pair is handed
 * out twice). Two generations, swapped every `lifetimeMs` of monotonic time, keep each pair at least
 * that long and at most twice.
 */
export class EvictedStamps {
  readonly #lifetimeMs: number
  #current: Uint32Array | undefined
  #previous: Uint32Array | undefined
  #since = Number.NEGATIVE_INFINITY

  constructor(lifetimeMs: number) {
    this.#lifetimeMs = lifetimeMs
  }

  add(key: number, stamp: number, mono: number): void {
    this.#age(mono)
    const bits = (this.#current ??= new Uint32Array(BITS / 32))
    for (const bit of this.#bits(key, stamp)) bits[bit >>> 5]! |= 1 << (bit & 31)
  }

  has(key: number, stamp: number, mono: number): boolean {
    this.#age(mono)
    const [first, second] = this.#bits(key, stamp)
    const holds = (bits: Uint32Array | undefined) => bits !== undefined && (bits[first >>> 5]! & (1 << (first & 31))) !== 0 && (bits[second >>> 5]! & (1 << (second & 31))) !== 0
    return holds(this.#current) || holds(this.#previous)
  }

  /** Everything in the previous generation is at least a lifetime old once the current one is. */
  #age(mono: number): void {
    if (mono - this.#since < this.#lifetimeMs) return
    this.#previous = this.#current
    this.#current = undefined
    this.#since = mono
  }

  #bits(key: number, stamp: number): [number, number] {
    const low = mix(key >>> 0, stamp >>> 0)
    const high = mix(Math.floor(key / 0x1_0000_0000) ^ low, Math.floor(stamp / 0x1_0000_0000))
    return [low & (BITS - 1), high & (BITS - 1)]
  }
}
