import { ReferenceExchangeError } from '../setup-error.ts'

/** The spec's tolerance between X-TIMESTAMP and server time. */
export const TIMESTAMP_TOLERANCE_MS = 30_000
/** Enough for about 16,000 signed requests a second, sustained (each is remembered at most 60 s). */
export const DEFAULT_MAX_SIGNATURES = 1_000_000

/**
 * What became of a signature offered to the guard:
 * - `admitted`: first use; remembered from now on.
 * - `replayed`: seen before, and its timestamp can still pass: refuse (AUTH_REPLAY_DETECTED).
 * - `full`: the store is at its cap; refuse for now rather than forget a live signature.
 */
export type Admission = 'admitted' | 'replayed' | 'full'

interface Entry {
  signature: string
  /** The first server instant at which the timestamp no longer passes the 30 s check. */
  expiresAt: number
}

/**
 * Signatures seen recently. A signature is remembered until its timestamp can no longer pass the
 * 30 s check by the server's clock (`timestamp + 30 s + 1 ms`), so the same bytes are accepted at
 * most once whatever the client's clock: behind, on time or ahead. Entries leave exactly when they
 * expire (a heap ordered by expiry), so the store holds only signatures whose timestamps could still
 * be accepted: at most the last 60 s of traffic. At `maxSignatures` it refuses new signatures
 * instead of forgetting live ones, which would reopen their replay.
 *
 * It relies on the server's clock not stepping back: a signature let go because its timestamp had
 * expired would pass again if the clock were set back into its window. (Refusing every timestamp
 * older than the newest one let go would close that, but would refuse all traffic after a step back
 * until the clock caught up; the exchange's clock faults step it both ways, so it does not.)
 */
export class ReplayGuard {
  readonly maxSignatures: number
  /** How far a timestamp may be from server time: 30 s for requests (300 s for onboarding's guard). */
  readonly toleranceMs: number
  readonly #live = new Map<string, Entry>()
  readonly #byExpiry: Entry[] = []

  constructor(options: { maxSignatures?: number; toleranceMs?: number } = {}) {
    const { maxSignatures = DEFAULT_MAX_SIGNATURES, toleranceMs = TIMESTAMP_TOLERANCE_MS } = options
    if (!(Number.isInteger(maxSignatures) && maxSignatures > 0)) {
      throw new ReferenceExchangeError('maxSignatures', 'range', 'maxSignatures must be a positive integer')
    }
    this.maxSignatures = maxSignatures
    this.toleranceMs = toleranceMs
  }

  /** The longest a signature is remembered: a timestamp 30 s ahead stays live until 60 s + 1 ms after it arrived. */
  get maxRetentionMs(): number {
    return 2 * this.toleranceMs + 1
  }

  /** Signatures remembered now. */
  get size(): number {
    return this.#live.size
  }

  /** Server time at which the oldest remembered signature expires (when a full store has room again). */
  get nextExpiry(): number | undefined {
    return this.#byExpiry[0]?.expiresAt
  }

  /**
   * Records a signature whose timestamp passed the tolerance check at `now`. Called only after the
   * signature verified, so nobody can fill the store without a valid key or wallet.
   */
  admit(signature: string, timestamp: number, now: number): Admission {
    this.#evict(now)
    if (this.#live.has(signature)) return 'replayed'
    if (this.#live.size >= this.maxSignatures) return 'full'
    const entry = { signature, expiresAt: timestamp + this.toleranceMs + 1 }
    this.#live.set(signature, entry)
    this.#push(entry)
    return 'admitted'
  }

  #evict(now: number): void {
    const heap = this.#byExpiry
    while (heap.length > 0 && heap[0]!.expiresAt <= now) this.#live.delete(this.#pop().signature)
  }

  #push(entry: Entry): void {
    const heap = this.#byExpiry
    let i = heap.push(entry) - 1
    while (i > 0) {
      const parent = (i - 1) >> 1
      if (heap[parent]!.expiresAt <= entry.expiresAt) break
      heap[i] = heap[parent]!
      i = parent
    }
    heap[i] = entry
  }

  #pop(): Entry {
    const heap = this.#byExpiry
    const top = heap[0]!
    const last = heap.pop()!
    if (heap.length === 0) return top
    let i = 0
    for (;;) {
      const left = 2 * i + 1
      if (left >= heap.length) break
      const right = left + 1
      const child = right < heap.length && heap[right]!.expiresAt < heap[left]!.expiresAt ? right : left
      if (heap[child]!.expiresAt >= last.expiresAt) break
      heap[i] = heap[child]!
      i = child
    }
    heap[i] = last
    return top
  }
}
