import type { ApiFailure } from './router.ts'

/** Stamped on every answer: the client reads `timestamp` to follow the server's clock. */
export interface Meta {
  requestId: string
  timestamp: number
}

/** What every answer tells a browser; which origins may read it is added per request (see cors.ts). */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
  'access-control-allow-headers': 'content-type, x-api-key, x-trading-api-key, x-timestamp, x-signature',
  'access-control-expose-headers': 'retry-after, x-request-id, allow',
  'access-control-max-age': '600',
}

function json(status: number, body: unknown, meta: Meta, headers?: Record<string, string>): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...CORS_HEADERS, 'content-type': 'application/json; charset=utf-8', 'x-request-id': meta.requestId, ...headers },
  })
}

export function ok(data: unknown, meta: Meta): Response {
  return json(200, { success: true, data: data ?? null, error: null, meta }, meta)
}

export function fail(failure: ApiFailure, meta: Meta, headers?: Record<string, string>): Response {
  const error = { code: failure.code, codeNum: failure.codeNum, message: failure.message, ...(failure.details && { details: failure.details }) }
  return json(failure.status, { success: false, data: null, error, meta }, meta, { ...failure.headers, ...headers })
}

/** The answer to a CORS preflight (OPTIONS): no body, no envelope. */
export function preflight(): Response {
  return new Response(null, { status: 204, headers: CORS_HEADERS })
}
