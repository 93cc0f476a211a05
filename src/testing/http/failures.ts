import * as v from 'valibot'
import { AUTH_ERROR_CODES, type AuthErrorCode } from '../../transport/errors.ts'
import { ApiFailure } from './router.ts'

/** The withdraw permission has no code in the spec; this one is ours, next to the other PERM_ codes. */
export const PERM_NO_WITHDRAW = 11103

export type AuthFailureCode = AuthErrorCode | 'PERM_NO_WITHDRAW'

/** 401 for the 110xx authentication codes, 403 for the 111xx permission codes. */
export function authFailure(code: AuthFailureCode, message: string, details?: Record<string, unknown>): ApiFailure {
  const codeNum = code === 'PERM_NO_WITHDRAW' ? PERM_NO_WITHDRAW : AUTH_ERROR_CODES[code]
  return new ApiFailure(codeNum < 11100 ? 401 : 403, code, codeNum, message, details)
}

/** The non-authentication failures of the platform (numbers from the operations table). */
export const failures = {
  notFound: (message: string) => new ApiFailure(404, 'NOT_FOUND', 10004, message),
  methodNotAllowed: (method: string, path: string) =>
    new ApiFailure(405, 'METHOD_NOT_ALLOWED', 10005, `${method} is not allowed on ${path}`),
  invalidJson: (reason: string) => new ApiFailure(400, 'REQ_INVALID_JSON', 10001, `the body is not valid JSON: ${reason}`),
  invalidParams: (field: string, reason: string) =>
    new ApiFailure(400, 'REQ_INVALID_PARAMS', 10002, `${field || 'body'}: ${reason}`, { field, reason }),
  tooLarge: (limit: number) => new ApiFailure(413, 'REQ_TOO_LARGE', 10006, `the body is over the ${limit}-byte limit`, { limit }),
  rateLimited: (retryAfterSeconds: number) =>
    new ApiFailure(429, 'RATE_LIMITED', 10029, `too many requests; retry after ${retryAfterSeconds} s`, { retryAfterSeconds }),
  serverError: (status: number, reason: string) =>
    status === 503
      ? new ApiFailure(503, 'UNAVAILABLE', 10503, 'the service is unavailable', { reason })
      : new ApiFailure(status, 'INTERNAL', 10500, 'internal error', { reason }),
}

/** Validates a request body against a schema; the first issue becomes REQ_INVALID_PARAMS naming its field. */
export function parseBody<T>(schema: v.GenericSchema<unknown, T>, body: unknown): T {
  const result = v.safeParse(schema, body)
  if (result.success) return result.output
  const issue = result.issues[0]
  throw failures.invalidParams(v.getDotPath(issue) ?? '', issue.message)
}
