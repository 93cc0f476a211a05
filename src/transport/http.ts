import ky, { HTTPError, TimeoutError } from 'ky'
import type { ServerClock } from '../auth/clock.ts'
import { signingPayload, type SignFunction } from '../auth/signer.ts'
import { readBodyText } from './body.ts'
import { openEnvelope, parseRetryAfter, type Envelope } from './envelope.ts'
import {
  AUTH_ERROR_CODES,
  ExchangeApiError,
  ExchangeError,
  ExchangeNetworkError,
  ExchangeValidationError,
  OrderOutcomeUnknownError,
} from './errors.ts'
import { checkTransportOptions, prepareRequest, type PreparedRequest } from './prepare.ts'
import { kyRetry, type RetryOptions } from './retry.ts'

export type QueryScalar = string | number | boolean
export type QueryValue = QueryScalar | readonly QueryScalar[] | null | undefined

/** One call: what `client.request` takes and every typed method ends in. */
export interface RequestSpec {
  method: string
  /** Path under the base URL, e.g. `/api/v1/perp/orders`. A `?query` here is sent, never signed. */
  path: string
  query?: Record<string, QueryValue>
  /** An object is serialized once as compact JSON; a string is sent verbatim. Both are signed as sent. */
  body?: unknown
  /** Sign the call. Default: sign when the client has credentials. */
  auth?: boolean
  signal?: AbortSignal
  /** Safe to send again after a failure (a placement carrying a clientOrderId). */
  idempotent?: boolean
  /** Carried by the error when a write's outcome is unknown. */
  clientOrderId?: string
  timeoutMs?: number
}

export interface Credentials {
  apiKey: string
  sign: SignFunction
}

export interface TransportOptions {
  baseUrl: string
  fetch?: typeof globalThis.fetch
  /** Per attempt, in ms. Default 10000. */
  timeoutMs?: number
  retry?: RetryOptions | number | false
  /** Larger answers are refused. Default 16 MiB. */
  maxResponseBytes?: number
  /** Attach what was signed to authentication failures (`error.signing`), to debug a 401. */
  debugSignatures?: boolean
}

const CLOCK_PATH = '/api/v1/system/time'

/** Node's fetch says why a connection failed; a refused one certainly carried nothing. */
function neverSent(error: unknown): boolean {
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause
  return cause?.code === 'ECONNREFUSED' || cause?.code === 'ENOTFOUND'
}

/** What the attempts of one call went through: a write attempt that left and got no answer. */
interface Attempts {
  lost: unknown
}

/**
 * The default fetch: hands the platform's fetch the URL and the body string instead of ky's
 * `Request`, whose streamed body would be re-read (and sent chunked). Same bytes, same headers.
 * A fetch the caller plugs in gets the `Request` itself.
 */
function sendWithGlobalFetch(body: string) {
  return (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    if (!(input instanceof Request)) return globalThis.fetch(input, init)
    return globalThis.fetch(input.url, {
      ...init,
      method: input.method,
      headers: input.headers,
      body: body === '' ? undefined : body,
      signal: input.signal,
    })
  }
}

/**
 * ky over a pluggable fetch, with per-attempt signing: every attempt, retries included, gets a
 * fresh timestamp and signature, computed over exactly the path and body bytes that go on the wire.
 */
export class Transport {
  readonly baseUrl: string
  readonly clock: ServerClock
  credentials: Credentials | undefined
  readonly #options: TransportOptions
  #clockSync: Promise<void> | undefined
  /** Counts clock measurements, so a call signed before the latest one need not measure again. */
  #clockEpoch = 0

  constructor(options: TransportOptions, clock: ServerClock, credentials?: Credentials) {
    checkTransportOptions(options)
    this.baseUrl = options.baseUrl.replace(/\/+$/, '')
    this.#options = options
    this.clock = clock
    this.credentials = credentials
  }

  /** Sends one call and resolves to the envelope's `data`. */
  async send<T>(spec: RequestSpec): Promise<T> {
    return (await this.sendForEnvelope<T>(spec)).data as T
  }

  async sendForEnvelope<T>(spec: RequestSpec): Promise<Envelope<T>> {
    const request = prepareRequest(spec, this.baseUrl)
    const signed = spec.auth ?? this.credentials !== undefined
    if (signed && !this.credentials) {
      throw new ExchangeValidationError(
        'apiKey',
        'required',
        `${request.method} ${spec.path} needs credentials: build the client with apiKey and secretKey (or onboard first)`,
      )
    }
    if (spec.signal?.aborted) throw this.#networkError(spec.signal.reason, request.method, spec, false)
    const attempts: Attempts = { lost: undefined }
    try {
      return await this.#sendWithClock<T>(spec, request, signed, attempts)
    } catch (error) {
      // An earlier attempt of this write left and got no answer: a later failure does not say
      // that one was not applied.
      if (attempts.lost === undefined || error instanceof OrderOutcomeUnknownError) throw error
      throw new OrderOutcomeUnknownError(spec.clientOrderId, error)
    }
  }

  async #sendWithClock<T>(spec: RequestSpec, request: PreparedRequest, signed: boolean, attempts: Attempts): Promise<Envelope<T>> {
    const epoch = this.#clockEpoch
    try {
      return await this.#attempt<T>(spec, request, signed, attempts)
    } catch (error) {
      if (!signed || !(error instanceof ExchangeApiError) || error.codeNum !== AUTH_ERROR_CODES.AUTH_TIMESTAMP_EXPIRED) throw error
      // The service rejected our clock, so nothing was executed: re-measure (unless that happened
      // since this call was signed), then sign afresh once.
      if (epoch === this.#clockEpoch) await this.syncClock()
      return this.#attempt<T>(spec, request, signed, attempts)
    }
  }

  /** Measures the offset to the server's clock now. Concurrent callers share one measurement. */
  syncClock(): Promise<void> {
    const spec = { method: 'GET', path: CLOCK_PATH }
    this.#clockSync ??= this.#attempt<{ serverTime: number }>(spec, prepareRequest(spec, this.baseUrl), false, { lost: undefined }, true)
      .then(() => {
        this.#clockEpoch++
      })
      .finally(() => {
        this.#clockSync = undefined
      })
    return this.#clockSync
  }

  async #attempt<T>(spec: RequestSpec, { method, url, signedPath, body }: PreparedRequest, signed: boolean, attempts: Attempts, isClockSync = false): Promise<Envelope<T>> {
    // The path as it goes on the wire (after URL normalisation) under the base URL's prefix, never its query.
    const unsignedPayload = signingPayload('', method, signedPath, body)
    const timeout = spec.timeoutMs ?? this.#options.timeoutMs ?? 10_000
    const { clock, credentials } = this
    const isWrite = method !== 'GET' && method !== 'HEAD'
    let sentAt = 0
    let timestamp = ''
    /** An attempt was handed to fetch: from here on, a write may have reached the service. */
    let left = false

    const headers: Record<string, string> = body === '' ? {} : { 'content-type': 'application/json' }
    let response: Response
    try {
      response = await ky(url.href, {
        method,
        body: body === '' ? undefined : body,
        headers,
        fetch: this.#options.fetch ?? sendWithGlobalFetch(body),
        timeout,
        signal: spec.signal,
        retry: kyRetry(this.#options.retry, method, spec.idempotent === true),
        hooks: {
          beforeRetry: [
            ({ error }) => {
              if (isWrite && !(error instanceof HTTPError) && !neverSent(error)) attempts.lost ??= error
            },
          ],
          beforeRequest: [
            async (request) => {
              sentAt = clock.monotonicNow()
              if (!signed || !credentials) return void (left = true)
              const stamp = clock.stamp(unsignedPayload)
              // Identical requests faster than one a millisecond: pace them rather than drift ahead.
              const lead = clock.lead(stamp)
              if (lead > 0) await new Promise((resolve) => setTimeout(resolve, lead))
              timestamp = String(stamp)
              const signature = await credentials.sign(timestamp + unsignedPayload)
              request.headers.set('X-API-KEY', credentials.apiKey)
              request.headers.set('X-TIMESTAMP', timestamp)
              request.headers.set('X-SIGNATURE', signature)
              left = true
            },
          ],
        },
      })
    } catch (error) {
      if (error instanceof HTTPError) {
        response = error.response
      } else {
        throw this.#networkError(error, method, spec, left)
      }
    }
    let text: string
    try {
      text = await readBodyText(response, this.#options.maxResponseBytes ?? 16 * 1024 * 1024, timeout, spec.signal)
    } catch (error) {
      // The answer had begun, so the service acted on the write (or refused it); only the body is lost.
      if (isWrite && error instanceof ExchangeNetworkError) throw new OrderOutcomeUnknownError(spec.clientOrderId, error)
      throw error
    }
    const receivedAt = clock.monotonicNow()
    let envelope: Envelope<T>
    try {
      envelope = openEnvelope<T>(response.status, text, response.headers.get('content-type'), parseRetryAfter(response.headers.get('retry-after')))
    } catch (error) {
      if (signed && this.#options.debugSignatures && error instanceof ExchangeApiError && error.kind === 'auth') {
        error.signing = {
          payload: timestamp + unsignedPayload,
          timestamp,
          method,
          path: url.pathname,
          bodyBytes: new TextEncoder().encode(body).byteLength,
          clockOffsetMs: clock.offsetMs,
        }
      }
      throw error
    }
    if (isClockSync) {
      clock.observe(Number((envelope.data as { serverTime?: unknown } | undefined)?.serverTime), sentAt, receivedAt, true)
    } else if (typeof envelope.meta?.timestamp === 'number') {
      clock.observe(envelope.meta.timestamp, sentAt, receivedAt)
    }
    return envelope
  }

  #networkError(error: unknown, method: string, spec: RequestSpec, left: boolean): ExchangeError {
    if (error instanceof ExchangeError) return error
    const aborted = spec.signal?.aborted === true
    const timedOut = error instanceof TimeoutError
    const isWrite = method !== 'GET' && method !== 'HEAD'
    // A write that left may have been applied, whatever stopped us waiting for its answer (an abort included).
    if (isWrite && left && !neverSent(error)) return new OrderOutcomeUnknownError(spec.clientOrderId, error)
    if (aborted) return new ExchangeNetworkError('aborted', `${method} ${spec.path} was aborted`, { cause: error })
    if (timedOut) return new ExchangeNetworkError('timeout', `${method} ${spec.path} got no answer within the timeout`, { cause: error })
    return new ExchangeNetworkError('network', `${method} ${spec.path} failed: ${(error as Error)?.message ?? String(error)}`, { cause: error })
  }
}
