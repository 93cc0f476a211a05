// The server every conformance run talks to (Node only: the drivers and vitest's global setup start it):
// the reference exchange over loopback HTTP, seeded with the test keys. The cases only see
// `{ baseUrl, keys }`, so moving the suite onto another server means changing this file alone.
import { createReferenceExchange } from '../../src/testing/index.ts'
import { serve } from '../../src/testing/node/adapter.ts'
import { startRedirectServers } from '../support/redirect-servers.ts'
import { TEST_KEYS, TEST_SEED } from '../support/seed.ts'
import type { ConformanceContext } from './cases.ts'

/**
 * The server's clock runs this far ahead of the machine's: beyond the 30 s tolerance, so every new
 * client is first rejected with AUTH_TIMESTAMP_EXPIRED and must re-sync on its own.
 */
export const SERVER_CLOCK_OFFSET_MS = 47_000

export type ConformanceTargetInfo = Omit<ConformanceContext, 'sdk'>

export interface ConformanceTarget extends ConformanceTargetInfo {
  close(): Promise<void>
}

export async function startConformanceTarget(): Promise<ConformanceTarget> {
  const exchange = createReferenceExchange({ seed: TEST_SEED, clockOffsetMs: SERVER_CLOCK_OFFSET_MS })
  const server = await serve({ exchange, port: 0 })
  const redirects = await startRedirectServers()
  const { apiKey, secretKey } = TEST_KEYS.trader
  return {
    baseUrl: server.url,
    keys: { trader: { apiKey, secretKey } },
    redirect: { url: redirects.redirectUrl, trapUrl: redirects.trapUrl },
    close: () => Promise.all([server.close(), redirects.close()]).then(() => undefined),
  }
}
