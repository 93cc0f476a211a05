// The SDK's own reads for its clock (the server's time, a signed read that confirms it): one GET to the
// base URL through the caller's fetch, never redirected, never retried, within timeoutMs. A public
// core measures with it; a key's gate measures and confirms with it.
import { ExchangeError } from '../errors.ts'
import type { ServerClock } from './clock.ts'

/** Where the reads go (the base URL: origin and path prefix, no trailing slash), with what, for how long each. */
export interface GateReach {
  baseUrl: string
  fetch?: typeof globalThis.fetch
  timeoutMs?: number
}

const TIME_PATH = '/api/v1/system/time'

/** What one read got: the envelope (or undefined), whether it was a success, and its round trip on the monotonic clock. */
export interface OwnRead {
  envelope: any
  accepted: boolean
  sentAt: number
  receivedAt: number
}

/** One GET of `path` under `reach.baseUrl`, with `headers`. A read with no readable answer throws ExchangeError('clock'). */
export async function readOwn(reach: GateReach, clock: ServerClock, path: string, headers: Record<string, string> = {}): Promise<OwnRead> {
  const abort = new AbortController()
  const timer = setTimeout(() => abort.abort(), reach.timeoutMs ?? 10_000)
  try {
    const sentAt = clock.monotonicNow()
    let envelope: any
    let status = 0
    try {
      // One Request, as the transport hands a fetch the caller plugged in.
      const response = await (reach.fetch ?? globalThis.fetch)(new Request(reach.baseUrl + path, { headers: { accept: 'application/json', ...headers }, redirect: 'manual', signal: abort.signal }))
      status = response.status
      envelope = await response.json()
    } catch (cause) {
      throw new ExchangeError('clock', `GET ${path} got no readable answer${status ? ` (HTTP ${status})` : ''}: the clock was not measured`, { cause })
    }
    return { envelope, accepted: status === 200 && envelope?.success === true, sentAt, receivedAt: clock.monotonicNow() }
  } finally {
    clearTimeout(timer)
  }
}

/** Measures the server's clock from /system/time: a sample the clock adopts, however far (writes are confirmed before they are dated by it). */
export async function measureClock(reach: GateReach, clock: ServerClock): Promise<void> {
  const { envelope, accepted, sentAt, receivedAt } = await readOwn(reach, clock, TIME_PATH)
  if (!accepted) throw new ExchangeError('clock', `GET ${TIME_PATH} did not answer the server's time: the clock was not measured`)
  clock.observe(Number(envelope.data?.serverTime), sentAt, receivedAt, true)
}
