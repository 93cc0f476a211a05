/**
 * Why a fetch got no answer, read from whatever the runtime threw: Node's undici puts the system
 * error in `cause` (nested deeper, or in an AggregateError's `errors`, for happy-eyeballs), Bun sets
 * `code` on the error itself, Deno says it only in the message text, and browsers say nothing.
 */

/** Node's codes; other runtimes' reports are mapped to the nearest of them. */
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

const PHRASES: Record<NetworkErrorCode, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host name not found',
  EAI_AGAIN: 'host name lookup failed for now',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  CERT_HAS_EXPIRED: 'TLS certificate expired',
  CERT_NOT_YET_VALID: 'TLS certificate not yet valid',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'TLS certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'TLS certificate chain has a self-signed certificate',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'TLS certificate could not be verified',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'TLS certificate issuer unknown',
  ERR_TLS_CERT_ALTNAME_INVALID: 'TLS certificate is for another host name',
}

/** Other runtimes' and undici's own codes. */
const ALIASES: Record<string, NetworkErrorCode> = {
  UND_ERR_SOCKET: 'ECONNRESET', // undici: "other side closed"
  UND_ERR_CONNECT_TIMEOUT: 'ETIMEDOUT',
  ConnectionRefused: 'ECONNREFUSED', // Bun before 1.1
  ConnectionClosed: 'ECONNRESET',
}

/** Deno's message text (rustls and the OS error), in order. */
const DENO_MESSAGES: readonly [RegExp, NetworkErrorCode][] = [
  [/connection refused/i, 'ECONNREFUSED'],
  [/connection reset|connection closed before message completed/i, 'ECONNRESET'],
  [/dns error|failed to lookup address/i, 'ENOTFOUND'],
  [/invalid peer certificate: Expired/i, 'CERT_HAS_EXPIRED'],
  [/invalid peer certificate: NotValidYet/i, 'CERT_NOT_YET_VALID'],
  [/invalid peer certificate: NotValidForName/i, 'ERR_TLS_CERT_ALTNAME_INVALID'],
  [/invalid peer certificate: UnknownIssuer/i, 'UNABLE_TO_VERIFY_LEAF_SIGNATURE'],
  [/invalid peer certificate: .*CaUsedAsEndEntity/i, 'DEPTH_ZERO_SELF_SIGNED_CERT'],
]

/**
 * Failures that prove the request never left: no connection was made, or TLS refused the server
 * before any byte of the request was written.
 */
const NEVER_SENT: ReadonlySet<NetworkErrorCode | undefined> = new Set<NetworkErrorCode>([
  'ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH',
  'CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'ERR_TLS_CERT_ALTNAME_INVALID',
])

/** The whole of what a runtime that hides the cause says: Chromium, Firefox, Safari; Cloudflare's workerd. */
const OPAQUE_MESSAGES: Readonly<Record<string, string>> = {
  'Failed to fetch': 'the browser',
  'NetworkError when attempting to fetch resource.': 'the browser',
  'Load failed': 'the browser',
  'Network connection lost.': 'the runtime (workerd)',
}

type Thrown = { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown }

/** The error, its causes and an AggregateError's errors, breadth first, a few levels deep. */
function chain(error: unknown): Thrown[] {
  const found: Thrown[] = []
  let level: unknown[] = [error]
  for (let depth = 0; depth < 4 && level.length > 0; depth++) {
    const next: unknown[] = []
    for (const item of level) {
      if (typeof item !== 'object' || item === null || found.includes(item as Thrown)) continue
      const thrown = item as Thrown
      found.push(thrown)
      next.push(thrown.cause, ...(Array.isArray(thrown.errors) ? thrown.errors : []))
    }
    level = next
  }
  return found
}

function fromCode(code: unknown): NetworkErrorCode | undefined {
  if (typeof code !== 'string') return undefined
  if (Object.hasOwn(PHRASES, code)) return code as NetworkErrorCode
  return Object.hasOwn(ALIASES, code) ? ALIASES[code] : undefined
}

function fromMessage(message: unknown): NetworkErrorCode | undefined {
  return typeof message === 'string' ? DENO_MESSAGES.find(([pattern]) => pattern.test(message))?.[1] : undefined
}

/** The code of the failure, in the runtime's report; `undefined` when it gives none we know. */
export function networkErrorCode(error: unknown): NetworkErrorCode | undefined {
  const thrown = chain(error)
  return thrown.map((item) => fromCode(item.code)).find(Boolean) ?? thrown.map((item) => fromMessage(item.message)).find(Boolean)
}

/** A refused connection, an unknown host, a rejected certificate: the request certainly carried nothing. */
export function provesNeverSent(error: unknown): boolean {
  return NEVER_SENT.has(networkErrorCode(error))
}

/** Drops the query and fragment of any URL a runtime quotes in its message. */
function withoutQueries(text: string): string {
  return text.replace(/(\w+:\/\/[^\s?#)]*)[?#][^\s)]*/g, '$1')
}

/** Why, in words: `connection refused (ECONNREFUSED)`; the runtime's own words when no code is known. */
export function networkFailureReason(error: unknown, code: NetworkErrorCode | undefined): string {
  if (code) return `${PHRASES[code]} (${code})`
  const thrown = chain(error)
  const outer = thrown[0]?.message
  if (typeof outer === 'string' && Object.hasOwn(OPAQUE_MESSAGES, outer)) {
    return `${OPAQUE_MESSAGES[outer]} hides the cause ("${outer}"): a refused connection, an unknown host, a certificate${OPAQUE_MESSAGES[outer] === 'the browser' ? " or a CORS refusal; the browser's console says which" : ''}`
  }
  const messages = thrown.map((item) => item.message).filter((message): message is string => typeof message === 'string' && message !== '')
  return messages.length === 0 ? 'no reason given' : withoutQueries(messages.join(': ')).slice(0, 300)
}
