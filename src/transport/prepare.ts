// What a call and a client's transport settings must look like, checked before any I/O: a bad value
// is an ExchangeValidationError naming it, never a TypeError from deep inside fetch (which a write
// would otherwise report as an unknown outcome). Kept small: it ships in every bundle.
import { ExchangeValidationError } from '../errors.ts'
import type { RequestSpec, TransportOptions } from './request-spec.ts'

/** A call ready to sign: the uppercase method, the URL with its query, the exact body text ('' for none). */
export interface PreparedRequest {
  method: string
  url: URL
  body: string
}

const METHOD = /^(GET|POST|PUT|DELETE)$/

/** Throws naming the field unless the value is what it must be. */
function need(ok: unknown, field: string, expected: string): void {
  if (!ok) throw new ExchangeValidationError(field, 'type', `${field}: must be ${expected}`)
}

/** A plain object: not null, not an array. */
export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
/** Absent, or a number of ms timers accept. */
const isTimeout = (value: unknown) => value === undefined || (typeof value === 'number' && value > 0 && value < 2 ** 31)
const isScalar = (value: unknown) => typeof value === 'string' || typeof value === 'boolean' || Number.isFinite(value)
/** By shape, as fetch itself checks: a signal from another realm (an iframe, a test DOM) is still one. */
export const isSignal = (value: unknown) => value === undefined || (typeof (value as AbortSignal | null)?.aborted === 'boolean' && typeof (value as AbortSignal).addEventListener === 'function')

/** An object is serialized once, as compact JSON; a string is sent verbatim. */
function bodyText(body: unknown, method: string): string {
  if (body === undefined) return ''
  need(method !== 'GET', 'body', 'absent in GET requests')
  let text: string | undefined
  try {
    text = typeof body === 'string' ? body : JSON.stringify(body)
  } catch {
    // BigInt, a cycle, a throwing toJSON: refused below.
  }
  need(text !== undefined, 'body', 'serializable as JSON')
  return text!
}

let lastBase = ''
let lastPrefix = ''
/** The base URL's own path, without trailing slashes; the last one is kept, as a client sends to one base. */
function prefixOf(baseUrl: string): string {
  if (baseUrl !== lastBase) {
    lastPrefix = new URL(baseUrl).pathname.replace(/\/+$/, '')
    lastBase = baseUrl
  }
  return lastPrefix
}

/** Checks one call and turns it into what goes on the wire. */
export function prepareRequest(spec: unknown, baseUrl: string): PreparedRequest {
  need(isObject(spec), 'request', 'an object')
  const { method: given, path, query, body, signal, timeoutMs, totalTimeoutMs } = spec as unknown as RequestSpec
  const method = typeof given === 'string' ? given.toUpperCase() : ''
  need(METHOD.test(method), 'method', 'GET, POST, PUT or DELETE')
  need(typeof path === 'string' && path[0] === '/', 'path', 'a path starting with "/"')
  need(isSignal(signal), 'signal', 'an AbortSignal')
  need(isTimeout(timeoutMs), 'timeoutMs', 'a number of ms below 2^31')
  need(isTimeout(totalTimeoutMs), 'totalTimeoutMs', 'a number of ms below 2^31')
  need(query == null || isObject(query), 'query', 'an object')
  const url = new URL(baseUrl + path)
  const prefix = prefixOf(baseUrl)
  // A "../" in the path would climb out of the prefix (the gate would refuse to sign it, an open call would go elsewhere).
  need(url.pathname.startsWith(`${prefix}/`), 'path', 'a path that stays under the base URL (no "..")')
  for (const [name, value] of Object.entries(query ?? {})) {
    const values: unknown[] = value == null ? [] : Array.isArray(value) ? value : [value]
    need(values.every(isScalar), `query.${name}`, 'strings, finite numbers or booleans')
    for (const item of values) url.searchParams.append(name, String(item))
  }
  return { method, url, body: bodyText(body, method) }
}

/** The transport's settings (a client's options, or standalone onboarding's): those that would fail later, inside fetch. */
export function checkTransportOptions(options: unknown): asserts options is TransportOptions {
  need(isObject(options), 'options', 'an object')
  const { baseUrl, fetch, timeoutMs, totalTimeoutMs, retry, maxUnconfirmedClockOffsetMs: unconfirmed, signedBy, journal } = options as unknown as TransportOptions
  let base: URL | undefined
  try {
    base = new URL(baseUrl)
  } catch {
    // refused below
  }
  need(base?.protocol === 'http:' || base?.protocol === 'https:', 'baseUrl', 'an absolute http(s) URL')
  // A base ending in /api/v1 would send /api/v1/api/v1/….
  need(!/\/api\/v1\/*$/.test(base!.pathname), 'baseUrl', 'the URL without /api/v1 (every path starts with it)')
  // user:password in a URL would ride along into every error message that names the URL.
  need(base!.username === '' && base!.password === '', 'baseUrl', 'a URL without user:password (use the key and secret options)')
  need(fetch === undefined || typeof fetch === 'function', 'fetch', 'a function')
  need(isTimeout(timeoutMs), 'timeoutMs', 'a number of ms below 2^31')
  need(isTimeout(totalTimeoutMs), 'totalTimeoutMs', 'a number of ms below 2^31')
  need(unconfirmed === undefined || unconfirmed >= 0, 'maxUnconfirmedClockOffsetMs', 'a number of ms, 0 or more')
  need(signedBy === undefined || signedBy === 'proxy', 'signedBy', "'proxy' (a backend signs this client's calls), or absent")
  need(journal === undefined || typeof journal?.begin === 'function', 'journal', 'a journal of exchange-client/journal (for a store of your own: journalOn(store))')
  // A limit that is not a number would retry for ever.
  const limit = isObject(retry) ? retry.limit : retry === false ? 0 : retry
  need(limit === undefined || (Number.isSafeInteger(limit) && (limit as number) >= 0), 'retry', 'false, a number of retries or { limit }')
}
