import { ExchangeValidationError } from '../transport/errors.ts'
import { payloadKey } from './payload-key.ts'
import { MAX_LEAD_MS, RecentStamps } from './recent-stamps.ts'

export { MAX_LEAD_MS }

/** A clock in milliseconds. */
export type Clock = () => number

const performanceNow: Clock = () => performance.now()

function checkClock(clock: unknown, field: string): asserts clock is Clock {
  if (typeof clock !== 'function') throw new ExchangeValidationError(field, 'type', `${field}: must be a function`)
}

/**
 * The client's view of the server's clock. No timers: the estimate is learnt from answers the
 * client gets anyway (`meta.timestamp`, an NTP-style filter) and re-measured on demand from
 * /api/v1/system/time when the service rejects a timestamp.
 *
 * Two local clocks: the wall clock (`now`, default `Date.now`) and a monotonic one (`monotonicNow`,
 * default `performance.now`). Before the first sample the estimate is the wall clock, the only guess
 * there is. From the first sample on it is that sample carried forward on the monotonic clock, so a
 * step of the wall clock (an NTP correction, a user fixing the time) does not move it: the wall
 * clock only shows it in `offsetMs`. Only the server's own answers move the estimate.
 */
export class ServerClock {
  /** Half the round trip of the sample behind the estimate: how far off it may be. */
  uncertaintyMs = Number.POSITIVE_INFINITY
  /** Whether any sample was taken. */
  synced = false
  readonly #wall: Clock
  readonly #monotonic: Clock
  /** The sample the estimate runs from: the server said `#anchorServer` at monotonic `#anchorMonotonic`. */
  #anchorServer = 0
  #anchorMonotonic = 0
  readonly #recent = new RecentStamps()

  constructor(now: Clock = Date.now, monotonicNow: Clock = performanceNow) {
    checkClock(now, 'now')
    checkClock(monotonicNow, 'monotonicNow')
    this.#wall = now
    this.#monotonic = monotonicNow
  }

  /** Monotonic time now, for measuring round trips: a step of the wall clock cannot bend one. */
  monotonicNow(): number {
    return this.#monotonic()
  }

  /** Server time now, as the client believes it. */
  now(): number {
    return Math.round(this.#estimate(this.#monotonic()))
  }

  /** Server time minus local wall-clock time, in ms: changes when either clock steps. */
  get offsetMs(): number {
    return this.now() - this.#wall()
  }

  /** How many payloads the clock remembers stamps of: bounded, whatever the body sizes. */
  get rememberedPayloads(): number {
    return this.#recent.size
  }

  #estimate(monotonic: number): number {
    return this.synced ? this.#anchorServer + (monotonic - this.#anchorMonotonic) : this.#wall()
  }

  /**
   * A timestamp for a request whose payload (without the timestamp) is `payload`. Different requests
   * share the true time, so a high request rate does not drift the clock forward; an identical one
   * never gets a timestamp it got in the service's replay window, whatever either clock did since
   * (the next free millisecond after the estimate). Only a flood of identical requests (over 1000 a
   * second) runs ahead of the clock: past MAX_LEAD_MS the caller waits `lead()` out. The payload
   * may come as two parts (`payload + body`), so a large body is not joined to its head to be stamped.
   */
  stamp(payload: string, body = ''): number {
    const monotonic = this.#monotonic()
    return this.#recent.take(payloadKey(payload, body), Math.round(this.#estimate(monotonic)), monotonic)
  }

  /** How long to hold a request stamped `stamp` so it leaves at most `MAX_LEAD_MS` ahead of the clock. */
  lead(stamp: number): number {
    return Math.max(0, stamp - this.now() - MAX_LEAD_MS)
  }

  /**
   * A stopwatch for a deadline: the ms elapsed since this call, by whichever local clock says more
   * (the monotonic clock stands still while a laptop sleeps; the wall clock may step back).
   */
  stopwatch(): () => number {
    const wall = this.#wall()
    const monotonic = this.#monotonic()
    return () => Math.max(this.#wall() - wall, this.#monotonic() - monotonic)
  }

  /**
   * One sample: the server said `serverTime` between monotonic `sentAt` and `receivedAt`. Adopted
   * when it is more precise than the current estimate, when it contradicts it (the server's clock
   * moved), or when `force`d (a measurement asked for because the service refused our clock).
   */
  observe(serverTime: number, sentAt: number, receivedAt: number, force = false): void {
    if (!Number.isFinite(serverTime) || !(receivedAt >= sentAt)) return
    const uncertainty = (receivedAt - sentAt) / 2
    const midpoint = sentAt + uncertainty
    const contradicts = Math.abs(serverTime - this.#estimate(midpoint)) > uncertainty + this.uncertaintyMs + 1
    if (force || !this.synced || uncertainty <= this.uncertaintyMs || contradicts) {
      this.#anchorServer = serverTime
      this.#anchorMonotonic = midpoint
      this.uncertaintyMs = uncertainty
      this.synced = true
    }
  }
}
