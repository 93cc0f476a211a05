import { vi } from 'vitest'
import type { ServerClock } from '../../../src/advanced.ts'
import { accessOf } from '../../../src/core-access.ts'
import type { ExchangeCore } from '../../../src/index.ts'

/** The estimator inside a client (its `clock` is a read-only view): for tests that watch it work. */
export const serverClockOf = (client: ExchangeCore): ServerClock => accessOf(client).transport.clock

/**
 * Every hold the transport asks `clock` for before sending (`lead()` above zero), recorded and then
 * skipped, so a test that forbids holds fails at once instead of waiting them out.
 */
export function recordHolds(clock: ServerClock): number[] {
  const holds: number[] = []
  const lead = clock.lead.bind(clock)
  vi.spyOn(clock, 'lead').mockImplementation((stamp) => {
    const ms = lead(stamp)
    if (ms > 0) holds.push(ms)
    return 0
  })
  return holds
}
