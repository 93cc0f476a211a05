// The one rule for a write's outcome, asked by every write path: may an attempt that failed so have
// been applied? Yes makes the call an OrderOutcomeUnknownError (reconcile by clientOrderId); no lets
// the error itself tell the caller nothing happened.
import { ExchangeApiError } from '../errors.ts'
import { isHttpError } from './ky-errors.ts'
import { provesNeverSent } from './network-failure.ts'

/** AUTH_REPLAY_DETECTED: an identical signed request arrived first, and that one was acted on. */
const REPLAYED = 11013

/**
 * Whether a write attempt that failed with `error` may have been applied; `left`: the attempt was
 * handed to fetch. No: it never left, or fetch refused it before any byte could leave (connection
 * refused, unknown host, a port fetch refuses, a certificate), or the service's envelope below 500
 * refused it. Yes: no answer came (reset, timeout, an abort after it left, a browser's opaque
 * failure), a 5xx (ky's, or the envelope's), an answer that is not the envelope, cannot be read or
 * redirects, and AUTH_REPLAY_DETECTED (the service saw this very request before).
 */
export function mayHaveLanded(error: unknown, left: boolean): boolean {
  if (!left) return false
  if (error instanceof ExchangeApiError) return error.status >= 500 || error.codeNum === REPLAYED
  return isHttpError(error) ? error.response.status >= 500 : !provesNeverSent(error)
}
