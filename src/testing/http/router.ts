/**
 * The reference exchange's routing table. Handlers return the envelope's `data` or throw an
 * `ApiFailure`; the exchange wraps both in the `{ success, data, error, meta }` envelope.
 */

/** What a route needs: nothing, any valid key, or a key with that permission. */
export type RouteAuth = 'none' | 'any' | 'read' | 'trade' | 'withdraw'

/** The authenticated caller, when the route needs one. */
export interface Caller {
  apiKey: string
  accountId: string
}

export interface RouteContext {
  method: string
  /** The path as received, without the query. */
  path: string
  params: Record<string, string>
  query: URLSearchParams
  /** The parsed JSON body, or undefined when none was sent. */
  body: unknown
  /** Server time of this request, in ms (the exchange's injectable clock). */
  now: number
  /** Set on routes whose auth is not 'none'. */
  caller: Caller | undefined
  clientAddress: string
}

export type Handler = (context: RouteContext) => unknown

export interface Route {
  method: string
  pattern: string
  auth: RouteAuth
  handler: Handler
}

/** A failure the exchange answers with: HTTP status, stable code, its number, a readable message. */
export class ApiFailure extends Error {
  readonly status: number
  readonly code: string
  readonly codeNum: number
  readonly details: Record<string, unknown> | undefined
  /** Extra response headers (`Allow`, `Retry-After`). */
  readonly headers: Readonly<Record<string, string>> | undefined
  constructor(status: number, code: string, codeNum: number, message: string, details?: Record<string, unknown>, headers?: Record<string, string>) {
    super(message)
    this.name = 'ApiFailure'
    this.status = status
    this.code = code
    this.codeNum = codeNum
    this.details = details
    this.headers = headers
  }
}

/** The methods the exchange serves; any other (TRACE, PATCH, FOO …) is answered 405 on every path. */
export const SERVED_METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'DELETE']

/**
 * The shape of each path parameter, by name, so that a path whose segment has the wrong shape is an
 * unknown route (404 ROUTE_NOT_FOUND) rather than a lookup of a resource that cannot exist:
 * `GET /api/v1/perp/orders/history` is not the order "history". A name not listed takes
 * `DEFAULT_PARAM`: unreserved URL characters only, so the signed path and the wire path are the same
 * bytes (no percent-encoding ever reaches a handler).
 */
export const PARAM_FORMATS: Readonly<Record<string, RegExp>> = {
  /** Order ids: decimal digits, as the real service issues them (beyond 2^53, so kept as strings). */
  orderId: /^\d{1,32}$/,
  /** API key ids: `key_` and digits. */
  apiKeyId: /^key_\d{1,16}$/,
  /** Market symbols `<BASE>-<QUOTE>`, either case: the market policy (`symbolCase`) decides what lowercase means. */
  market: /^[A-Za-z0-9]{1,20}-[A-Za-z0-9]{1,20}$/,
  /** Prediction market ids: decimal digits. */
  marketId: /^\d{1,32}$/,
  /** Token symbols: USDC, BTC … */
  token: /^[A-Z0-9]{1,20}$/,
  symbol: /^[A-Z0-9]{1,20}$/,
  /** Championship slugs: lower-case words joined by hyphens. */
  slug: /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
}
const DEFAULT_PARAM = /^[A-Za-z0-9._~-]{1,128}$/

interface CompiledRoute extends Route {
  segments: string[]
}

/** Literal segments win over `:params`, so `/markets/active` is not read as `/markets/:id`. */
export class Router {
  readonly #routes: CompiledRoute[] = []

  add(method: string, pattern: string, auth: RouteAuth, handler: Handler): this {
    this.#routes.push({ method, pattern, auth, handler, segments: pattern.split('/') })
    this.#routes.sort((a, b) => specificity(b) - specificity(a))
    return this
  }

  get routes(): readonly Route[] {
    return this.#routes
  }

  /**
   * The route for a path, `undefined` when none; `methodMismatch` (with the methods that path
   * serves) when only the method is wrong.
   */
  match(method: string, path: string): { route: Route; params: Record<string, string> } | { methodMismatch: true; allowed: string[] } | undefined {
    const parts = path.split('/')
    const allowed = new Set<string>()
    for (const route of this.#routes) {
      const params = matchSegments(route.segments, parts)
      if (!params) continue
      if (route.method === method) return { route, params }
      allowed.add(route.method)
    }
    return allowed.size > 0 ? { methodMismatch: true, allowed: [...allowed] } : undefined
  }
}

function specificity(route: CompiledRoute): number {
  return route.segments.reduce((score, segment) => score * 2 + (segment.startsWith(':') ? 0 : 1), 1)
}

function matchSegments(pattern: string[], parts: string[]): Record<string, string> | undefined {
  if (pattern.length !== parts.length) return undefined
  const params: Record<string, string> = {}
  for (let i = 0; i < pattern.length; i++) {
    const want = pattern[i]!
    const got = parts[i]!
    if (want.startsWith(':')) {
      const name = want.slice(1)
      if (!(PARAM_FORMATS[name] ?? DEFAULT_PARAM).test(got)) return undefined
      params[name] = got
    } else if (want !== got) return undefined
  }
  return params
}

/**
 * A part of the exchange (keys and onboarding, markets …): it adds its routes and gives new
 * accounts their starting state. Users can pass their own to add endpoints.
 */
export interface ExchangeModule {
  register(router: Router): void
  /** A new account exists (seeded or onboarded): set up its state with these balances. */
  openAccount?(accountId: string, balances: Record<string, string>): void
  /** Whether the account has done nothing here yet (no order, no balance moved): it may expire. */
  isIdle?(accountId: string): boolean
  /** The account expired: forget its state. */
  closeAccount?(accountId: string): void
}
