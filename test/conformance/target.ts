// The server every conformance run talks to (Node only: the drivers and vitest's global setup start it).
// To move the suite onto another server, change `startConformanceTarget` alone: the cases only see
// `{ baseUrl, keys }`.
import { startVerifyingServer, VERIFIER_KEY } from '../support/verifying-server.ts'
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
  const server = await startVerifyingServer({ clockOffsetMs: SERVER_CLOCK_OFFSET_MS })
  return { baseUrl: server.url, keys: { trader: VERIFIER_KEY }, close: server.close }
}
