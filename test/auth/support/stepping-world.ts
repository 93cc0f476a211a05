// A world whose clocks the test moves by hand: true time, the client's wall clock (which may step),
// the client's monotonic clock (which never steps) and the server's clock (which may step too). Its
// server is a fetch double that judges timestamps as the spec says (30 s tolerance, signatures
// single-use), with its own HMAC, and logs every signed request it received.
import { createHmac } from 'node:crypto'
import { envelopeResponse, errorResponse } from '../../support/fetch-double.ts'

export const TOLERANCE_MS = 30_000
export const REPLAY_WINDOW_MS = 35_000
const CLOCK_PATH = '/api/v1/system/time'

export interface Received {
  payload: string
  timestamp: number
  /** True time when it arrived. */
  at: number
  outcome: 'accepted' | 'expired' | 'replay'
}

export class SteppingWorld {
  trueTime = Date.UTC(2026, 0, 1)
  /** Client's wall clock minus true time. */
  wallShift = 0
  /** Server's clock minus true time. */
  serverShift = 0
  readonly received: Received[] = []
  clockSyncs = 0
  /** Runs while the server handles a request, before it reads its clock (a slow network, say). */
  onArrival: (path: string) => void = () => undefined
  readonly #seen = new Map<string, number>()

  readonly secretKey: string

  constructor(secretKey: string) {
    this.secretKey = secretKey
  }

  /** The client's clocks: pass them as `now` and `monotonicNow`. */
  readonly wall = () => this.trueTime + this.wallShift
  readonly monotonic = () => this.trueTime - Date.UTC(2026, 0, 1) + 7_000
  serverNow(): number {
    return this.trueTime + this.serverShift
  }

  readonly fetch = (async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init)
    const { pathname } = new URL(request.url)
    const body = await request.text()
    this.onArrival(pathname)
    const serverTime = this.serverNow()
    if (pathname === CLOCK_PATH) {
      this.clockSyncs++
      return envelopeResponse({ serverTime }, { serverTime })
    }
    const stamp = request.headers.get('x-timestamp') ?? ''
    const signature = request.headers.get('x-signature') ?? ''
    const payload = request.method + pathname + body
    if (signature !== createHmac('sha256', this.secretKey).update(stamp + payload).digest('hex')) {
      return errorResponse(401, 'AUTH_INVALID_SIGNATURE', 11003, {}, serverTime)
    }
    const timestamp = Number(stamp)
    const log = (outcome: Received['outcome']) => this.received.push({ payload, timestamp, at: this.trueTime, outcome })
    if (Math.abs(timestamp - serverTime) > TOLERANCE_MS) {
      log('expired')
      return errorResponse(401, 'AUTH_TIMESTAMP_EXPIRED', 11004, {}, serverTime)
    }
    const seenAt = this.#seen.get(signature)
    if (seenAt !== undefined && this.trueTime - seenAt < REPLAY_WINDOW_MS) {
      log('replay')
      return errorResponse(401, 'AUTH_REPLAY_DETECTED', 11013, {}, serverTime)
    }
    this.#seen.set(signature, this.trueTime)
    log('accepted')
    return envelopeResponse({ ok: true }, { serverTime })
  }) as typeof globalThis.fetch

  /** Pairs of requests with the same payload and timestamp that arrived less than the replay window apart. */
  repeatedSignatures(): [Received, Received][] {
    const last = new Map<string, Received>()
    const repeats: [Received, Received][] = []
    for (const entry of this.received) {
      const key = `${entry.timestamp} ${entry.payload}`
      const before = last.get(key)
      if (before && entry.at - before.at < REPLAY_WINDOW_MS) repeats.push([before, entry])
      last.set(key, entry)
    }
    return repeats
  }
}
