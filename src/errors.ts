/**
 * The error model. Every error the SDK throws is an `ExchangeError`; `kind` tells them apart
 * without `instanceof` (which breaks when two copies of the SDK meet, e.g. ESM + script tag).
 */

/**
 * Node's code of the failure; Bun's and Deno's reports are mapped to the nearest. Known values are
 * listed; a runtime may report others (`EPIPE` …), passed on as they come.
 */
export type NetworkErrorCode =
  | 'ECONNREFUSED'
  | 'ECONNRESET'
  | 'ENOTFOUND'
  | 'EAI_AGAIN'
  | 'ETIMEDOUT'
  | 'EHOSTUNREACH'
  | 'ENETUNREACH'
  | 'CERT_HAS_EXPIRED'
  | 'CERT_NOT_YET_VALID'
  | 'DEPTH_ZERO_SELF_SIGNED_CERT'
  | 'SELF_SIGNED_CERT_IN_CHAIN'
  | 'UNABLE_TO_VERIFY_LEAF_SIGNATURE'
  | 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY'
  | 'ERR_TLS_CERT_ALTNAME_INVALID'
  | 'ERR_UNSAFE_PORT'
  /** A browser's: the server answered a cross-origin call without CORS headers allowing the page's origin. */
  | 'ERR_CORS'
  | (string & {})

/** Authentication and permission codes the spec defines, by name and number. */
export const AUTH_ERROR_CODES = {
  AUTH_MISSING: 11001,
  AUTH_INVALID_KEY: 11002,
  AUTH_INVALID_SIGNATURE: 11003,
  AUTH_TIMESTAMP_EXPIRED: 11004,
  AUTH_KEY_EXPIRED: 11007,
  AUTH_NO_ACCOUNT: 11010,
  AUTH_REPLAY_DETECTED: 11013,
  PERM_NO_TRADING: 11101,
  PERM_NO_READ: 11102,
  PERM_IP_NOT_ALLOWED: 11107,
} as const

export type AuthErrorCode = keyof typeof AUTH_ERROR_CODES

export type ExchangeErrorKind =
  | 'validation'
  | 'auth'
  | 'permission'
  | 'rate-limit'
  | 'api'
  | 'response'
  | 'redirect'
  | 'network'
  | 'timeout'
  | 'aborted'
  | 'outcome-unknown'
  | 'crypto-unavailable'
  | 'signing-cancelled'
  | 'signing-failed'
  | 'storage'
  | 'clock'

export class ExchangeError extends Error {
  declare readonly kind: ExchangeErrorKind
  constructor(kind: ExchangeErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.kind = kind
    this.name = 'ExchangeError'
  }
}

const MAX_MESSAGE = 500

/** A message that quotes the caller's value stays readable when the value is megabytes long. */
function capped(message: string): string {
  return message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE)}… (${message.length} characters)` : message
}

/** One problem of an input: the field (a dotted path, `''` for the input itself), the rule it breaks, and the message. */
export interface ValidationIssue {
  readonly field: string
  /** `missing`, `unknown_field`, `type`, `not_object`, or the value's rule (`regex`, `min_value` …). */
  readonly rule: string
  readonly message: string
}

/**
 * Bad input, thrown before any network I/O. `field` and `rule` are the first problem's; `issues`
 * lists every problem found, and the message names them all.
 */
export class ExchangeValidationError extends ExchangeError {
  declare readonly kind: 'validation'
  declare readonly field: string
  declare readonly rule: string
  declare readonly issues: readonly ValidationIssue[]
  constructor(field: string, rule: string, message = `${field || 'input'}: ${rule}`, issues: readonly ValidationIssue[] = [{ field, rule, message }]) {
    super('validation', capped(message))
    this.name = 'ExchangeValidationError'
    this.field = field
    this.rule = rule
    this.issues = issues
  }
}

export interface ApiErrorBody {
  code: string
  codeNum?: number
  message?: string
  details?: Record<string, unknown>
}

/** The kinds a service's refusal (`ExchangeApiError`) comes as. */
export type ApiErrorKind = 'auth' | 'permission' | 'rate-limit' | 'api'

/** Which class of failure a service answer is, from its code number and HTTP status. */
export function classifyApiError(status: number, codeNum: number | undefined, code: string): ApiErrorKind {
  if (status === 429 || code === 'RATE_LIMITED') return 'rate-limit'
  if (codeNum !== undefined && codeNum >= 11000 && codeNum < 11100) return 'auth'
  if ((codeNum !== undefined && codeNum >= 11100 && codeNum < 11200) || code.startsWith('PERM_')) return 'permission'
  if (status === 401) return 'auth'
  if (status === 403) return 'permission'
  return 'api'
}

/**
 * What the client signed for a call the service refused as unauthenticated (client option
 * `debugSignatures`). Compare it with what the service expects: the secret is never in it.
 */
export interface SigningDiagnostics {
  /** Exactly the signed text: timestamp + METHOD + path (no query) + body. */
  payload: string
  timestamp: string
  method: string
  /** The path as it went on the wire. */
  path: string
  /** UTF-8 bytes of the body sent (0 when none). */
  bodyBytes: number
  /** The client's estimate of server time minus local time when it signed. */
  clockOffsetMs: number
}

/** Any answer of the service that is not a success. */
export class ExchangeApiError extends ExchangeError {
  declare readonly kind: ApiErrorKind
  declare readonly status: number
  /** The service's stable code (`AUTH_INVALID_SIGNATURE`, `REQ_INVALID_JSON`): branch on this. */
  declare readonly code: string
  /** The code's number (11003); 0 when the answer carried none (a gateway page, a bare HTTP error). */
  declare readonly codeNum: number
  declare readonly requestId: string | undefined
  declare readonly details: Record<string, unknown> | undefined
  /** Milliseconds the service asked us to wait (Retry-After), when it said. */
  declare readonly retryAfterMs: number | undefined
  /** On an authentication failure of a client built with `debugSignatures`: what it signed. */
  declare signing: SigningDiagnostics | undefined
  constructor(
    status: number,
    body: ApiErrorBody,
    requestId?: string,
    retryAfterMs?: number,
  ) {
    const kind = classifyApiError(status, body.codeNum, body.code)
    const reason = typeof body.details?.reason === 'string' ? body.details.reason : body.message
    // A wrong signature (11003, AUTH_INVALID_SIGNATURE) says nothing of why; the signed payload does.
    // The number, not AUTH_ERROR_CODES: that table would then ship in every bundle.
    const hint = body.codeNum === 11003
      ? ' (usually a wrong secret, a secret rotated since, or a body or path changed after signing; the debugSignatures option shows the signed payload)'
      : ''
    super(kind, `${body.code}${body.codeNum === undefined ? '' : ` (${body.codeNum})`}, HTTP ${status}: ${reason ?? 'no message'}${hint}`)
    this.name = 'ExchangeApiError'
    this.status = status
    this.code = body.code
    this.codeNum = body.codeNum ?? 0
    this.requestId = requestId
    this.details = body.details
    this.retryAfterMs = retryAfterMs
    this.signing = undefined
  }
}

/**
 * The service answered something that is not its envelope (HTML from a proxy, truncated JSON …), or,
 * with `validateResponses`, data that breaks the operation's response schema.
 */
export class ExchangeResponseError extends ExchangeError {
  declare readonly kind: 'response'
  declare readonly status: number
  /** With `validateResponses`: the operation whose answer broke its schema (`perp.placeOrder`). */
  declare readonly operation: string | undefined
  /** With `validateResponses`: the dotted path of the field that broke it (`items.0.orderId`; `''` for `data` itself). */
  declare readonly field: string | undefined
  constructor(status: number, message: string, options?: { cause?: unknown; operation?: string; field?: string }) {
    super('response', `HTTP ${status}: ${message}`, options)
    this.name = 'ExchangeResponseError'
    this.status = status
    this.operation = options?.operation
    this.field = options?.field
  }
}

/**
 * The service answered with a redirect (3xx, or the opaque redirect a browser gives for one). It is
 * never followed: following would re-send the key, the signature and the body to another address.
 * `status` is 0 and `location` undefined when the runtime hides them (browsers).
 */
export class ExchangeRedirectError extends ExchangeError {
  declare readonly status: number
  declare readonly location: string | undefined
  constructor(status: number, location: string | undefined) {
    super('redirect', capped(`HTTP ${status || '3xx (opaque)'}: the service answered with a redirect${location ? ` to ${location}` : ''}; the client never follows one`))
    this.name = 'ExchangeRedirectError'
    this.status = status
    this.location = location
  }
}

/**
 * The request did not get an answer: connection refused or dropped, DNS, TLS, CORS, timeout, abort.
 * The message names the method, host, port and path (never the query), and why.
 */
export class ExchangeNetworkError extends ExchangeError {
  declare readonly kind: 'network' | 'timeout' | 'aborted'
  /**
   * Why, as Node names it (Bun's and Deno's reports mapped to the same codes); `ETIMEDOUT` when
   * `timeoutMs` passed. `undefined` when the runtime does not say (a browser never does).
   */
  declare readonly code: NetworkErrorCode | undefined
  constructor(kind: 'network' | 'timeout' | 'aborted', message: string, options?: { cause?: unknown; code?: NetworkErrorCode }) {
    super(kind, message, options)
    this.name = 'ExchangeNetworkError'
    this.code = options?.code
  }
}

/**
 * A write left and no answer proved it refused (none came, or a 5xx, a gateway page, a redirect), or
 * the service answered AUTH_REPLAY_DETECTED (an identical signed request arrived first, and that one
 * was acted on): it may or may not have been applied. `clientOrderId` (when the write carried one) finds it;
 * never resend it under a new id. `reconcile` (perp, spot, prediction) says when "not found" is final.
 */
export class OrderOutcomeUnknownError extends ExchangeError {
  declare readonly clientOrderId: string | undefined
  /** Every clientOrderId the write carried: the order's, or one per order of a batch. */
  declare readonly clientOrderIds: readonly string[]
  /**
   * X-TIMESTAMP (server-clock ms) of the latest signed attempt that left. The service accepts a
   * signature until its timestamp is 30 s behind its clock: after that, no attempt can still land.
   */
  declare readonly lastSignedAt: number | undefined
  constructor(clientOrderId: string | undefined, cause: unknown, batchClientOrderIds?: readonly string[], lastSignedAt?: number) {
    const ids = batchClientOrderIds ?? (clientOrderId ? [clientOrderId] : [])
    super(
      'outcome-unknown',
      `The outcome of the write is unknown: the request left and no answer proved it refused${ids.length ? `; look it up by clientOrderId ${ids.join(', ')}` : ''}`,
      { cause },
    )
    this.name = 'OrderOutcomeUnknownError'
    this.clientOrderId = clientOrderId
    this.clientOrderIds = ids
    this.lastSignedAt = lastSignedAt
  }
}

/**
 * The onboarding request left and no answer proved it refused: a key may have been minted. The
 * signed login message is never sent again (whoever holds it could mint keys with it): have the
 * wallet sign a new message, with a new timestamp, by onboarding again.
 */
export class OnboardingOutcomeUnknownError extends ExchangeError {
  declare readonly walletAddress: string
  constructor(walletAddress: string, cause: unknown) {
    super(
      'outcome-unknown',
      'The onboarding request left and no answer proved it refused; it is not sent again. Onboard again: the wallet must sign a new login message (a new timestamp)',
      { cause },
    )
    this.name = 'OnboardingOutcomeUnknownError'
    this.walletAddress = walletAddress
  }
}

/** The wallet's owner declined (EIP-1193 code 4001, or a Solana wallet's equivalent). Nothing was sent. */
export class SigningCancelledError extends ExchangeError {
  declare readonly walletAddress: string | undefined
  constructor(walletAddress: string | undefined, cause: unknown, declined = 'sign the login message') {
    super('signing-cancelled', `The wallet owner declined to ${declined}; nothing was sent`, { cause })
    this.name = 'SigningCancelledError'
    this.walletAddress = walletAddress
  }
}

/** The wallet failed otherwise, or answered with something that is not an address or a signature. */
export class SigningFailedError extends ExchangeError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('signing-failed', message, options)
    this.name = 'SigningFailedError'
  }
}

/**
 * The wallet took longer than the onboarding window: the service would refuse the message as stale,
 * so it is not sent. Onboard again to sign a fresh one.
 */
export class SigningTimeoutError extends ExchangeError {
  declare readonly windowMs: number
  constructor(windowMs: number) {
    super(
      'timeout',
      `The wallet did not sign within ${Math.round(windowMs / 1000)} s; the service accepts a login message for 300 s only, so it was not sent. Onboard again to sign a fresh message.`,
    )
    this.name = 'SigningTimeoutError'
    this.windowMs = windowMs
  }
}

/** The class an error of each kind is thrown as: what `isExchangeError(error, kind)` narrows to. */
export interface ExchangeErrorOfKind {
  validation: ExchangeValidationError
  auth: ExchangeApiError
  permission: ExchangeApiError
  'rate-limit': ExchangeApiError
  api: ExchangeApiError
  response: ExchangeResponseError
  redirect: ExchangeRedirectError
  network: ExchangeNetworkError
  timeout: ExchangeNetworkError | SigningTimeoutError
  aborted: ExchangeNetworkError
  'outcome-unknown': OrderOutcomeUnknownError | OnboardingOutcomeUnknownError
  'crypto-unavailable': ExchangeError
  'signing-cancelled': SigningCancelledError
  'signing-failed': SigningFailedError
  storage: ExchangeError
  /** A write or a login message not signed: the measured server time is far from the local clock and unconfirmed. */
  clock: ExchangeError
}

/**
 * Whether `error` is one of the SDK's errors (of that `kind`), narrowed to its class:
 * `if (isExchangeError(e, 'rate-limit')) wait(e.retryAfterMs)`. Works across two copies of the SDK.
 */
export function isExchangeError(error: unknown): error is ExchangeError
export function isExchangeError<K extends ExchangeErrorKind>(error: unknown, kind: K): error is ExchangeErrorOfKind[K] & { readonly kind: K }
export function isExchangeError(error: unknown, kind?: ExchangeErrorKind): boolean {
  const isOurs = error instanceof ExchangeError
    || (error instanceof Error && typeof (error as Partial<ExchangeError>).kind === 'string'
      && /^(Exchange|OrderOutcome|OnboardingOutcome|Signing)/.test(error.name))
  return isOurs && (kind === undefined || (error as ExchangeError).kind === kind)
}
