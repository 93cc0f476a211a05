// What a call and a client's transport settings must look like, checked before any I/O: a bad value
// is an ExchangeValidationError naming it, never a TypeError from deep inside fetch (which a write
// would otherwise report as an unknown outcome).
import { ExchangeValidationError } from './errors.ts'
import type { RequestSpec, TransportOptions } from './http.ts'

/** A call ready to sign: the uppercase method, the URL with its query, the exact body text ('' for none). */
export interface PreparedRequest {
  method: string
  url: URL
  body: string
}

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD']
/** The longest delay timers accept (2^31 - 1 ms). */
const MAX_TIMEOUT_MS = 2_147_483_647

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const invalid = (field: string, rule: string, message: string) => new ExchangeValidationError(field, rule, `${field}: ${message}`)

/** By shape, as fetch itself checks: a signal from another realm (an iframe, a test DOM) is still one. */
function isAbortSignal(value: unknown): value is AbortSignal {
  const signal = value as Partial<AbortSignal> | null
  return typeof signal === 'object' && signal !== null && typeof signal.aborted === 'boolean' && typeof signal.addEventListener === 'function'
}

function isScalar(value: unknown): boolean {
  return typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))
}

function appendQuery(url: URL, query: unknown): void {
  if (query === undefined || query === null) return
  if (!isRecord(query)) throw invalid('query', 'object', 'must be an object of parameter names to values')
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue
    const values: unknown[] = Array.isArray(value) ? value : [value]
    if (!values.every(isScalar)) throw invalid(`query.${name}`, 'scalar', 'must be a string, a finite number, a boolean or an array of them')
    for (const item of values) url.searchParams.append(name, String(item))
  }
}

/** An object is serialized once, as compact JSON; a string is sent verbatim. */
function bodyText(body: unknown, method: string): string {
  if (body === undefined) return ''
  if (method === 'GET' || method === 'HEAD') throw invalid('body', 'not-allowed', `${method} requests carry no body`)
  if (typeof body === 'string') return body
  let text: string | undefined
  try {
    text = JSON.stringify(body)
  } catch (cause) {
    throw invalid('body', 'json', `cannot be serialized as JSON (${cause instanceof Error ? cause.message : String(cause)})`)
  }
  if (text === undefined) throw invalid('body', 'json', 'cannot be serialized as JSON')
  return text
}

export function checkTimeout(field: string, value: unknown): void {
  if (value !== undefined && !(typeof value === 'number' && value > 0 && value <= MAX_TIMEOUT_MS)) {
    throw invalid(field, 'range', `must be a number of ms above 0 and at most ${MAX_TIMEOUT_MS}`)
  }
}

function checkOptional(field: string, value: unknown, type: 'boolean' | 'string' | 'function'): void {
  if (value !== undefined && typeof value !== type) throw invalid(field, type, `must be a ${type}`)
}

/** Checks one call and turns it into what goes on the wire. */
export function prepareRequest(spec: unknown, baseUrl: string): PreparedRequest {
  if (!isRecord(spec)) throw invalid('request', 'object', 'must be an object { method, path, query?, body? }')
  const method = typeof spec.method === 'string' ? spec.method.toUpperCase() : undefined
  if (method === undefined || !METHODS.includes(method)) throw invalid('method', 'method', `must be one of ${METHODS.join(', ')}`)
  if (typeof spec.path !== 'string' || !spec.path.startsWith('/')) throw invalid('path', 'path', 'must be a string starting with "/", e.g. /api/v1/system/time')
  if (spec.signal !== undefined && !isAbortSignal(spec.signal)) throw invalid('signal', 'signal', 'must be an AbortSignal')
  checkTimeout('timeoutMs', spec.timeoutMs)
  checkOptional('auth', spec.auth, 'boolean')
  checkOptional('idempotent', spec.idempotent, 'boolean')
  checkOptional('clientOrderId', spec.clientOrderId, 'string')
  const url = new URL(baseUrl + spec.path)
  appendQuery(url, spec.query)
  return { method, url, body: bodyText((spec as unknown as RequestSpec).body, method) }
}

function checkRetry(retry: unknown): void {
  const count = (field: string, value: unknown) => {
    if (value !== undefined && !(Number.isSafeInteger(value) && (value as number) >= 0)) throw invalid(field, 'integer', 'must be a whole number, 0 or more')
  }
  const ms = (field: string, value: unknown) => {
    if (value !== undefined && !(typeof value === 'number' && value >= 0 && value <= MAX_TIMEOUT_MS)) throw invalid(field, 'range', `must be a number of ms from 0 to ${MAX_TIMEOUT_MS}`)
  }
  if (retry === undefined || retry === false) return
  if (typeof retry === 'number') return count('retry', retry)
  if (!isRecord(retry)) throw invalid('retry', 'retry', 'must be false, a number of retries or { limit, backoffLimitMs, maxRetryAfterMs }')
  count('retry.limit', retry.limit)
  ms('retry.backoffLimitMs', retry.backoffLimitMs)
  ms('retry.maxRetryAfterMs', retry.maxRetryAfterMs)
}

/** The transport's settings: a client's options, or standalone onboarding's. */
export function checkTransportOptions(options: unknown): asserts options is TransportOptions {
  if (!isRecord(options)) throw invalid('options', 'object', 'must be an object such as { baseUrl }')
  checkOptional('fetch', options.fetch, 'function')
  checkTimeout('timeoutMs', options.timeoutMs)
  checkRetry(options.retry)
  const { maxResponseBytes } = options
  if (maxResponseBytes !== undefined && !(Number.isSafeInteger(maxResponseBytes) && (maxResponseBytes as number) > 0)) {
    throw invalid('maxResponseBytes', 'integer', 'must be a whole number of bytes above 0')
  }
}
