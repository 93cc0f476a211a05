import { ExchangeValidationError } from '../transport/errors.ts'

/**
 * The client's view of the server's clock. No timers: the offset is learnt from answers the client
 * gets anyway (`meta.timestamp`, an NTP-style filter) and re-measured on demand from
 * /api/v1/system/time when the service rejects a timestamp.
 */
/**
 * How far ahead of the server's clock a timestamp may be sent: the service accepts 30 s either way,
 * and a burst of identical requests (each needs its own millisecond) may borrow up to this much.
 */
export const MAX_LEAD_MS = 5000

export class ServerClock {
  /** Server time minus local time, in ms. */
  offsetMs = 0
  /** Half the round trip of the sample behind `offsetMs`: how far off it may be. */
  uncertaintyMs = Number.POSITIVE_INFINITY
  /** Whether any sample was taken. */
  synced = false
  readonly #now: () => number
  /** Last timestamp handed out per unsigned payload (METHOD + path + body), to never repeat one. */
  readonly #lastStamp = new Map<string, number>()

  constructor(now: () => number = Date.now) {
    if (typeof now !== 'function') throw new ExchangeValidationError('now', 'type', 'now: must be a function')
    this.#now = now
  }

  /** Local time now, for measuring round trips. */
  localNow(): number {
    return this.#now()
  }

  /** Server time now, as the client believes it. */
  now(): number {
    return Math.round(this.#now() + this.offsetMs)
  }

  /**
   * A timestamp for a request whose payload (without the timestamp) is `payloadKey`. Two identical
   * requests in the same millisecond get different timestamps (so different signatures); different
   * requests share the true time, so a high request rate does not drift the clock forward. A flood of
   * identical requests (over 1000 a second) runs ahead of the clock: past MAX_LEAD_MS the caller waits
   * `lead()` out.
   */
  stamp(payloadKey: string): number {
    const now = this.now()
    const last = this.#lastStamp.get(payloadKey)
    const stamp = last !== undefined && last >= now ? last + 1 : now
    if (this.#lastStamp.size >= 1024) this.#forgetBefore(now)
    this.#lastStamp.set(payloadKey, stamp)
    return stamp
  }

  /** How long to hold a request stamped `stamp` so it leaves at most `MAX_LEAD_MS` ahead of the clock. */
  lead(stamp: number): number {
    return Math.max(0, stamp - this.now() - MAX_LEAD_MS)
  }

  #forgetBefore(now: number): void {
    for (const [key, stamp] of this.#lastStamp) if (stamp < now) this.#lastStamp.delete(key)
  }

  /**
   * One sample: the server said `serverTime` between local `sentAt` and `receivedAt`. Adopted when
   * it is more precise than the current estimate, or when it contradicts it (the server's clock moved).
   */
  observe(serverTime: number, sentAt: number, receivedAt: number, force = false): void {
    if (!Number.isFinite(serverTime) || receivedAt < sentAt) return
    const uncertainty = (receivedAt - sentAt) / 2
    const offset = serverTime - (sentAt + uncertainty)
    const contradicts = Math.abs(offset - this.offsetMs) > uncertainty + this.uncertaintyMs + 1
    if (force || !this.synced || uncertainty <= this.uncertaintyMs || contradicts) {
      // After a jump, stamps handed out on the old offset say nothing about the new one.
      if (Math.abs(offset - this.offsetMs) > 1000) this.#lastStamp.clear()
      this.offsetMs = offset
      this.uncertaintyMs = uncertainty
      this.synced = true
    }
  }
}
