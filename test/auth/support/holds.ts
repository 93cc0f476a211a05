import { vi } from 'vitest'
import type { ServerClock } from '../../../src/index.ts'

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
