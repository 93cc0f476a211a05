import type { Deadline } from './deadline.ts'
import { ExchangeError } from './errors.ts'
import { isHttpError } from './ky-errors.ts'
import { retryHintMs } from './retry-hint.ts'

/** When a failed attempt is tried again. Reads retry; writes only when the caller made them idempotent. */
export interface RetryOptions {
  /** Attempts after the first. Default 2. */
  limit?: number
  /** Longest pause between attempts, in ms. Default 5000. */
  backoffLimitMs?: number
  /** Longest Retry-After the client will wait for; longer ones fail at once. Default 30000. */
  maxRetryAfterMs?: number
}

const RETRY_STATUS = [408, 429, 500, 502, 503, 504]
const RETRY_AFTER_STATUS = [413, 429, 503]

/** ky's retry settings for one request. */
export function kyRetry(options: RetryOptions | number | false | undefined, method: string, idempotent: boolean, deadline: Deadline) {
  const settings = typeof options === 'object' ? options : { limit: options === false ? 0 : options }
  const retriable = method === 'GET' || idempotent
  const maxRetryAfter = settings.maxRetryAfterMs ?? 30_000
  return {
    // No retry past the deadline. A wait hint that is unreadable, not finite, over the cap or over
    // the time the call has left fails now: ky would wait the cap instead, and retry early.
    // Nor after the client refused to sign (its own error, thrown before anything left): it would again.
    shouldRetry: ({ error }: { error: unknown }) => {
      if (deadline.signal.aborted || error instanceof ExchangeError) return false
      if (!isHttpError(error) || !RETRY_AFTER_STATUS.includes(error.response.status)) return undefined
      const hint = retryHintMs(error.response.headers)
      // NaN (unreadable) and Infinity fail the comparison too.
      return hint === undefined || hint <= Math.min(maxRetryAfter, deadline.remainingMs()) ? undefined : false
    },
    limit: retriable ? settings.limit ?? 2 : 0,
    methods: [method.toLowerCase()],
    statusCodes: RETRY_STATUS,
    afterStatusCodes: RETRY_AFTER_STATUS,
    backoffLimit: settings.backoffLimitMs ?? 5000,
    maxRetryAfter,
    retryOnTimeout: true,
    jitter: true,
  }
}
