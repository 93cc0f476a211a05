import { ExchangeError, ExchangeValidationError } from '../errors.ts'
import { adoptsSample, isPlausibleTime, maySignAt, TIMESTAMP_TOLERANCE_MS } from './clock-rules.ts'

/** A clock in milliseconds. */
export type Clock = () => number

const performanceNow: Clock = () => performance.now()

function checkClock(clock: unknown, field: string): asserts clock is Clock {
  if (typeof clock !== 'function') throw new ExchangeValidationError(field, 'type', `${field}: must be a function`)
}

/**
 * The client's view of the server's clock. No timers: the estimate is learnt from the answers to
 * signed calls the client makes anyway (`meta.timestamp`, an NTP-style filter), never from public
 * answers a cache may hold, and re-measured on demand from /api/v1/system/time when the service
 * rejects a timestamp. A write or a login message is dated by it only within the service's tolerance
 * of the local clock, or once a signed call accepted at about that time confirmed it (`trusts`).
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
  /** Server time minus monotonic time of the last signed call the service accepted (NaN: none yet). */
  #accepted = Number.NaN
  readonly #allowanceMs: number

  /**
   * `maxUnconfirmedOffsetMs`: how far from the local clock a write or a login message may be dated
   * before a signed call confirmed the server's time; never below the service's tolerance (the
   * client checks the option, `maxUnconfirmedClockOffsetMs`).
   */
  constructor(now: Clock = Date.now, monotonicNow: Clock = performanceNow, maxUnconfirmedOffsetMs?: number) {
    checkClock(now, 'now')
    checkClock(monotonicNow, 'monotonicNow')
    this.#wall = now
    this.#monotonic = monotonicNow
    // NaN (refused by the client's option check) would allow nothing but confirmed times.
    this.#allowanceMs = Math.max(TIMESTAMP_TOLERANCE_MS, maxUnconfirmedOffsetMs ?? 0)
  }

  /** Monotonic time now, for measuring round trips: a step of the wall clock cannot bend one. */
  monotonicNow(): number {
    return this.#monotonic()
  }

  /** Server time now, as the client believes it. */
  now(): number {
    return this.serverTimeAt(this.#monotonic())
  }

  /** Server time at monotonic time `monotonic`, as the client believes it. */
  serverTimeAt(monotonic: number): number {
    return Math.round(this.#estimate(monotonic))
  }

  /** Server time minus local wall-clock time, in ms: changes when either clock steps. */
  get offsetMs(): number {
    return this.now() - this.#wall()
  }

  #estimate(monotonic: number): number {
    return this.synced ? this.#anchorServer + (monotonic - this.#anchorMonotonic) : this.#wall()
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
   * One sample: the server said `serverTime` between monotonic `sentAt` and `receivedAt`, in the
   * answer to a signed call the service accepted, or `force`d: a measurement asked of /system/time
   * (the service refused our clock). An implausible time is ignored; see `adoptsSample` for the rest.
   */
  observe(serverTime: number, sentAt: number, receivedAt: number, force = false): void {
    if (!isPlausibleTime(serverTime) || !(receivedAt >= sentAt)) return
    const uncertainty = (receivedAt - sentAt) / 2
    const midpoint = sentAt + uncertainty
    if (adoptsSample(Math.abs(serverTime - this.#estimate(midpoint)), uncertainty, this.uncertaintyMs, force)) {
      this.#anchorServer = serverTime
      this.#anchorMonotonic = midpoint
      this.uncertaintyMs = uncertainty
      this.synced = true
    }
  }

  /** The service accepted a call signed with `stamp` at monotonic `signedAt`: its clock was within the tolerance of it. */
  accepted(stamp: number, signedAt: number): void {
    this.#accepted = stamp - signedAt
  }

  /** Whether `stamp` may date a write or a login message (see `maySignAt`). */
  trusts(stamp: number): boolean {
    return maySignAt(stamp, this.#wall(), this.#accepted + this.#monotonic(), this.#allowanceMs)
  }

  /** Throws unless `stamp` may date `what` (a write, a login message): nothing is signed then. */
  checkTrusted(stamp: number, what: string): void {
    if (!this.trusts(stamp)) {
      throw new ExchangeError(
        'clock',
        `${what} was not signed: the measured server clock is ${Math.round((stamp - this.#wall()) / 1000)} s from this host's, unconfirmed (see maxUnconfirmedClockOffsetMs)`,
      )
    }
  }
}
