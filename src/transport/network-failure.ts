/**
 * Why a fetch got no answer, read from whatever the runtime threw: Node's undici puts the system
 * error in `cause` (nested deeper, or in an AggregateError's `errors`, for happy-eyeballs), Bun sets
 * `code` on the error itself, Deno says it only in the message text, and browsers say nothing.
 */
import type { NetworkErrorCode } from '../errors.ts'

/** Words for the common ones; the others read well enough as `network error (EHOSTUNREACH)`. */
const PHRASES: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host name not found',
  ETIMEDOUT: 'timed out',
  ERR_UNSAFE_PORT: 'never sent: a port fetch refuses',
  ERR_CORS: "the server answered, but the browser keeps the answer from this page: no CORS header allows the page's origin",
}

/** A TLS certificate the runtime refused: Node's codes for it all say one of these words. */
const CERTIFICATE = /CERT|SIGNATURE|ISSUER/

/** undici's and Bun's own names (ConnectionRefused: Bun before 1.1). */
const ALIASES: Readonly<Record<string, string>> = {
  UND_ERR_SOCKET: 'ECONNRESET',
  UND_ERR_CONNECT_TIMEOUT: 'ETIMEDOUT',
  ConnectionRefused: 'ECONNREFUSED',
  ConnectionClosed: 'ECONNRESET',
}

/** Deno's words (the OS error, or rustls's reason for refusing the certificate), and undici's for a port fetch refuses. */
const WORDS: readonly [RegExp, string][] = [
  [/^bad port$/, 'ERR_UNSAFE_PORT'],
  [/connection refused/i, 'ECONNREFUSED'],
  [/connection reset|connection closed before/i, 'ECONNRESET'],
  [/dns error/i, 'ENOTFOUND'],
]
const DENO_CERTIFICATE = /invalid peer certificate: (?:Other\(OtherError\()?(\w+)/
const RUSTLS_REASONS: Readonly<Record<string, string>> = {
  Expired: 'CERT_HAS_EXPIRED',
  NotValidYet: 'CERT_NOT_YET_VALID',
  NotValidForName: 'ERR_TLS_CERT_ALTNAME_INVALID',
  UnknownIssuer: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  CaUsedAsEndEntity: 'DEPTH_ZERO_SELF_SIGNED_CERT',
}

/**
 * Failures that prove the request never left: no connection was made, fetch refused the port before
 * connecting, or TLS refused the server first.
 */
const UNSENT = /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|ERR_UNSAFE_PORT)$/

/** The whole of what a runtime that hides the cause says: Chromium, Firefox, Safari; Cloudflare's workerd. */
const OPAQUE: Readonly<Record<string, string>> = {
  'Failed to fetch': 'the browser',
  'NetworkError when attempting to fetch resource.': 'the browser',
  'Load failed': 'the browser',
  'Network connection lost.': 'the runtime (workerd)',
}

/**
 * The Fetch standard's bad ports, which every standard fetch refuses before connecting (undici says
 * "bad port", a browser only "Failed to fetch"), as the gaps between them: a character's code less 35,
 * or `|`, `}`, `~` for a step of 50, 100, 1000 that is no port.
 */
const BAD_PORT_GAPS = "$)%%%%%%$$$$%/($-3+%++)$$$($$%%%%'/%%'55}}-IIR$$$.'$$++)%*;1F}}}X$&%}}}}}}};$&}}}=~}}}}}}-}}}y}P}}}}}}}}i$}}}}}}}}}J}}}}}e|T$$$$-5~~~}}}v"
const STEPS: Readonly<Record<string, number>> = { '|': 50, '}': 100, '~': 1000 }

/** Whether fetch refuses `port` before connecting (1, 6000, 10080 …). */
export function isBadPort(port: number): boolean {
  let at = 0
  for (const gap of BAD_PORT_GAPS) {
    at += STEPS[gap] ?? gap.charCodeAt(0) - 35
    if (at === port && gap < '|') return true
  }
  return false
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

function fromCode(code: unknown): string | undefined {
  if (typeof code !== 'string') return undefined
  return Object.hasOwn(ALIASES, code) ? ALIASES[code] : /^[A-Z][A-Z0-9_]+$/.test(code) ? code : undefined
}

function fromMessage(message: unknown): string | undefined {
  if (typeof message !== 'string') return undefined
  const reason = DENO_CERTIFICATE.exec(message)?.[1]
  if (reason) return Object.hasOwn(RUSTLS_REASONS, reason) ? RUSTLS_REASONS[reason] : undefined
  return WORDS.find(([words]) => words.test(message))?.[1]
}

/**
 * The code of the failure, in the runtime's report; `undefined` when it gives none. `port`: of the
 * URL fetched, for a browser that hides why (it refuses a bad port before connecting).
 */
export function networkErrorCode(error: unknown, port = ''): NetworkErrorCode | undefined {
  const thrown = chain(error)
  return thrown.map((item) => fromCode(item.code)).find(Boolean)
    ?? thrown.map((item) => fromMessage(item.message)).find(Boolean)
    ?? (OPAQUE[String(thrown[0]?.message)] === 'the browser' && isBadPort(+port) ? 'ERR_UNSAFE_PORT' : undefined)
}

/**
 * Whether a browser's opaque failure of a cross-origin call was a CORS refusal: the same URL, asked again
 * as `no-cors` (a GET that carries nothing, and whose answer the page cannot read), answers. Waiting
 * does not heal that: the server must allow the page's origin.
 */
export async function refusedByCors(error: unknown, url: URL, timeoutMs: number): Promise<boolean> {
  const origin = (globalThis as { location?: { origin?: string } }).location?.origin
  if (OPAQUE[String(chain(error)[0]?.message)] !== 'the browser' || !origin || origin === url.origin) return false
  try {
    // No redirect option: a no-cors request must follow (it carries no credential, header or body).
    await globalThis.fetch(url.href, { mode: 'no-cors', credentials: 'omit', signal: AbortSignal.timeout(timeoutMs) })
    return true
  } catch {
    return false
  }
}

/** A refused connection, an unknown host, a refused port, a rejected certificate: the request certainly carried nothing. */
export function provesNeverSent(error: unknown): boolean {
  const code = networkErrorCode(error)
  return code !== undefined && (UNSENT.test(code) || CERTIFICATE.test(code))
}

/** Why, in words: `connection refused (ECONNREFUSED)`; the runtime's own words when it gives no code. */
export function networkFailureReason(error: unknown, code: NetworkErrorCode | undefined): string {
  if (code) return `${PHRASES[code] ?? (CERTIFICATE.test(code) ? 'TLS certificate rejected' : 'network error')} (${code})`
  const thrown = chain(error)
  const outer = String(thrown[0]?.message)
  if (Object.hasOwn(OPAQUE, outer)) return `${OPAQUE[outer]} hides the cause ("${outer}"): refused, unknown host, certificate or CORS`
  const words = thrown.map((item) => item.message).filter((message) => typeof message === 'string' && message !== '').join(': ')
  // A runtime may quote the URL or a header: never the query, a user:password, the key or the signature (64 hex).
  return words
    .replace(/(\w+:\/\/[^\s?#)]*)[?#][^\s)]*/g, '$1')
    .replace(/(\w+:\/\/)[^\s/@]*@/g, '$1')
    .replace(/\w*[0-9a-f]{64}/gi, '[hidden]')
    .slice(0, 300) || 'no reason given'
}
