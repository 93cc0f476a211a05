import { ExchangeResponseError, ExchangeValidationError } from '../../transport/errors.ts'
import { readBodyText } from '../../transport/body.ts'
import type { KeyStore } from '../auth/keys.ts'
import type { ReplayGuard } from '../auth/replay.ts'
import { authenticate } from '../auth/verify.ts'
import { failures } from './failures.ts'
import { ApiFailure, type Router } from './router.ts'

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

async function readBody(request: Request, maxBytes: number): Promise<string> {
  if (!request.body) return ''
  if (Number(request.headers.get('content-length')) > maxBytes) throw failures.tooLarge(maxBytes)
  try {
    return await readBodyText(new Response(request.body), maxBytes, false)
  } catch (error) {
    if (error instanceof ExchangeResponseError) throw failures.tooLarge(maxBytes)
    throw error
  }
}

function parseJson(text: string): unknown {
  if (text === '') return undefined
  try {
    return JSON.parse(text)
  } catch (error) {
    throw failures.invalidJson((error as Error).message)
  }
}

/**
 * One request through the route table: 404/405, the body (size-limited, kept as raw text for the
 * signature), authentication when the route needs it, then JSON and the handler. Resolves to the
 * envelope's `data`; rejects with the `ApiFailure` to answer.
 */
export async function handle(request: Request, deps: HandleDeps, arrival: Arrival): Promise<unknown> {
  const url = new URL(request.url)
  const { method } = request
  const path = url.pathname
  const match = deps.router.match(method, path)
  if (!match) throw failures.notFound(`no route ${method} ${path}`)
  if ('methodMismatch' in match) throw failures.methodNotAllowed(method, path)
  const { route, params } = match

  const bodyText = await readBody(request, deps.maxBodyBytes)
  const { now, clientAddress } = arrival
  const caller = route.auth === 'none'
    ? undefined
    : await authenticate({ method, path, headers: request.headers, body: bodyText, clientAddress, now }, route.auth, deps.keys, deps.replay)
  const body = parseJson(bodyText)
  try {
    return await route.handler({ method, path, params, query: url.searchParams, body, now, caller, clientAddress })
  } catch (error) {
    if (error instanceof ExchangeValidationError) {
      const prefix = `${error.field}: `
      throw failures.invalidParams(error.field, error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message)
    }
    throw error
  }
}

/** Any failure as the one to answer with: unexpected errors become 500 INTERNAL with their message. */
export function toFailure(error: unknown): ApiFailure {
  if (error instanceof ApiFailure) return error
  return failures.serverError(500, error instanceof Error ? error.message : String(error))
}
