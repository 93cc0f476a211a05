// What a client shows of its clock: readings, nothing to assign or call that would change how it
// signs (the ServerClock itself stays inside the client).
import type { ServerClock } from './clock.ts'

/** The client's estimate of the server's clock, read-only. */
export interface ClockReading {
  /** Server time minus local time, in ms. */
  readonly offsetMs: number
  /** Half the round trip of the measurement in use, in ms (`Infinity` before the first). */
  readonly uncertaintyMs: number
  /** Whether the offset has been measured yet. */
  readonly synced: boolean
  /**
   * Whether the estimate may be relied on for what outlives a call: within the service's 30 s tolerance
   * of the local clock, or of a time at which the service accepted a signed call (a write is dated by
   * it; `reconcile` says `absent` by it).
   */
  readonly confirmed: boolean
  /** The server's time now, as estimated: UTC ms. */
  now(): number
}

/** A frozen view of `clock`: assigning to it throws in strict code and changes nothing anyway. */
export function clockReading(clock: ServerClock): ClockReading {
  return Object.freeze({
    get offsetMs() {
      return clock.offsetMs
    },
    get uncertaintyMs() {
      return clock.uncertaintyMs
    },
    get synced() {
      return clock.synced
    },
    get confirmed() {
      return clock.trusts(clock.now())
    },
    now: () => clock.now(),
  })
}
