/** Where a server says how long to wait, in the order ky reads them. */
const HINT_HEADERS = ['retry-after', 'ratelimit-reset', 'x-ratelimit-retry-after', 'x-ratelimit-reset', 'x-rate-limit-reset']
/** A number of seconds this large is an epoch time (ky's rule, fixed so a skewed clock cannot move it). */
const EPOCH_THRESHOLD_MS = Date.UTC(2024, 0, 1)

/** The server's wait hint: `ms` is undefined when the header cannot be read, Infinity when it is not finite. */
export interface RetryHint {
  header: string
  ms: number | undefined
}

/** Reads the wait hint as ky would wait it: seconds, epoch seconds, or an HTTP date. */
export function retryHint(headers: Headers, now = Date.now()): RetryHint | undefined {
  for (const header of HINT_HEADERS) {
    const value = headers.get(header)
    if (!value) continue
    const seconds = Number(value)
    if (Number.isNaN(seconds)) {
      const date = Date.parse(value)
      return { header, ms: Number.isNaN(date) ? undefined : Math.max(0, date - now) }
    }
    if (!Number.isFinite(seconds)) return { header, ms: Number.POSITIVE_INFINITY }
    const ms = seconds * 1000
    return { header, ms: Math.max(0, ms >= EPOCH_THRESHOLD_MS ? ms - now : ms) }
  }
  return undefined
}

/** A hint the call may wait out: readable, finite, within the caller's cap and the time the call has left. */
export function waitable(hint: RetryHint, maxMs: number): boolean {
  return hint.ms !== undefined && Number.isFinite(hint.ms) && hint.ms <= maxMs
}
