import * as v from 'valibot'
import { AUTH_CODES, type AuthCode } from '../auth/codes.ts'
import { ApiFailure } from './router.ts'

/** An authentication or permission failure, with the number and HTTP status of the exchange's code table. */
export function authFailure(code: AuthCode, message: string, details?: Record<string, unknown>): ApiFailure {
  const { codeNum, status } = AUTH_CODES[code]
  return new ApiFailure(status, code, codeNum, message, details)
}

/**
 * The exchange's own failures outside authentication (the spec shows no codes for them). Numbers in
 * 10xxx are request-level; `details.field` names a field whenever one is at fault.
 */
export const failures = {
  /** A resource that does not exist (an API key id, a market …) on a route that does. */
  notFound: (message: string) => new ApiFailure(404, 'NOT_FOUND', 10004, message),
  /** No route serves this path, with any method. */
  routeNotFound: (method: string, path: string) =>
    new ApiFailure(404, 'ROUTE_NOT_FOUND', 10007, `no route serves ${method} ${path}`, { method, path }),
  /** The path is served, with other methods; or the method is one the exchange never serves. */
  methodNotAllowed: (method: string, path: string, allowed: readonly string[]) =>
    new ApiFailure(405, 'METHOD_NOT_ALLOWED', 10005, `${method} is not allowed on ${path}; allowed: ${allowed.join(', ')}`, { method, path, allowed }, {
      allow: allowed.join(', '),
    }),
  invalidJson: (reason: string) => new ApiFailure(400, 'REQ_INVALID_JSON', 10001, `the body is not valid JSON: ${reason}`),
  invalidParams: (field: string, reason: string) =>
    new ApiFailure(400, 'REQ_INVALID_PARAMS', 10002, `${field || 'body'}: ${reason}`, { field, reason }),
  /** A field the operation does not know: refused, not ignored, so a misspelt field cannot pass unnoticed. */
  unknownField: (field: string) => new ApiFailure(400, 'REQ_INVALID_PARAMS', 10002, `${field}: unknown field`, { field, reason: 'unknown field' }),
  tooLarge: (limit: number) => new ApiFailure(413, 'REQ_TOO_LARGE', 10006, `the body is over the ${limit}-byte limit`, { limit }),
  rateLimited: (retryAfterSeconds: number) =>
    new ApiFailure(429, 'RATE_LIMITED', 10029, `too many requests; retry after ${retryAfterSeconds} s`, { retryAfterSeconds }, {
      'retry-after': String(retryAfterSeconds),
    }),
  unavailable: (message: string, retryAfterSeconds: number) =>
    new ApiFailure(503, 'UNAVAILABLE', 10503, message, { retryAfterSeconds }, { 'retry-after': String(retryAfterSeconds) }),
  /** An injected fault's 5xx. */
  injected: (status: number) =>
    status === 503
      ? new ApiFailure(503, 'UNAVAILABLE', 10503, 'the service is unavailable', { reason: 'injected fault' })
      : new ApiFailure(status, 'INTERNAL', 10500, 'internal error', { reason: 'injected fault' }),
  /** A bug: the answer names only the request id; the detail goes to the exchange's log. */
  internal: (requestId: string) =>
    new ApiFailure(500, 'INTERNAL', 10500, `internal error; the exchange's log has the detail under request ${requestId}`, { requestId }),
}

/** Validates a request body against a schema; the first issue becomes REQ_INVALID_PARAMS naming its field. */
export function parseBody<T>(schema: v.GenericSchema<unknown, T>, body: unknown): T {
  const result = v.safeParse(schema, body)
  if (result.success) return result.output
  const issue = result.issues[0]
  throw failures.invalidParams(v.getDotPath(issue) ?? '', issue.message)
}
