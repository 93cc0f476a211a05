import { ExchangeNetworkError } from '../errors.ts'

/**
 * One call's total time limit (`totalTimeoutMs`): attempts, retry waits, signing and clock
 * measurements included. Its `signal` aborts at the deadline, or when the caller's signal does.
 * Not ky's: its `timeout` is per attempt and ends at the headers, not the whole call with its body reads.
 */
export class Deadline {
  readonly #controller = new AbortController()
  readonly #at: number
  readonly #timer: ReturnType<typeof setTimeout>
  readonly #callerSignal: AbortSignal | undefined
  readonly #onCallerAbort = () => this.#controller.abort(this.#callerSignal?.reason)
  #expired = false

  /** `what`: the call, named in the timeout's message (built only if it fires). */
  constructor(totalMs: number, what: () => string, callerSignal?: AbortSignal) {
    this.#at = Date.now() + totalMs
    this.#timer = setTimeout(() => {
      this.#expired = true
      this.#controller.abort(new ExchangeNetworkError('timeout', `${what()} did not finish within ${totalMs} ms (totalTimeoutMs)`, { code: 'ETIMEDOUT' }))
    }, totalMs)
    this.#callerSignal = callerSignal
    if (callerSignal?.aborted) this.#onCallerAbort()
    else callerSignal?.addEventListener('abort', this.#onCallerAbort, { once: true })
  }

  get signal(): AbortSignal {
    return this.#controller.signal
  }

  /** Whether the deadline (not the caller) stopped the call. */
  get expired(): boolean {
    return this.#expired
  }

  /** The timeout error the call fails with once the deadline has passed. */
  get error(): ExchangeNetworkError {
    return this.#controller.signal.reason as ExchangeNetworkError
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

  /** Stops the timer and lets go of the caller's signal (which may outlive many calls). */
  clear(): void {
    clearTimeout(this.#timer)
    this.#callerSignal?.removeEventListener('abort', this.#onCallerAbort)
  }
}
