import { ExchangeValidationError } from '../../transport/errors.ts'

/** The spec's tolerance between X-TIMESTAMP and server time. */
export const TIMESTAMP_TOLERANCE_MS = 30_000
/** The spec's single-use window ("about 35 s"); a shorter one is refused. */
export const MIN_REPLAY_WINDOW_MS = 35_000

/**
 * Signatures seen recently. A signature stays refused for as long as its timestamp could still be
 * accepted, and at least `windowMs` after it was first seen. Entries leave in arrival order once
 * expired, so the store holds at most the signatures accepted in the last
 * `maxRetentionMs` (window or twice the tolerance, whichever is longer): bounded by the request
 * rate, whatever the load.
 */
export class ReplayGuard {
  readonly windowMs: number
  readonly #expiresAt = new Map<string, number>()
  /** Arrival order: [signature, expiresAt] pairs; `#head` is the oldest still queued. */
  #queue: [string, number][] = []
  #head = 0

  constructor(windowMs = MIN_REPLAY_WINDOW_MS) {
    if (!Number.isFinite(windowMs) || windowMs < MIN_REPLAY_WINDOW_MS) {
      throw new ExchangeValidationError('replayWindowMs', 'min', `replayWindowMs must be at least ${MIN_REPLAY_WINDOW_MS} ms`)
    }
    this.windowMs = windowMs
  }

  /** The longest an accepted signature is remembered. */
  get maxRetentionMs(): number {
    return Math.max(this.windowMs, 2 * TIMESTAMP_TOLERANCE_MS)
  }

  /** Signatures remembered now. */
  get size(): number {
    return this.#expiresAt.size
  }

  /**
   * Records a signature whose timestamp was accepted; false when it was seen and has not expired.
   * Called only after the signature verified, so nobody can fill the store without a valid key.
   */
  admit(signature: string, timestamp: number, now: number): boolean {
    this.#evict(now)
    const seenUntil = this.#expiresAt.get(signature)
    if (seenUntil !== undefined && seenUntil > now) return false
    const expiresAt = Math.max(timestamp + TIMESTAMP_TOLERANCE_MS, now + this.windowMs)
    this.#expiresAt.set(signature, expiresAt)
    this.#queue.push([signature, expiresAt])
    return true
  }

  #evict(now: number): void {
    const queue = this.#queue
    while (this.#head < queue.length && queue[this.#head]![1] <= now) {
      const [signature, expiresAt] = queue[this.#head++]!
      // A signature re-admitted after expiring has a newer entry further on: leave that one.
      if (this.#expiresAt.get(signature) === expiresAt) this.#expiresAt.delete(signature)
    }
    if (this.#head > 1024 && this.#head * 2 > queue.length) {
      this.#queue = queue.slice(this.#head)
      this.#head = 0
    }
  }
}
