import { EvictedStamps } from './evicted-stamps.ts'

/**
 * How long a timestamp handed out for a payload is remembered: the service's single-use window
 * ("about 35 s") and a margin.
 */
export const REMEMBER_MS = 40_000
/** At most this many payloads are remembered (about 1,600 different requests a second for 40 s). */
export const MAX_REMEMBERED = 65_536
/** A run of consecutive stamps spans at most this much monotonic time, so a long flood expires piecewise. */
const RUN_SPAN_MS = 1_000

/** Timestamps `from`..`to` were handed out between monotonic times `since` and `at`. */
interface Run {
  from: number
  to: number
  since: number
  at: number
}

/** What is remembered of one payload: its runs sorted by `from`, disjoint, and when it was last used. */
interface Payload {
  runs: Run[]
  lastAt: number
}

/**
 * A stamp is forgotten REMEMBER_MS of monotonic time after it was handed out: the service remembers a
 * signature about that long after it arrives, and no step of either wall clock moves that time.
 */
const expired = (at: number, mono: number) => mono - at >= REMEMBER_MS

/** Index of the first run that ends at or after `stamp`. */
function firstRunReaching(runs: Run[], stamp: number): number {
  let low = 0
  let high = runs.length
  while (low < high) {
    const mid = (low + high) >>> 1
    if (runs[mid]!.to < stamp) low = mid + 1
    else high = mid
  }
  return low
}

/**
 * The timestamps handed out per payload key over the last REMEMBER_MS, so that no payload gets the
 * same timestamp twice within the service's replay window, whatever the estimate of server time
 * does (it moves back when the server's clock does). Bounded: expired payloads leave in order of
 * last use (a Map keeps insertion order and each use re-inserts), and past MAX_REMEMBERED the least
 * recently used leaves early, into a fixed-size filter that still never lets its stamps out again
 * within the window.
 */
export class RecentStamps {
  readonly #byKey = new Map<number, Payload>()
  readonly #evicted = new EvictedStamps(REMEMBER_MS)

  /** Payloads remembered now. */
  get size(): number {
    return this.#byKey.size
  }

  /**
   * The timestamp for payload `key`: `now` (the estimate of server time) unless this payload already
   * used it, else the next free one after it. `mono` is the monotonic time.
   */
  take(key: number, now: number, mono: number): number {
    this.#sweep(mono)
    const known = this.#byKey.get(key)
    const payload = known ?? { runs: [], lastAt: mono }
    if (known) this.#byKey.delete(key) // re-inserted below: the Map's order is the order of last use
    const runs = payload.runs
    // The oldest stamps are the lowest while the estimate runs forward: they leave from the front (a
    // run left behind by a step back leaves once it gets there).
    while (runs.length > 0 && expired(runs[0]!.at, mono)) runs.shift()

    // The first stamp from `now` on that neither this payload's runs nor its stamps forgotten early hold.
    let stamp = now
    let i: number
    do {
      while (this.#evicted.has(key, stamp, mono)) stamp++
      for (i = firstRunReaching(runs, stamp); i < runs.length && runs[i]!.from <= stamp; i++) stamp = runs[i]!.to + 1
    } while (this.#evicted.has(key, stamp, mono))
    const before = runs[i - 1]
    if (before !== undefined && before.to === stamp - 1 && mono - before.since < RUN_SPAN_MS) {
      before.to = stamp
      before.at = mono
    } else {
      runs.splice(i, 0, { from: stamp, to: stamp, since: mono, at: mono })
    }
    payload.lastAt = mono
    this.#byKey.set(key, payload)
    if (this.#byKey.size > MAX_REMEMBERED) this.#forgetOldest(mono)
    return stamp
  }

  /** Drops expired payloads from the least recently used end, stopping at the first live one. */
  #sweep(mono: number): void {
    for (const [key, payload] of this.#byKey) {
      if (!expired(payload.lastAt, mono)) return
      this.#byKey.delete(key)
    }
  }

  #forgetOldest(mono: number): void {
    const [key, { runs }] = this.#byKey.entries().next().value!
    this.#byKey.delete(key)
    for (const run of runs) {
      if (expired(run.at, mono)) continue
      for (let stamp = run.from; stamp <= run.to; stamp++) this.#evicted.add(key, stamp, mono)
    }
  }
}
