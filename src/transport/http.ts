import type { KyInstance, Options as KyOptions } from 'ky'
import type { ServerClock } from '../auth/clock.ts'
import { measureClock, type GateReach } from '../auth/clock-read.ts'
import type { SignedAttempt, SigningGate } from '../auth/gate.ts'
import { readBodyText } from './body.ts'
import { Deadline } from './deadline.ts'
import { openEnvelope, type Envelope } from './envelope.ts'
import {
  ExchangeApiError,
  ExchangeError,
  ExchangeNetworkError,
  ExchangeResponseError,
  ExchangeValidationError,
  OrderOutcomeUnknownError,
  type AUTH_ERROR_CODES,
} from '../errors.ts'
import { isHttpError, isTimeoutError } from './ky-errors.ts'
import { networkErrorCode, networkFailureReason, refusedByCors } from './network-failure.ts'
import { prepareRequest, type PreparedRequest } from './prepare.ts'
import { redirectOf } from './redirect.ts'
import type { JournalEntry, RequestSpec, TransportOptions, WriteJournal } from './request-spec.ts'
import { kyRetry } from './retry.ts'
import { mayHaveLanded } from './write-outcome.ts'

export type { HttpMethod, JournalEntry, QueryScalar, QueryValue, RequestSpec, TransportOptions, WriteIntent, WriteJournal } from './request-spec.ts'

const JSON_CONTENT = { 'content-type': 'application/json' }
const MAX_TIMER_MS = 2 ** 31 - 1
/** The code number alone, not the table of codes: a bundle then carries one number, not ten. */
const TIMESTAMP_EXPIRED: (typeof AUTH_ERROR_CODES)['AUTH_TIMESTAMP_EXPIRED'] = 11004

/** `POST api.example:443 /api/v1/perp/orders`: where a call went, never its query. */
function endpointOf(method: string, url: URL): string {
  return `${method} ${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')} ${url.pathname}`
}

const abortedError = (endpoint: string, cause: unknown) => new ExchangeNetworkError('aborted', `${endpoint} was aborted`, { cause })

/** One call across its attempts. */
interface Call {
  /** Each failed attempt's error, and whether that attempt had been handed to fetch. */
  failures: [error: unknown, left: boolean][]
  /** X-TIMESTAMP of the latest signed attempt that left. */
  lastSignedAt: number | undefined
  /** The write's record in the client's journal, if it keeps one. */
  entry: JournalEntry | undefined
  /** Per attempt, in ms. */
  timeoutMs: number
  deadline: Deadline
}

/** What the fixed hooks read and write for one attempt: reached through ky's `context` option. */
interface Attempt {
  call: Call
  method: string
  url: URL
  body: string
  signed: boolean
  /** What the gate signed this attempt with: its answer, once accepted, is a sample of the server's clock. */
  ticket?: SignedAttempt
  /** Platform time it was handed to fetch at (as timers use): its timeoutMs runs from here. */
  startedAt: number
  /** The latest try was handed to fetch: from there on, a write may have reached the service. */
  left: boolean
}

/** ky copies `context` (shallowly): the attempt travels inside it, so the hooks write to the attempt itself. */
type AttemptContext = { attempt: Attempt }

/**
 * The body travels beside ky's `Request`, never in it: ky hands fetch, as its second argument, the
 * options it does not know (`bodyText` here). The platform's fetch gets the string itself (no stream
 * to tee per attempt, nothing sent chunked); a fetch the caller plugs in gets one `Request` carrying it.
 */
type SendInit = { bodyText?: string }

function sendWith(fetch: typeof globalThis.fetch | undefined) {
  return (request: Request, { bodyText: body }: SendInit): Promise<Response> => {
    if (fetch) return fetch(body ? new Request(request, { body }) : request)
    return globalThis.fetch(request.url, { method: request.method, headers: request.headers, body: body || undefined, signal: request.signal, redirect: 'manual' })
  }
}

/** The typed error a failed fetch of one attempt stands for: the SDK's own as it is, else aborted, timeout or network, naming why. */
async function failureOf(error: unknown, url: URL, endpoint: string, spec: RequestSpec, call: Call): Promise<ExchangeError> {
  if (error instanceof ExchangeError) return error
  if (spec.signal?.aborted === true) return abortedError(endpoint, error)
  if (isTimeoutError(error)) {
    return new ExchangeNetworkError('timeout', `${endpoint} got no answer within ${call.timeoutMs} ms (timeoutMs)`, { cause: error, code: 'ETIMEDOUT' })
  }
  const code = networkErrorCode(error, url.port) ?? ((await refusedByCors(error, url, call.timeoutMs)) ? 'ERR_CORS' : undefined)
  // The page's origin, for what the server must allow.
  const allow = code === 'ERR_CORS' ? `: allow ${(globalThis as { location?: Location }).location!.origin} there (a signing proxy: its cors option)` : ''
  return new ExchangeNetworkError('network', `${endpoint} failed: ${networkFailureReason(error, code)}${allow}`, { cause: error, code })
}

/**
 * ky over a pluggable fetch, with per-attempt signing: every attempt, retries included, gets a
 * fresh timestamp and signature, computed over exactly the path and body bytes that go on the wire.
 */
export class Transport {
  declare readonly baseUrl: string
  /** Where the clock's own reads and a key's gate go: the base URL, through the same fetch, within timeoutMs. */
  declare readonly reach: GateReach
  declare readonly clock: ServerClock
  /** The key's signing gate: every signature of this transport's calls is made there. */
  declare gate: SigningGate | undefined
  /** The `journal` option: where each signed write is recorded until its outcome is definite. */
  declare readonly journal: WriteJournal | undefined
  readonly #options: TransportOptions
  #clockSync: Promise<void> | undefined
  /** The client's options for ky, fixed for its life: each attempt's state travels in ky's `context`. */
  readonly #kyOptions: KyOptions
  /** One ky instance for the client's life, created on the first call (loading ky then, not at import). */
  #ky: KyInstance | Promise<KyInstance> | undefined

  /** `options` as checkTransportOptions passed them (the client's constructor, standalone onboarding). */
  constructor(options: TransportOptions, clock: ServerClock, gate?: SigningGate) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '')
    this.reach = { baseUrl: this.baseUrl, fetch: options.fetch, timeoutMs: options.timeoutMs }
    this.#options = options
    this.clock = clock
    this.gate = gate
    this.journal = options.journal
    this.#kyOptions = {
      fetch: sendWith(options.fetch) as typeof globalThis.fetch,
      timeout: options.timeoutMs ?? 10_000,
      // A redirect would re-send the key, the signature and the body to wherever it points.
      redirect: 'manual',
      hooks: {
        beforeRetry: [
          ({ error, options: { context } }) => {
            const { call, left } = (context as AttemptContext).attempt
            call.failures.push([error, left])
          },
        ],
        beforeRequest: [(request, { context }) => this.#sign(request, (context as AttemptContext).attempt)],
      },
    }
  }

  /** Has the gate sign one attempt (each retry afresh), just before ky hands it to fetch. */
  async #sign(request: Request, attempt: Attempt): Promise<void> {
    const { gate } = this
    const { call } = attempt
    const { deadline, entry } = call
    attempt.left = false
    if (attempt.signed) {
      let stamp: number
      if (gate) {
        const signed = await gate.sign(attempt.method, attempt.url, attempt.body, (work) => deadline.race(work))
        attempt.ticket = signed
        const { headers } = request
        headers.set('X-API-KEY', signed.apiKey)
        headers.set('X-TIMESTAMP', signed.timestamp)
        headers.set('X-SIGNATURE', signed.signature)
        stamp = Number(signed.timestamp)
      } else {
        // Signed by a proxy (`signedBy: 'proxy'`), within moments of arriving: the time it left stands for its timestamp.
        stamp = this.clock.now()
      }
      const signedAt = (call.lastSignedAt = Math.max(call.lastSignedAt ?? 0, stamp))
      // Durable before it leaves: a crash from here on leaves a record for recover().
      if (entry) await deadline.race(entry.signed(signedAt, attempt.body))
    }
    attempt.startedAt = Date.now()
    attempt.left = true
  }

  /** A backend signs this transport's calls (`signedBy: 'proxy'`): it holds no key, and sends none. */
  get signedByProxy(): boolean {
    return this.#options.signedBy === 'proxy'
  }

  /** Sends one call and resolves to the envelope's `data`, within its total time limit. */
  async send<T>(spec: RequestSpec): Promise<T> {
    const request = prepareRequest(spec, this.baseUrl)
    const { method, url } = request
    const { gate } = this
    const byProxy = this.signedByProxy
    const signed = spec.auth ?? (gate !== undefined || byProxy)
    if (signed && !gate && !byProxy) {
      throw new ExchangeValidationError(
        'apiKey',
        'required',
        `${method} ${spec.path} needs credentials: build the client with apiKey and secretKey (or onboard first)`,
      )
    }
    const endpoint = () => endpointOf(method, url)
    if (spec.signal?.aborted) throw abortedError(endpoint(), spec.signal.reason)
    const isWrite = method !== 'GET'
    const entry = signed && isWrite ? this.journal?.begin(spec, request, this) : undefined
    const timeoutMs = spec.timeoutMs ?? this.#options.timeoutMs ?? 10_000
    // Timers take at most 2^31 - 1 ms (a longer one fires at once).
    const totalMs = spec.totalTimeoutMs ?? this.#options.totalTimeoutMs ?? Math.min(3 * timeoutMs, MAX_TIMER_MS)
    const call: Call = { failures: [], lastSignedAt: undefined, entry, timeoutMs, deadline: new Deadline(totalMs, endpoint, spec.signal) }
    const epoch = gate?.epoch
    let outcome: 'accepted' | 'refused' | 'unknown' = 'accepted'
    try {
      let envelope: Envelope<T>
      try {
        envelope = await this.#attempt<T>(spec, request, signed, call)
      } catch (error) {
        if (!signed || !gate || !(error instanceof ExchangeApiError) || error.codeNum !== TIMESTAMP_EXPIRED) throw error
        // The service rejected our clock, so nothing was executed: re-measure (unless that happened
        // since this call was signed), then sign afresh once.
        if (epoch === gate.epoch) await call.deadline.race(gate.syncClock())
        envelope = await this.#attempt<T>(spec, request, signed, call)
      }
      return envelope.data as T
    } catch (error) {
      // The one place a write's outcome is decided: if any attempt may have been applied, a later
      // refusal does not say it was not.
      outcome = isWrite && call.failures.some(([failure, left]) => mayHaveLanded(failure, left)) ? 'unknown' : 'refused'
      if (outcome === 'refused') throw error
      throw new OrderOutcomeUnknownError(spec.clientOrderId, error, spec.clientOrderIds, call.lastSignedAt)
    } finally {
      call.deadline.clear()
      await entry?.end(outcome)
    }
  }

  /**
   * Before a login message is dated by a measured server time far from the local clock: the gate's
   * signed read at that time, which the service accepts only if it is right, confirms it.
   */
  confirmClock(): Promise<void> {
    return this.gate?.confirmClock() ?? Promise.resolve()
  }

  /**
   * Measures the offset to the server's clock now: the gate reads it, when there is a key; without
   * one, nothing is signed by it but a login message. Concurrent callers share one measurement.
   */
  syncClock(): Promise<void> {
    if (this.gate) return this.gate.syncClock()
    this.#clockSync ??= measureClock(this.reach, this.clock).finally(() => {
      this.#clockSync = undefined
    })
    return this.#clockSync
  }

  async #attempt<T>(spec: RequestSpec, { method, url, body }: PreparedRequest, signed: boolean, call: Call): Promise<Envelope<T>> {
    const { clock } = this
    const { deadline } = call
    const attempt: Attempt = {
      call,
      method,
      url,
      body,
      signed,
      startedAt: 0,
      left: false,
    }
    try {
      let response: Response
      try {
        // The client's ky instance; the first call imports ky.
        const send = await (this.#ky ??= import('./ky-load.ts').then(({ default: ky }) => (this.#ky = ky.create(this.#kyOptions))))
        // Only what differs from the instance's options: ky merges every key given per call, one copy of its options a key.
        const options: KyOptions & SendInit = {
          method,
          signal: deadline.signal,
          retry: kyRetry(this.#options.retry, method, spec.idempotent === true, deadline),
          context: { attempt },
        }
        if (body) {
          options.headers = JSON_CONTENT
          options.bodyText = body
        }
        if (spec.timeoutMs) options.timeout = spec.timeoutMs
        response = await send(url, options)
      } catch (error) {
        if (!isHttpError(error)) throw await failureOf(error, url, endpointOf(method, url), spec, call)
        response = error.response
      }
      // Never followed (a redirect would re-send the key, the signature and the body elsewhere).
      const redirect = redirectOf(response)
      if (redirect) throw redirect
      let text: string
      try {
        // What is left of this attempt's timeoutMs (and of the call's), not a fresh timeoutMs.
        const budget = Math.max(1, Math.min(call.timeoutMs - (Date.now() - attempt.startedAt), deadline.remainingMs()))
        text = await readBodyText(response, this.#options.maxResponseBytes ?? 16 * 1024 * 1024, budget, spec.signal)
      } catch (caught) {
        throw deadline.expired && !(caught instanceof ExchangeResponseError) ? deadline.error : caught
      }
      const receivedAt = clock.monotonicNow()
      let envelope: Envelope<T>
      try {
        envelope = openEnvelope<T>(response.status, text, response.headers)
      } catch (error) {
        if (attempt.ticket && this.#options.debugSignatures && error instanceof ExchangeApiError && error.kind === 'auth') {
          error.signing = {
            payload: attempt.ticket.timestamp + attempt.ticket.head + body,
            timestamp: attempt.ticket.timestamp,
            method,
            path: url.pathname,
            bodyBytes: new TextEncoder().encode(body).byteLength,
            clockOffsetMs: clock.offsetMs,
          }
        }
        throw error
      }
      // Server time comes from the gate's own reads and from answers to calls it signed, never from a
      // public answer (a cache may hold it, a proxy in front of public data may alter it).
      this.gate?.accepted(attempt.ticket, envelope.meta?.timestamp, receivedAt)
      return envelope
    } catch (error) {
      call.failures.push([error, attempt.left])
      throw error
    }
  }
}
