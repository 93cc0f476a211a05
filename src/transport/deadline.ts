import { ExchangeNetworkError } from './errors.ts'

/**
 * One call's total time limit (`totalTimeoutMs`): attempts, retry waits, signing and clock
 * measurements included. Its `signal` aborts at the deadline or when the caller's signal does.
 */
export class Deadline {
  readonly signal: AbortSignal
  readonly #at: number
  readonly #timer: ReturnType<typeof setTimeout>
  readonly #expiry: ExchangeNetworkError

  constructor(totalMs: number, what: string, callerSignal?: AbortSignal) {
    this.#at = Date.now() + totalMs
    this.#expiry = new ExchangeNetworkError('timeout', `${what} did not finish within ${totalMs} ms (totalTimeoutMs)`)
    const controller = new AbortController()
    this.#timer = setTimeout(() => controller.abort(this.#expiry), totalMs)
    this.signal = callerSignal ? AbortSignal.any([callerSignal, controller.signal]) : controller.signal
  }

  /** Whether the deadline (not the caller) stopped the call. */
  get expired(): boolean {
    return this.signal.aborted && this.signal.reason === this.#expiry
  }

  /** The timeout error the call fails with once the deadline has passed. */
  get error(): ExchangeNetworkError {
    return this.#expiry
  }

  remainingMs(): number {
    return Math.max(0, this.#at - Date.now())
  }

  /** `work`, or the signal's reason when it aborts first (for waits that take no signal). */
  race<T>(work: Promise<T>): Promise<T> {
    const { signal } = this
    if (signal.aborted) return Promise.reject(signal.reason)
    return new Promise<T>((resolve, reject) => {
      const stop = () => reject(signal.reason)
      signal.addEventListener('abort', stop, { once: true })
      work.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop))
    })
  }

  clear(): void {
    clearTimeout(this.#timer)
  }
}
