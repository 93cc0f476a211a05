import type { KeyStore } from '../auth/keys.ts'
import type { ReplayGuard } from '../auth/replay.ts'
import { authenticate } from '../auth/verify.ts'
import { ReferenceExchangeError } from '../setup-error.ts'
import { parseJsonBody, readBody, refuseByteOrderMark } from './body.ts'
import { failures } from './failures.ts'
import { ApiFailure, SERVED_METHODS, type Router } from './router.ts'

export interface HandleDeps {
  router: Router
  keys: KeyStore
  replay: ReplayGuard
  maxBodyBytes: number
}

export interface Arrival {
  /** Server time when the request arrived. */
  now: number
  clientAddress: string
}

/**
 * One request through the route table: 405 for a method the exchange never serves, 404/405 for a
 * path no route serves with this method, the body (size-limited, kept as the raw bytes for the
 * signature; a leading BOM refused), authentication when the route needs it, then JSON and the
 * handler. Resolves to the envelope's `data`; rejects with the `ApiFailure` to answer.
 */
export async function handle(request: Request, deps: HandleDeps, arrival: Arrival): Promise<unknown> {
  const url = new URL(request.url)
  const { method } = request
  const path = url.pathname
  if (!SERVED_METHODS.includes(method)) throw failures.methodNotAllowed(method, path, SERVED_METHODS)
  const match = deps.router.match(method, path)
  if (!match) throw failures.routeNotFound(method, path)
  if ('methodMismatch' in match) throw failures.methodNotAllowed(method, path, match.allowed)
  const { route, params } = match

  const body = await readBody(request, deps.maxBodyBytes)
  refuseByteOrderMark(body)
  const { now, clientAddress } = arrival
  const caller = route.auth === 'none'
    ? undefined
    : await authenticate({ method, path, headers: request.headers, body, clientAddress, now }, route.auth, deps.keys, deps.replay)
  const json = parseJsonBody(body)
  try {
    return await route.handler({ method, path, params, query: url.searchParams, body: json, now, caller, clientAddress })
  } catch (error) {
    if (error instanceof ReferenceExchangeError) throw failures.invalidParams(error.field, error.message)
    throw error
  }
}

/** Where the exchange reports a bug (an error no route turned into an answer). */
export type InternalErrorLog = (requestId: string, error: unknown) => void

export const logToConsole: InternalErrorLog = (requestId, error) => console.error(`reference exchange: request ${requestId} failed:`, error)

/**
 * Any failure as the one to answer with. An unexpected error is a bug: its detail (message, stack,
 * internal names) goes to the log only, and the caller gets 500 INTERNAL with the request id.
 */
export function toFailure(error: unknown, requestId: string, log: InternalErrorLog): ApiFailure {
  if (error instanceof ApiFailure) return error
  log(requestId, error)
  return failures.internal(requestId)
}
