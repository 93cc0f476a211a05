import { vi } from 'vitest'
import type { ServerClock, Stamper } from '../../../src/advanced.ts'
import { accessOf } from '../../../src/core-access.ts'
import type { ExchangeCore } from '../../../src/index.ts'

/** The estimator inside a client (its `clock` is a read-only view): for tests that watch it work. */
export const serverClockOf = (client: ExchangeCore): ServerClock => accessOf(client).transport.clock

/** The stamp memory of a client's key (its signing gate's). */
export const stamperOf = (client: ExchangeCore): Stamper => accessOf(client).transport.gate!.stamper

/**
 * Every hold the signing gate asks `stamper` for before sending (`lead()` above zero), recorded and then
 * skipped, so a test that forbids holds fails at once instead of waiting them out.
 */
export function recordHolds(stamper: Stamper): number[] {
  const holds: number[] = []
  const lead = stamper.lead.bind(stamper)
  vi.spyOn(stamper, 'lead').mockImplementation((stamp) => {
    const ms = lead(stamp)
    if (ms > 0) holds.push(ms)
    return 0
  })
  return holds
}
