/** Where a server says how long to wait, in the order ky reads them. */
const HINT_HEADERS = ['retry-after', 'ratelimit-reset', 'x-ratelimit-retry-after', 'x-ratelimit-reset', 'x-rate-limit-reset']
/** A number of seconds this large is an epoch time (ky's rule, fixed so a skewed clock cannot move it). */
const EPOCH_THRESHOLD_MS = Date.UTC(2024, 0, 1)

/**
 * The server's wait hint in ms, read as ky waits it: seconds, epoch seconds, or an HTTP date.
 * Read here too because ky waits `maxRetryAfter` for a longer hint, where the SDK fails at once.
 * Undefined without one; NaN when it cannot be read; Infinity when it is not finite.
 */
export function retryHintMs(headers: Headers, now = Date.now()): number | undefined {
  for (const header of HINT_HEADERS) {
    const value = headers.get(header)
    if (!value) continue
    const seconds = Number(value)
    if (Number.isNaN(seconds)) return Math.max(0, Date.parse(value) - now)
    if (!Number.isFinite(seconds)) return Number.POSITIVE_INFINITY
    const ms = seconds * 1000
    return Math.max(0, ms >= EPOCH_THRESHOLD_MS ? ms - now : ms)
  }
  return undefined
}
