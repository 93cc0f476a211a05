/**
 * How far ahead of the server's clock a timestamp may be sent: the service accepts 30 s either way,
 * and a flood of identical requests (each needs its own millisecond) may borrow up to this much.
 */
export const MAX_LEAD_MS = 5000
/**
 * How long a timestamp handed out for a payload is remembered: the service's single-use window
 * ("about 35 s") and a margin, in monotonic time, which no step of either wall clock moves.
 */
export const REMEMBER_MS = 40_000
/** At most this many payloads are remembered (about 1,600 different requests a second for 40 s). */
export const MAX_REMEMBERED = 65_536
/** A run of consecutive stamps spans at most this much monotonic time, so a long flood expires piecewise. */
const RUN_SPAN_MS = 1_000

/**
 * A payload's runs, flat: timestamps `from`..`to` were handed out between monotonic times `since` and
 * `at`, four numbers a run (FROM, TO, SINCE, AT), so a stamp allocates no object and no boxed number per run.
 */
// FROM, a run's first number, is at its start (offset 0).
const TO = 1
const SINCE = 2
const AT = 3
const RUN = 4

/** What is remembered of one payload: its runs sorted by `from`, disjoint, when it was last used, and that use's place in the order. */
interface Payload {
  runs: number[]
  at: number
  use: number
}

const expired = (at: number, mono: number) => mono - at >= REMEMBER_MS

/**
 * The timestamps handed out per payload key over the last REMEMBER_MS, so that no payload gets the
 * same timestamp twice within the service's replay window, whatever the estimate of server time
 * does (it moves back when the server's clock does). Bounded: expired payloads leave in order of
 * last use (a queue of uses, in which a payload's earlier uses are skipped); past MAX_REMEMBERED the least
 * recently used leaves early, and the highest of its live stamps near the estimate floors every
 * stamp until it expires, so forgetting early allows no repeat.
 */
export class RecentStamps {
  readonly #byKey = new Map<number, Payload>()
  #floor = {
    // Stryker disable next-line UnaryOperator: the first floor has expired (at −∞): its stamp is never read
    stamp: -Infinity,
    at: -Infinity,
  }
  /**
   * Every use, oldest first from `#head` on: the key and the use's number. A Map's own order would do,
   * but a Map keeps a hole per deleted entry until it rebuilds itself, and reading its oldest entry
   * on every take crossed tens of thousands of them (35 µs a take at the cap).
   */
  #keys: number[] = []
  #uses: number[] = []
  #head = 0
  #nextUse = 0

  /** Payloads remembered now. */
  get size(): number {
    return this.#byKey.size
  }

  /**
   * The timestamp for payload `key`: `now` (the estimate of server time) unless this payload already
   * used it, else the next free one after it. `mono` is the monotonic time.
   */
  take(key: number, now: number, mono: number): number {
    for (let oldest = this.#oldest(); oldest && expired(oldest.at, mono); oldest = this.#oldest()) this.#forget()
    const payload = this.#byKey.get(key) ?? { runs: [], at: mono, use: 0 }
    const runs = payload.runs
    // The oldest stamps are the lowest while the estimate runs forward: they leave from the front (a
    // run left behind by a step back leaves once it gets there).
    while (runs.length > 0 && expired(runs[AT]!, mono)) runs.splice(0, RUN)

    const floor = this.#floor
    let stamp = !expired(floor.at, mono) && floor.stamp >= now ? floor.stamp + 1 : now
    let i = runs.length
    while (i > 0 && runs[i - RUN + TO]! >= stamp) i -= RUN
    for (; i < runs.length && runs[i]! <= stamp; i += RUN) stamp = runs[i + TO]! + 1
    if (i > 0 && runs[i - RUN + TO] === stamp - 1 && mono - runs[i - RUN + SINCE]! < RUN_SPAN_MS) {
      runs[i - RUN + TO] = stamp
      runs[i - RUN + AT] = mono
    } else {
      runs.splice(i, 0, stamp, stamp, mono, mono)
    }
    payload.at = mono
    payload.use = this.#nextUse++
    this.#byKey.set(key, payload)
    this.#keys.push(key)
    this.#uses.push(payload.use)
    if (this.#byKey.size > MAX_REMEMBERED) this.#forgetOldest(now, mono)
    this.#compact()
    return stamp
  }

  /** The least recently used payload, skipping earlier uses of payloads used again since. */
  #oldest(): Payload | undefined {
    const keys = this.#keys
    for (; this.#head < keys.length; this.#head++) {
      const payload = this.#byKey.get(keys[this.#head]!)
      if (payload?.use === this.#uses[this.#head]) return payload
    }
    return undefined
  }

  /** Forgets the payload `#oldest()` found. */
  #forget(): void {
    this.#byKey.delete(this.#keys[this.#head]!)
    this.#head++
  }

  /** Drops the queue's used-up front, and its earlier uses when they pile up (one payload used again and again). */
  #compact(): void {
    const keys = this.#keys
    if (this.#head > 1024 && this.#head * 2 > keys.length) {
      this.#keys = keys.slice(this.#head)
      this.#uses = this.#uses.slice(this.#head)
      this.#head = 0
    } else if (keys.length - this.#head > 4 * MAX_REMEMBERED) {
      const current = keys.map((key, i) => i >= this.#head && this.#byKey.get(key)?.use === this.#uses[i])
      this.#keys = keys.filter((_, i) => current[i])
      this.#uses = this.#uses.filter((_, i) => current[i])
      this.#head = 0
    }
  }

  /**
   * Forgets the least recently used payload. Its live stamps up to MAX_LEAD_MS ahead of the estimate
   * raise the floor; one further ahead was refused by the service, or the estimate would have to leap
   * forward to it within the window.
   */
  #forgetOldest(now: number, mono: number): void {
    const { runs } = this.#oldest()!
    this.#forget()
    for (let i = 0; i < runs.length; i += RUN) {
      const to = runs[i + TO]!
      const at = runs[i + AT]!
      if (expired(at, mono) || to > now + MAX_LEAD_MS) continue
      const floor = this.#floor
      this.#floor = expired(floor.at, mono) ? { stamp: to, at } : { stamp: Math.max(floor.stamp, to), at: Math.max(floor.at, at) }
    }
  }
}
