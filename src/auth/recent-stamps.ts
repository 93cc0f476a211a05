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
 * What is remembered of one payload, flat in one array so a stamp allocates no object per run (and,
 * at the cap, none at all: a forgotten record is reused): its key, when it was last used, that use's
 * place in the order, then its runs sorted by `from`, disjoint, four numbers each: timestamps
 * `from`..`to` were handed out between monotonic times `since` and `at`.
 */
type Record = number[]
const KEY = 0
const LAST = 1
const USE = 2
/** Where the runs start. */
const RUNS = 3
// A run's numbers: FROM (its first, offset 0), TO, SINCE, AT.
const TO = 1
const SINCE = 2
const AT = 3
const RUN = 4

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
  readonly #byKey = new Map<number, Record>()
  // Stryker disable next-line UnaryOperator: the first floor has expired (at −∞): its stamp is never read
  #floorStamp = -Infinity
  #floorAt = -Infinity
  /**
   * Every use, oldest first from `#head` on: the record and the use's number (a use is current while
   * its record's USE is that number; a reused record has a new one). A Map's own order would do, but
   * a Map keeps a hole per deleted entry until it rebuilds itself, and reading its oldest entry on
   * every take crossed tens of thousands of them (35 µs a take at the cap).
   */
  #records: Record[] = []
  #uses: number[] = []
  #head = 0
  #nextUse = 0
  /** The record last forgotten, for the next new payload. */
  #spare: Record | undefined

  /** Payloads remembered now. */
  get size(): number {
    return this.#byKey.size
  }

  /**
   * The timestamp for payload `key`: `now` (the estimate of server time) unless this payload already
   * used it, else the next free one after it. `mono` is the monotonic time.
   */
  take(key: number, now: number, mono: number): number {
    for (let oldest = this.#oldest(); oldest && expired(oldest[LAST]!, mono); oldest = this.#oldest()) this.#forget(oldest)
    let runs = this.#byKey.get(key)
    if (!runs) {
      runs = this.#spare ?? []
      this.#spare = undefined
      runs.length = RUNS
      runs[KEY] = key
      this.#byKey.set(key, runs)
    }
    // The oldest stamps are the lowest while the estimate runs forward: they leave from the front (a
    // run left behind by a step back leaves once it gets there).
    while (runs.length > RUNS && expired(runs[RUNS + AT]!, mono)) runs.splice(RUNS, RUN)

    let stamp = !expired(this.#floorAt, mono) && this.#floorStamp >= now ? this.#floorStamp + 1 : now
    let i = runs.length
    while (i > RUNS && runs[i - RUN + TO]! >= stamp) i -= RUN
    for (; i < runs.length && runs[i]! <= stamp; i += RUN) stamp = runs[i + TO]! + 1
    if (i > RUNS && runs[i - RUN + TO] === stamp - 1 && mono - runs[i - RUN + SINCE]! < RUN_SPAN_MS) {
      runs[i - RUN + TO] = stamp
      runs[i - RUN + AT] = mono
    } else {
      runs.splice(i, 0, stamp, stamp, mono, mono)
    }
    const use = this.#nextUse++
    runs[LAST] = mono
    runs[USE] = use
    this.#records.push(runs)
    this.#uses.push(use)
    if (this.#byKey.size > MAX_REMEMBERED) this.#forgetOldest(now, mono)
    this.#compact()
    return stamp
  }

  /** The least recently used payload, skipping earlier uses of payloads used again since. */
  #oldest(): Record | undefined {
    const records = this.#records
    for (; this.#head < records.length; this.#head++) {
      const record = records[this.#head]!
      if (record[USE] === this.#uses[this.#head]) return record
    }
    return undefined
  }

  /** Forgets `oldest`, the record `#oldest()` found, and keeps it for reuse. */
  #forget(oldest: Record): void {
    this.#byKey.delete(oldest[KEY]!)
    // Its current use is the one at the head, passed now: reused, it gets a new one.
    this.#spare = oldest
    this.#head++
  }

  /** Drops the queue's used-up front, and its earlier uses when they pile up (one payload used again and again). */
  #compact(): void {
    const records = this.#records
    if (this.#head > 1024 && this.#head * 2 > records.length) {
      this.#records = records.slice(this.#head)
      this.#uses = this.#uses.slice(this.#head)
      this.#head = 0
    } else if (records.length - this.#head > 4 * MAX_REMEMBERED) {
      const current = records.map((record, i) => i >= this.#head && record[USE] === this.#uses[i])
      this.#records = records.filter((_, i) => current[i])
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
    const runs = this.#oldest()!
    this.#forget(runs)
    for (let i = RUNS; i < runs.length; i += RUN) {
      const to = runs[i + TO]!
      const at = runs[i + AT]!
      if (expired(at, mono) || to > now + MAX_LEAD_MS) continue
      if (expired(this.#floorAt, mono)) {
        this.#floorStamp = to
        this.#floorAt = at
      } else {
        this.#floorStamp = Math.max(this.#floorStamp, to)
        this.#floorAt = Math.max(this.#floorAt, at)
      }
    }
  }
}
