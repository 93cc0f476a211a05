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
  readonly #onCallerAbort = () => this.#abort(this.#callerSignal?.reason)
  #expired = false
  /** The pending races' rejections: called when the signal aborts (cheaper than a listener on it per race; an array, lighter than a Set for the one or two a call has). */
  readonly #races: ((reason: unknown) => void)[] = []

  /** `what`: the call, named in the timeout's message (built only if it fires). */
  constructor(totalMs: number, what: () => string, callerSignal?: AbortSignal) {
    this.#at = Date.now() + totalMs
    this.#timer = setTimeout(() => {
      this.#expired = true
      this.#abort(new ExchangeNetworkError('timeout', `${what()} did not finish within ${totalMs} ms (totalTimeoutMs)`, { code: 'ETIMEDOUT' }))
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

  #abort(reason: unknown): void {
    this.#controller.abort(reason)
    for (const reject of this.#races) reject(this.#controller.signal.reason)
  }

  /** `work`, or the signal's reason when it aborts first (for waits that take no signal). */
  race<T>(work: Promise<T>): Promise<T> {
    const { signal } = this
    if (signal.aborted) return Promise.reject(signal.reason)
    const races = this.#races
    return new Promise<T>((resolve, reject) => {
      races.push(reject)
      const settled = () => races.splice(races.indexOf(reject), 1)
      work.then(
        (value) => {
          settled()
          resolve(value)
        },
        (error: unknown) => {
          settled()
          reject(error)
        },
      )
    })
  }

  /** Stops the timer and lets go of the caller's signal (which may outlive many calls). */
  clear(): void {
    clearTimeout(this.#timer)
    this.#callerSignal?.removeEventListener('abort', this.#onCallerAbort)
  }
}
