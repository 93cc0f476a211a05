// A fetch handler that signs allowed calls of a page's client for the exchange, so the page holds no
// secret. Web-standard only (Request, Response, fetch, WebCrypto): it runs as a Cloudflare Worker, a
// Vercel edge function, under Deno.serve, Bun.serve and Node.
import { ServerClock } from '../auth/clock.ts'
import type { SignedAttempt } from '../auth/gate.ts'
import { keyGate } from '../auth/key-gate.ts'
import { Stamper } from '../auth/stamper.ts'
import type { SignFunction } from '../auth/signer.ts'
import { toRequest, type Route } from '../api/operation.ts'
import { checkRoutes, routesOf, type Routes } from '../api/routes.ts'
import type { IssuedSecret } from '../auth/hidden-secret.ts'
import { readBodyText } from '../transport/body.ts'
import { ExchangeError, ExchangeValidationError } from '../errors.ts'
import { redirectOf } from '../transport/redirect.ts'
import { allowedOperations, type OperationClass } from './allow.ts'
import { originAllowed, passedHeaders, preflight, refusal, withCors, type CorsOrigins } from './answers.ts'
import { inputOf } from './input.ts'
import { matchOperation, proxiedOperations, type Match } from './operations.ts'

/** What `authorize` is told of one call, after it matched an allowed operation and its input passed the schema. */
export interface ProxyContext {
  /** `perp.placeOrder` */
  readonly operation: string
  /** The input as the operation's schema output it (what will be sent). */
  readonly input: Readonly<Record<string, unknown>> | undefined
  /** The incoming request (its body already read): for the site's own session check. */
  readonly request: Request
}

export interface SigningProxyOptions {
  /** The exchange's base URL, e.g. `https://api.example.com`: the only place the proxy sends anything. */
  target: string
  apiKey?: string
  secretKey?: string | CryptoKey | IssuedSecret
  /** Signs payloads elsewhere (a KMS, another process) instead of with `secretKey`. */
  sign?: SignFunction
  /**
   * What the page may call: operation names (`'perp.placeOrder'`) and classes (`'public'`, `'read'`,
   * `'trade'`). Withdrawals belong to no class: name each one (`'account.withdraw'`). The server's clock
   * (`system.getTime`) is always open; key rotation is never proxied.
   */
  allow: readonly (OperationClass | (string & {}))[]
  /**
   * The site's own check, per call: its user's session, limits such as a maximum order notional.
   * `false` refuses (403), a Response is answered as it is, `true` lets the call through. Required
   * when `allow` names more than public operations (`() => true` admits anyone who reaches the proxy).
   */
  authorize?: (context: ProxyContext) => boolean | Response | Promise<boolean | Response>
  /** Origins of pages that may call from another origin (`'*'` for any). Default: same origin only. */
  cors?: CorsOrigins
  /** Larger request bodies are refused (413). Default 64 KiB. */
  maxBodyBytes?: number
  /** Larger answers of the exchange are not passed on (502). Default 16 MiB. */
  maxResponseBytes?: number
  /** Per call to the exchange, the answer's body included, in ms. Default 10000. */
  timeoutMs?: number
  /** Where operations go on the exchange, as the client's `routes` option (`realServiceRoutes`). The page calls the usual paths. */
  routes?: Routes
  /** The fetch used to reach `target`. Default: the platform's. */
  fetch?: typeof globalThis.fetch
}

/** The AUTH_TIMESTAMP_EXPIRED code: the proxy's clock was off, nothing was executed, sign again once. */
const TIMESTAMP_EXPIRED = 11004
const JSON_TYPE = 'application/json'
/**
 * The page's client dates an unknown write by when it sent it (`lastSignedAt`), and its `reconcile` allows
 * 5 s past the service's 30 s for a late acceptance: the proxy signs within 2 s of the call's arrival, or not at all.
 */
const SIGN_WITHIN_MS = 2000

const isWrite = (method: string) => method !== 'GET'

/** The body, refused when over `max` bytes (by its declared length, or as it streams in). */
async function readCapped(request: Request, max: number): Promise<string | Response> {
  const tooLarge = () => refusal(413, 'PROXY_BODY_TOO_LARGE', `the body is over the ${max}-byte limit (the proxy's maxBodyBytes)`)
  if (Number(request.headers.get('content-length')) > max) return tooLarge()
  const reader = request.body?.getReader()
  if (!reader) return ''
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > max) {
      void reader.cancel().catch(() => undefined)
      return tooLarge()
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let at = 0
  for (const chunk of chunks) {
    bytes.set(chunk, at)
    at += chunk.byteLength
  }
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes)
  } catch {
    return refusal(400, 'PROXY_INVALID_INPUT', 'body: not UTF-8 text', { field: 'body' })
  }
}

const isOrigin = (value: unknown) => {
  try {
    return typeof value === 'string' && new URL(value).origin === value
  } catch {
    return false
  }
}

function checkOptions(options: unknown): asserts options is SigningProxyOptions {
  if (typeof options !== 'object' || options === null) throw new ExchangeValidationError('options', 'type', 'options: must be an object')
  const { target, maxBodyBytes, cors, authorize } = options as SigningProxyOptions
  let url: URL | undefined
  try {
    url = new URL(target)
  } catch {
    // refused below
  }
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:') throw new ExchangeValidationError('target', 'type', 'target: must be the exchange base URL (absolute http or https)')
  if (url.search || url.hash) throw new ExchangeValidationError('target', 'type', 'target: must have no query or fragment')
  if (maxBodyBytes !== undefined && !(Number.isSafeInteger(maxBodyBytes) && maxBodyBytes > 0)) throw new ExchangeValidationError('maxBodyBytes', 'type', 'maxBodyBytes: must be a positive whole number of bytes')
  if (cors !== undefined && cors !== '*' && !(Array.isArray(cors) && cors.every((origin) => isOrigin(origin) || origin === 'null'))) {
    throw new ExchangeValidationError('cors', 'type', "cors: must be '*' or a list of origins such as 'https://app.example.com' ('null' admits sandboxed frames and files, by name only)")
  }
  if (authorize !== undefined && typeof authorize !== 'function') throw new ExchangeValidationError('authorize', 'type', 'authorize: must be a function')
}

/** Each operation's route on the exchange (the `routes` option), checked as the client checks it. */
function routesByName(routes: unknown, table: ReturnType<typeof proxiedOperations>): Map<string, Route> {
  const checked = checkRoutes(routes)
  const byName = new Map<string, Route>()
  const groups = new Set(table.map((operation) => operation.group))
  for (const name of Object.keys(checked)) {
    if (!groups.has(name.split('.')[0]!)) throw new ExchangeValidationError(`routes.${name}`, 'route', `routes.${name}: names no operation`)
  }
  for (const group of groups) {
    const ops = Object.fromEntries(table.filter((operation) => operation.group === group).map((operation) => [operation.name.slice(group.length + 1), operation.op]))
    for (const [method, route] of Object.entries(routesOf(checked, group, ops))) byName.set(`${group}.${method}`, route)
  }
  return byName
}

/**
 * A fetch handler (`(request) => Promise<Response>`) that forwards the page's calls to `target`,
 * signed with the key it holds. Each call is matched to one operation by method and path template
 * (404 otherwise), must be allowed (403) and pass the operation's input schema (400), and then
 * `authorize`, before anything is forwarded. It is rebuilt from its checked input: no header, cookie
 * or query the page sent is forwarded. The exchange's answer comes back as sent, minus hop-by-hop
 * headers; a lost or cut-off answer to a write is a 502 or 504 (its outcome unknown to the page too).
 */
export function signingProxy(options: SigningProxyOptions): (request: Request) => Promise<Response> {
  checkOptions(options)
  const { target, authorize, cors, maxBodyBytes = 64 * 1024, maxResponseBytes = 16 * 1024 * 1024, timeoutMs = 10_000 } = options
  const base = target.replace(/\/+$/, '')
  // The key's gate signs every call, holds the server clock (moved only by what the gate reads and by
  // answers to calls it signed) and the stamp memory.
  const clock = new ServerClock()
  const gate = keyGate(options, new Stamper(clock), { baseUrl: base, fetch: options.fetch, timeoutMs })
  if (!gate) throw new ExchangeValidationError('apiKey', 'required', 'signingProxy needs apiKey and secretKey (or sign)')
  const table = proxiedOperations()
  const allowed = allowedOperations(options.allow, table)
  // Without a check of its own, a proxy that signs more than open data trades (or reads) for anyone who reaches it.
  const signsForCallers = table.some((operation) => allowed.has(operation.name) && operation.op.auth !== 'none')
  if (signsForCallers && !authorize) {
    throw new ExchangeValidationError(
      'authorize',
      'required',
      'authorize is required when allow names anything but public operations: check your user there (authorize: () => true lets anyone who reaches the proxy use the key)',
    )
  }
  const routes = routesByName(options.routes, table)
  const send = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init))

  /** One signed attempt; 11004 (our clock was off) re-measures the clock and signs afresh, once. */
  async function forward(match: Match, input: Record<string, unknown> | undefined, incoming: Request, arrivedAt: number): Promise<Response> {
    const { method, path, query, body } = toRequest(match.operation.op, input, routes.get(match.operation.name))
    const url = new URL(base + path)
    for (const [name, value] of Object.entries(query)) {
      for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(name, String(item))
    }
    const text = body === undefined ? undefined : JSON.stringify(body)
    // Open operations go unsigned, as the client sends them.
    const signed = match.operation.op.auth !== 'none'
    const late = () => signed && clock.monotonicNow() - arrivedAt > SIGN_WITHIN_MS
    // The first signed call measures the clock, rather than being refused for it.
    if (signed && !clock.synced) await gate!.syncClock().catch(() => undefined)
    for (let attempt = 0; ; attempt++) {
      if (late()) return refusal(503, 'PROXY_TOO_LATE', `the call waited over ${SIGN_WITHIN_MS} ms in the proxy (a slow authorize?); nothing was sent: send it again`)
      const headers = new Headers({ accept: JSON_TYPE })
      if (text !== undefined) headers.set('content-type', JSON_TYPE)
      let ticket: SignedAttempt | undefined
      try {
        if (signed) {
          ticket = await gate!.sign(method, url, text ?? '')
          headers.set('X-API-KEY', ticket.apiKey)
          headers.set('X-TIMESTAMP', ticket.timestamp)
          headers.set('X-SIGNATURE', ticket.signature)
        }
      } catch (error) {
        if (error instanceof ExchangeError && error.kind === 'clock') {
          return refusal(503, 'PROXY_CLOCK_UNCONFIRMED', "the exchange's clock, as measured, could not be confirmed by a signed read; the write was not signed, nothing was sent")
        }
        // The sign function's own message may say more than a page should read.
        return refusal(500, 'PROXY_SIGNING_FAILED', 'the proxy could not sign the call; nothing was sent')
      }
      const answer = await exchange(url, method, headers, text, incoming, ticket)
      if (answer.retry && attempt === 0 && !incoming.signal?.aborted) {
        try {
          await gate!.syncClock()
          // Too late to sign again: the refusal stands (nothing was executed).
          if (!late()) continue
        } catch {
          // The refusal stands: nothing was executed.
        }
      }
      return answer.response
    }
  }

  /** Sends one attempt and reads its whole answer, within timeoutMs. */
  async function exchange(url: URL, method: string, headers: Headers, body: string | undefined, incoming: Request, ticket: SignedAttempt | undefined): Promise<{ response: Response; retry?: boolean }> {
    const abort = new AbortController()
    const timer = setTimeout(() => abort.abort(), timeoutMs)
    const stop = () => abort.abort()
    incoming.signal?.addEventListener('abort', stop, { once: true })
    try {
      let response: Response
      try {
        response = await send(url.href, { method, headers, body, redirect: 'manual', signal: abort.signal })
      } catch {
        return { response: lost(abort.signal.aborted, method) }
      }
      if (redirectOf(response)) {
        return { response: refusal(502, 'PROXY_UPSTREAM_REDIRECT', `the exchange answered HTTP ${response.status} (a redirect, not followed: check the proxy's target)${isWrite(method) ? '; the outcome of the write is unknown' : ''}`) }
      }
      let text: string
      try {
        text = await readBodyText(response, maxResponseBytes, false, abort.signal)
      } catch {
        return { response: lost(abort.signal.aborted, method) }
      }
      const receivedAt = clock.monotonicNow()
      let envelope: { success?: unknown; error?: { codeNum?: unknown }; meta?: { timestamp?: unknown } } | undefined
      try {
        envelope = JSON.parse(text)
      } catch {
        // Passed on as it is: the page's client says what it is.
      }
      // Only the answer to a call the gate signed, which the service accepted, tells the server's time.
      if (envelope?.success === true && response.status < 400) gate!.accepted(ticket, envelope.meta?.timestamp, receivedAt)
      return {
        response: new Response(text, { status: response.status, statusText: response.statusText, headers: passedHeaders(response.headers) }),
        retry: response.status === 401 && envelope?.error?.codeNum === TIMESTAMP_EXPIRED,
      }
    } finally {
      clearTimeout(timer)
      incoming.signal?.removeEventListener('abort', stop)
    }
  }

  async function handle(request: Request): Promise<Response> {
    const arrivedAt = clock.monotonicNow()
    const url = new URL(request.url)
    const origin = request.headers.get('origin')
    if (!originAllowed(origin, cors, url.origin)) {
      const change = origin === 'null'
        ? "a sandboxed frame or a file has origin null: serve the page from an origin of its own, or list 'null' in cors"
        : cors === undefined ? `add '${origin}' to the proxy's cors option (without it, only same-origin pages may call)` : `add '${origin}' to the proxy's cors option`
      return refusal(403, 'PROXY_ORIGIN_NOT_ALLOWED', `origin ${origin} may not use this proxy: ${change}`, { origin })
    }
    if (request.method === 'OPTIONS' && origin !== null && cors !== undefined) return preflight(origin, cors)
    const match = matchOperation(table, request.method, url.pathname)
    if (!match) return refusal(404, 'PROXY_ROUTE_UNKNOWN', `${request.method} ${url.pathname} is no operation of the exchange: check the method and the path under /api/v1/`)
    const name = match.operation.name
    const { effect } = match.operation.op
    if (effect === 'issues-secret') {
      return refusal(403, 'PROXY_NEVER_PROXIED', `${name} is never passed through a proxy: a new secret must not travel through a page (onboard or rotate on the backend that holds the key)`, { operation: name })
    }
    if (!allowed.has(name)) {
      const change = effect === 'moves-value'
        ? `it moves value out of the account or locks it, so no class includes it: name '${name}' in the proxy's allow option (and check it in authorize)`
        : `add '${name}' (or its class, '${effect}') to the proxy's allow option`
      return refusal(403, 'PROXY_OPERATION_NOT_ALLOWED', `${name} is not allowed through this proxy: ${change}`, { operation: name })
    }
    const body = await readCapped(request, maxBodyBytes)
    if (body instanceof Response) return body
    // Only real JSON crosses, refused before it is parsed: a text/plain or form body is what a page of any
    // site may send without a preflight.
    const contentType = request.headers.get('content-type')
    if (body !== '' && !/^application\/json\s*(;|$)/i.test(contentType ?? '')) {
      return refusal(415, 'PROXY_UNSUPPORTED_MEDIA_TYPE', `${name}: send the body as JSON with Content-Type: application/json (got ${contentType ?? 'no Content-Type'})`, { operation: name })
    }
    let input: Record<string, unknown> | undefined
    try {
      input = inputOf(match, url, body)
      toRequest(match.operation.op, input, routes.get(name)) // refuses a path parameter that is not sent as written
    } catch (error) {
      if (!(error instanceof ExchangeValidationError)) throw error
      return refusal(400, 'PROXY_INVALID_INPUT', `${name}: ${error.message}`, { operation: name, field: error.field })
    }
    if (authorize) {
      const verdict = await authorize({ operation: name, input, request })
      if (verdict instanceof Response) return verdict
      if (verdict !== true) return refusal(403, 'PROXY_NOT_AUTHORIZED', `${name} was not authorized: the proxy's authorize hook said no for this user or input`, { operation: name })
    }
    return forward(match, input, request, arrivedAt)
  }

  return async (request) => {
    let response: Response
    try {
      response = await handle(request)
    } catch {
      // Never the error itself: it could quote anything, the key's signer included.
      response = refusal(500, 'PROXY_INTERNAL_ERROR', 'the proxy failed on this call')
    }
    const origin = request.headers.get('origin')
    return withCors(response, origin, cors, originAllowed(origin, cors, new URL(request.url).origin))
  }
}

/** No answer, or one cut off: a write may have been applied, and the page's client must hear that (a 5xx). */
function lost(timedOut: boolean, method: string): Response {
  const outcome = isWrite(method) ? '; the outcome of the write is unknown' : ''
  return timedOut
    ? refusal(504, 'PROXY_UPSTREAM_TIMEOUT', `the exchange did not answer in time${outcome}`)
    : refusal(502, 'PROXY_UPSTREAM_FAILED', `the exchange's answer did not arrive${outcome}`)
}
