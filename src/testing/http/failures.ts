import * as v from 'valibot'
import { AUTH_CODES, type AuthCode } from '../auth/codes.ts'
import { ApiFailure } from './router.ts'

/** How an input is bad: not an object, a field the route does not know, one left out, a wrong type, or a value outside its rules. */
export type InputRule = 'not_object' | 'unknown_field' | 'missing' | 'type' | 'value'

/** One problem of a request's input. */
export interface InputIssue {
  field: string
  rule: InputRule
  reason: string
  /** The exchange's limit the value is over, when that is the fault. */
  limit?: number
}

function invalidInput(issues: readonly InputIssue[]): ApiFailure {
  const [first] = issues
  return new ApiFailure(400, 'REQ_INVALID_PARAMS', 10002, issues.map((issue) => `${issue.field || 'body'}: ${issue.reason}`).join('; '), {
    field: first!.field,
    reason: first!.reason,
    rule: first!.rule,
    ...(first!.limit === undefined ? {} : { limit: first!.limit }),
    issues,
  })
}

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
  /** One bad field; `rule` says how it is bad (a value outside the field's rules unless said otherwise). */
  invalidParams: (field: string, reason: string, rule: InputRule = 'value') => invalidInput([{ field, rule, reason }]),
  /** Every problem of a request's input at once: `details.issues` lists them, `details.field`/`reason`/`rule` are the first's. */
  invalidInput,
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

/** Validates a request body against a schema; every issue is named (a field left out as `missing`, a wrong type as `type`). */
export function parseBody<T>(schema: v.GenericSchema<unknown, T>, body: unknown): T {
  const result = v.safeParse(schema, body)
  if (result.success) return result.output
  throw invalidInput(result.issues.map((issue) => {
    const field = v.getDotPath(issue) ?? ''
    const rule: InputRule = issue.input === undefined ? 'missing' : issue.kind === 'schema' ? 'type' : 'value'
    return { field, rule, reason: rule === 'missing' ? `${field} is required` : issue.message }
  }))
}

/**
 * The shape problems of a JSON body, all of them: not an object; each field the route does not know
 * (with the field it was probably meant as); each required field left out.
 */
export function bodyShapeIssues(body: unknown, known: readonly string[], required: readonly string[] = []): InputIssue[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return [{ field: 'body', rule: 'not_object', reason: `the body must be a JSON object, not ${Array.isArray(body) ? 'an array' : body === null ? 'null' : typeof body}` }]
  }
  const record = body as Record<string, unknown>
  const given = Object.keys(record)
  const issues: InputIssue[] = []
  for (const name of given) {
    if (known.includes(name)) continue
    const meant = probablyMeant(name, known, known.filter((other) => record[other] === undefined || record[other] === null))
    const hint = meant ? `; did you mean ${meant}?` : known.length > 0 ? `; this route takes ${known.join(', ')}` : '; this route takes no body fields'
    issues.push({ field: name, rule: 'unknown_field', reason: `${name} is not a field of this route${hint}` })
  }
  for (const name of required) {
    if (record[name] === undefined || record[name] === null) issues.push({ field: name, rule: 'missing', reason: `${name} is required` })
  }
  return issues
}

/** Throws REQ_INVALID_PARAMS listing every shape problem of the body, if it has any. */
export function refuseBadShape(body: unknown, known: readonly string[], required?: readonly string[]): void {
  const issues = bodyShapeIssues(body, known, required)
  if (issues.length > 0) throw invalidInput(issues)
}

/**
 * The known field an unknown one was probably meant as: the same name in the other case style
 * (`reduce_only` ↔ `reduceOnly`); else, among the fields not given, its tail (`id` → `orderId`) or
 * one edit away (`markte` → `market`).
 */
function probablyMeant(name: string, known: readonly string[], absent: readonly string[]): string | undefined {
  const plain = (text: string) => text.replace(/_/g, '').toLowerCase()
  const typed = plain(name)
  return known.find((field) => plain(field) === typed)
    ?? absent.find((field) => typed.length > 1 && plain(field).endsWith(typed))
    ?? absent.find((field) => editDistance(typed, plain(field)) <= 1)
}

/** Levenshtein distance with adjacent swaps counted as one edit. */
function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)))
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = d[i]!
      row[j] = Math.min(d[i - 1]![j]! + 1, row[j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j]!, d[i - 2]![j - 2]! + 1)
    }
  }
  return d[a.length]![b.length]!
}
