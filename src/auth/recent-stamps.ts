/**
 * How long a timestamp handed out for a payload is remembered: the service's single-use window
 * ("about 35 s") and a margin.
 */
export const REMEMBER_MS = 40_000
/** At most this many payloads are remembered (about 1,600 different requests a second for 40 s). */
export const MAX_REMEMBERED = 65_536

/** Timestamps `from`..`to` were handed out, the last of them at monotonic time `at`. */
interface Run {
  from: number
  to: number
  at: number
}

/** What is remembered of one payload: its runs sorted by `from`, disjoint. */
interface Payload {
  runs: Run[]
  /** The latest `at` and the highest `to` of its runs, to tell at a glance whether it expired. */
  lastAt: number
  maxTo: number
}

/**
 * A stamp is forgotten once both clocks say it is out of every window: REMEMBER_MS of monotonic time
 * since it was handed out (the service remembers a signature that long after it arrives), and
 * REMEMBER_MS between it and the estimate of server time (a server whose clock stepped back keeps
 * it longer, by its own clock).
 */
const expired = (to: number, at: number, now: number, mono: number) => mono - at >= REMEMBER_MS && now - to >= REMEMBER_MS

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
 * recently used leaves early; the highest stamp forgotten early then floors every stamp until it
 * expires, so forgetting early never allows a repeat.
 */
export class RecentStamps {
  readonly #byKey = new Map<number, Payload>()
  #forgottenTo = Number.NEGATIVE_INFINITY
  #forgottenAt = Number.NEGATIVE_INFINITY

  /** Payloads remembered now. */
  get size(): number {
    return this.#byKey.size
  }

  /**
   * The timestamp for payload `key`: `now` (the estimate of server time) unless this payload already
   * used it, else the next free one after it. `mono` is the monotonic time.
   */
  take(key: number, now: number, mono: number): number {
    this.#sweep(now, mono)
    const known = this.#byKey.get(key)
    const payload = known ?? { runs: [], lastAt: mono, maxTo: now }
    if (known) this.#byKey.delete(key) // re-inserted below: the Map's order is the order of last use
    const runs = payload.runs
    let stale = 0
    while (stale < runs.length && expired(runs[stale]!.to, runs[stale]!.at, now, mono)) stale++
    if (stale > 0) runs.splice(0, stale)

    let stamp = expired(this.#forgottenTo, this.#forgottenAt, now, mono) ? now : Math.max(now, this.#forgottenTo + 1)
    let i = firstRunReaching(runs, stamp)
    for (; i < runs.length && runs[i]!.from <= stamp; i++) stamp = runs[i]!.to + 1
    const before = runs[i - 1]
    if (before !== undefined && before.to === stamp - 1) {
      before.to = stamp
      before.at = mono
    } else {
      runs.splice(i, 0, { from: stamp, to: stamp, at: mono })
    }
    payload.lastAt = mono
    payload.maxTo = Math.max(payload.maxTo, stamp)
    this.#byKey.set(key, payload)
    if (this.#byKey.size > MAX_REMEMBERED) this.#forgetOldest(now, mono)
    return stamp
  }

  /** Drops expired payloads from the least recently used end, stopping at the first live one. */
  #sweep(now: number, mono: number): void {
    for (const [key, payload] of this.#byKey) {
      if (!expired(payload.maxTo, payload.lastAt, now, mono)) return
      this.#byKey.delete(key)
    }
  }

  #forgetOldest(now: number, mono: number): void {
    const [key, payload] = this.#byKey.entries().next().value!
    this.#byKey.delete(key)
    if (expired(payload.maxTo, payload.lastAt, now, mono)) return
    this.#forgottenTo = Math.max(this.#forgottenTo, payload.maxTo)
    this.#forgottenAt = Math.max(this.#forgottenAt, payload.lastAt)
  }
}
