import type { ServerClock } from './clock.ts'
import { payloadKey } from './payload-key.ts'
import { MAX_LEAD_MS, RecentStamps } from './recent-stamps.ts'

export { MAX_LEAD_MS }

/**
 * Timestamps for signatures, on a server clock: different requests share the true time, so a high
 * request rate does not drift the clock forward; an identical one never gets a timestamp it got in
 * the service's replay window, whatever either clock did since (the next free millisecond after the
 * estimate). Only a flood of identical requests (over 1000 a second) runs ahead of the clock: past
 * MAX_LEAD_MS the caller waits `lead()` out. The signing gate's alone: a program that never signs
 * carries none of it.
 */
export class Stamper {
  declare readonly clock: ServerClock
  readonly #recent = new RecentStamps()

  constructor(clock: ServerClock) {
    this.clock = clock
  }

  /**
   * A timestamp for a request whose payload (without the timestamp) is `payload`. The payload may come
   * as two parts (`payload + body`), so a large body is not joined to its head to be stamped.
   */
  stamp(payload: string, body = ''): number {
    const monotonic = this.clock.monotonicNow()
    return this.#recent.take(payloadKey(payload, body), this.clock.serverTimeAt(monotonic), monotonic)
  }

  /** How long to hold a request stamped `stamp` so it leaves at most `MAX_LEAD_MS` ahead of the clock. */
  lead(stamp: number): number {
    return Math.max(0, stamp - this.clock.now() - MAX_LEAD_MS)
  }

  /** How many payloads are remembered: bounded, whatever the body sizes. */
  get rememberedPayloads(): number {
    return this.#recent.size
  }
}
