// A reference exchange of a test's own (its own clock, modules, faults), served over loopback HTTP
// through the Node adapter.
import { afterAll } from 'vitest'
import { createReferenceExchange, type ReferenceExchange, type ReferenceExchangeOptions } from '../../src/testing/index.ts'
import { serve, type ServeOptions } from '../../src/testing/node/index.ts'
import { TEST_SEED } from './seed.ts'

export interface LocalExchange {
  exchange: ReferenceExchange
  url: string
}

/** Starts one with the test seed (unless the options say otherwise); it stops after the file's tests. */
export async function startLocalExchange(options: ReferenceExchangeOptions = {}, serving: Pick<ServeOptions, 'requestTimeoutMs'> = {}): Promise<LocalExchange> {
  const exchange = createReferenceExchange({ seed: TEST_SEED, ...options })
  const running = await serve({ exchange, port: 0, ...serving })
  afterAll(() => running.close())
  return { exchange, url: running.url }
}

/** A clock the test moves by hand. */
export function manualClock(start = Date.UTC(2027, 0, 1)) {
  let now = start
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms
    },
    set: (ms: number) => {
      now = ms
    },
  }
}
