// What the proxy answers by itself: refusals in the exchange's envelope shape with codes of its own,
// CORS, and the exchange's answers passed on without hop-by-hop headers.

/** The proxy's own error codes: each refusal happens before anything is forwarded, unless it says otherwise. */
export const PROXY_ERROR_CODES = {
  /** 404: no operation has this method and path. */
  PROXY_ROUTE_UNKNOWN: 18001,
  /** 403: the operation is not in `allow`. */
  PROXY_OPERATION_NOT_ALLOWED: 18002,
  /** 400: the input fails the operation's schema (or is not JSON). */
  PROXY_INVALID_INPUT: 18003,
  /** 413: the body is over `maxBodyBytes`. */
  PROXY_BODY_TOO_LARGE: 18004,
  /** 403: the page's origin is not in `cors` (`null`, a sandboxed frame's or a file's, only when listed by name). */
  PROXY_ORIGIN_NOT_ALLOWED: 18005,
  /** 403: `authorize` said no. */
  PROXY_NOT_AUTHORIZED: 18006,
  /** 502: the exchange answered with a redirect, which the proxy does not follow. Forwarded. */
  PROXY_UPSTREAM_REDIRECT: 18007,
  /** 502: the exchange's answer did not arrive or broke off. Forwarded: a write may have been applied. */
  PROXY_UPSTREAM_FAILED: 18008,
  /** 504: no answer from the exchange within `timeoutMs`. Forwarded: a write may have been applied. */
  PROXY_UPSTREAM_TIMEOUT: 18009,
  /** 500: signing failed (the `sign` function threw); nothing was forwarded. */
  PROXY_SIGNING_FAILED: 18010,
  /** 500: the proxy itself failed (`authorize` threw, the page's body broke off): whether a write went out is unknown. */
  PROXY_INTERNAL_ERROR: 18011,
  /** 503: the call waited too long in the proxy (a slow `authorize`) to be signed now; nothing was sent. */
  PROXY_TOO_LATE: 18012,
  /**
   * 503: a write would have been dated by a server clock the proxy could not confirm (a signed read dated
   * by it was refused): nothing was sent, as a write signed for later could be replayed then.
   */
  PROXY_CLOCK_UNCONFIRMED: 18013,
  /** 403: onboarding and key rotation answer with a new secret, which must not travel through a page: never proxied. */
  PROXY_NEVER_PROXIED: 18014,
  /** 415: a body that is not sent as JSON (`Content-Type: application/json`): refused before it is read. */
  PROXY_UNSUPPORTED_MEDIA_TYPE: 18015,
} as const

export type ProxyErrorCode = keyof typeof PROXY_ERROR_CODES

/** Cut out of every answer passed on: they describe one connection, or another origin's policy. */
const DROPPED = new Set([
  'connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade',
  // The body is decoded and re-sent: its length and encoding are the runtime's to set again.
  'content-length', 'content-encoding',
  // Cookies of the exchange's site mean nothing on the proxy's, and the proxy's CORS is its own.
  'set-cookie',
])

/** The exchange's headers minus hop-by-hop ones (and those `Connection` names), cookies and CORS. */
export function passedHeaders(headers: Headers): Headers {
  const named = (headers.get('connection') ?? '').split(',').map((name) => name.trim().toLowerCase())
  const kept = new Headers()
  headers.forEach((value, name) => {
    if (!DROPPED.has(name) && !named.includes(name) && !name.startsWith('access-control-')) kept.append(name, value)
  })
  return kept
}

const randomId = () => Array.from(globalThis.crypto.getRandomValues(new Uint8Array(8)), (byte) => byte.toString(16).padStart(2, '0')).join('')

/** A refusal as the exchange shapes one: `{ success: false, data: null, error: { code, codeNum, message }, meta }`. */
export function refusal(status: number, code: ProxyErrorCode, message: string, details?: Record<string, unknown>): Response {
  const error = { code, codeNum: PROXY_ERROR_CODES[code], message, ...(details && { details }) }
  // No timestamp in meta: the page's client learns the server's clock from the exchange alone.
  const body = { success: false, data: null, error, meta: { requestId: `proxy-${randomId()}` } }
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } })
}

export type CorsOrigins = '*' | readonly string[]

const ALLOWED_METHODS = 'GET, POST, PUT, DELETE'
// A page's client sends a JSON body's content type, and no signing header (`signedBy: 'proxy'`).
const ALLOWED_HEADERS = 'content-type'

/**
 * Whether a request from `origin` (a page's Origin header) may use the proxy. No Origin: not a
 * cross-site browser request. `null` (a sandboxed frame, a file) only when `cors` lists 'null' by name:
 * `'*'` does not admit it.
 */
export function originAllowed(origin: string | null, cors: CorsOrigins | undefined, ownOrigin: string): boolean {
  if (origin === null || origin === ownOrigin) return true
  if (origin === 'null') return Array.isArray(cors) && cors.includes('null')
  return cors === '*' || (cors?.includes(origin) ?? false)
}

/**
 * Every answer depends on the Origin it was asked from (`Vary: Origin`); an allowed cross-origin page also
 * gets the CORS headers it needs to read it. A refused origin never gets `Access-Control-Allow-Origin`.
 */
export function withCors(response: Response, origin: string | null, cors: CorsOrigins | undefined, allowed: boolean): Response {
  const headers = new Headers(response.headers)
  if (!/\borigin\b/i.test(headers.get('vary') ?? '')) headers.append('vary', 'Origin')
  // A preflight's answer has its CORS headers already.
  if (allowed && origin !== null && cors !== undefined && !headers.has('access-control-allow-origin')) {
    headers.set('access-control-allow-origin', cors === '*' ? '*' : origin)
    headers.set('access-control-expose-headers', 'retry-after, x-request-id')
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}

/** The answer to an allowed preflight. */
export function preflight(origin: string, cors: CorsOrigins): Response {
  return new Response(null, {
    status: 204,
    headers: {
      'access-control-allow-origin': cors === '*' ? '*' : origin,
      'access-control-allow-methods': ALLOWED_METHODS,
      'access-control-allow-headers': ALLOWED_HEADERS,
      'access-control-max-age': '600',
      vary: 'Origin',
    },
  })
}
