// Live data without a socket: a read operation polled into an async iterator of fresh answers.
// A standalone function (not a client method) so programs that never watch do not carry it.
import type { CallOptions } from './api/operation.ts'
import { ExchangeResponseError, ExchangeValidationError } from './errors.ts'

export interface WatchOptions<Output = unknown> {
  /** Pause between the end of one poll and the start of the next, in ms. Default 1000. */
  intervalMs?: number
  /** Longest pause after failures in a row, in ms; no server hint waits longer. Default 30000. */
  maxBackoffMs?: number
  /**
   * Whether the next answer is the same as the one before (then it is not yielded). Default: equal
   * JSON once the answer's own `timestamp` (the moment the service made it) is left out, or each
   * answer's, for several read together (`Promise.all`).
   */
  equals?(previous: Output, next: Output): boolean
  /** Aborting ends the loop (quietly) and cancels the poll in flight. */
  signal?: AbortSignal
  /**
   * Told of each passing failure (429, 5xx, network, timeout) and how long the watch waits before
   * the next poll. Other failures end the loop by throwing, at once: those waiting does not heal (401,
   * 403, a route a proxy refuses, a CORS refusal, `ERR_CORS`, or a port the browser refuses).
   */
  onRetry?(error: unknown, delayMs: number): void
}

/** A read: an SDK operation (`client.perp.getOrderbook`) or any function of an input and call options. */
export type WatchedRead<Input, Output> = (input: Input, call?: CallOptions) => Promise<Output>

interface FailureLike {
  kind?: unknown
  status?: unknown
  code?: unknown
  retryAfterMs?: unknown
}

/** Network failures waiting does not heal: the browser refuses the port, or the server does not allow the page's origin. */
const LASTING = /^ERR_(CORS|UNSAFE_PORT)$/

/** Failures worth polling through: the service is busy or down for a while, or the network is. */
function isPassing(error: unknown): boolean {
  const { kind, status, code } = (error ?? {}) as FailureLike
  if (kind === 'network' && LASTING.test(String(code))) return false
  if (kind === 'rate-limit' || kind === 'network' || kind === 'timeout') return true
  return typeof status === 'number' && status >= 500 && (kind === 'api' || kind === 'response')
}

/** The server's wait, when it named one; otherwise doubling from the interval. Always within [intervalMs, maxMs]. */
function backoffMs(error: unknown, failures: number, intervalMs: number, maxMs: number): number {
  const hinted = (error as FailureLike).retryAfterMs
  const wait = typeof hinted === 'number' && hinted === hinted ? hinted : intervalMs * 2 ** failures
  return Math.min(maxMs, Math.max(intervalMs, wait))
}

const isPlain = (value: unknown): value is object => typeof value === 'object' && value !== null && !Array.isArray(value)
/** An answer without its own `timestamp` (the moment the service made it, new on every poll). */
const untimed = (answer: unknown): unknown => (isPlain(answer) ? { ...answer, timestamp: undefined } : answer)

/**
 * The answer as compared by default: its JSON without its own `timestamp`, or, for several answers
 * read together (`Promise.all`), without each one's.
 */
function fingerprint(answer: unknown): string | undefined {
  try {
    return JSON.stringify(Array.isArray(answer) ? answer.map(untimed) : untimed(answer))
  } catch (cause) {
    // Nested too deep to walk: no answer of the service is.
    throw new ExchangeResponseError(200, 'the answer is nested too deep to compare', { cause })
  }
}

/** The page's visibility, where there is a page (browsers); elsewhere always visible. */
interface VisibilitySource {
  visibilityState: string
  addEventListener(type: 'visibilitychange', listener: () => void): void
  removeEventListener(type: 'visibilitychange', listener: () => void): void
}
const page = (): VisibilitySource | undefined => (globalThis as { document?: VisibilitySource }).document

/**
 * Resolves after `ms`, when the page is visible (waiting for it while a tab is hidden). Resolves
 * early, `false`, when `stop` aborts; clears its timer and listeners either way.
 */
function pause(ms: number, stop: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const doc = page()
    const finish = (going: boolean) => {
      clearTimeout(timer)
      stop.removeEventListener('abort', stopped)
      doc?.removeEventListener('visibilitychange', visibility)
      resolve(going)
    }
    const stopped = () => finish(false)
    const visibility = () => {
      if (doc?.visibilityState !== 'hidden' && timer === undefined) finish(true)
    }
    if (stop.aborted) return resolve(false)
    stop.addEventListener('abort', stopped)
    doc?.addEventListener('visibilitychange', visibility)
    const due = () => {
      timer = undefined
      if (doc?.visibilityState !== 'hidden') finish(true)
    }
    if (ms > 0) timer = setTimeout(due, ms)
    else due()
  })
}

/**
 * Polls `read(input)` and yields each answer that differs from the one before (`equals`; by default
 * as JSON, its own `timestamp` aside), the first at once. One poll at a time; the next starts
 * `intervalMs` after the last ended, and not while a browser tab is hidden. A 429 or 5xx waits as
 * the server says (Retry-After) or doubles the pause, never less than `intervalMs` nor more than
 * `maxBackoffMs`; any other failure (a CORS refusal, `ERR_CORS`, included) ends the loop by throwing. Stops, with no timer left behind,
 * on `signal` or when the loop is left (`break`, `return`).
 *
 * ```ts
 * for await (const book of watch(client.perp.getOrderbook, { market: 'BTC-USDC' }, { intervalMs: 1000, signal })) render(book)
 * ```
 */
export async function* watch<Input, Output>(
  read: WatchedRead<Input, Output>,
  input: Input,
  options: WatchOptions<Output> = {},
): AsyncGenerator<Output, void, undefined> {
  const { intervalMs = 1000, maxBackoffMs = 30_000, equals } = options
  // setTimeout fires at once past 2^31 - 1 ms.
  if (!(intervalMs >= 1 && maxBackoffMs >= intervalMs && maxBackoffMs < 2 ** 31)) {
    const field = intervalMs >= 1 ? 'maxBackoffMs' : 'intervalMs'
    throw new ExchangeValidationError(field, 'range', `${field}: must be ms, 1 <= intervalMs <= maxBackoffMs < 2^31`)
  }
  const outer = options.signal
  const stop = new AbortController()
  const abort = () => stop.abort()
  if (outer?.aborted) abort()
  else outer?.addEventListener('abort', abort)
  let last: { answer: Output; seen?: string } | undefined
  let failures = 0
  let wait = 0
  try {
    while (await pause(wait, stop.signal)) {
      let answer: Output
      try {
        answer = await read(input, { signal: stop.signal })
      } catch (error) {
        if (stop.signal.aborted) return
        if (!isPassing(error)) throw error
        wait = backoffMs(error, ++failures, intervalMs, maxBackoffMs)
        options.onRetry?.(error, wait)
        continue
      }
      failures = 0
      wait = intervalMs
      const seen = equals ? undefined : fingerprint(answer)
      if (last && (equals ? equals(last.answer, answer) : seen === last.seen)) continue
      last = { answer, seen }
      yield answer
    }
  } finally {
    // Left by break/return/throw (always at a yield or after a poll: nothing in flight, no timer).
    outer?.removeEventListener('abort', abort)
  }
}
