// The signing gate: the one path every HMAC signature of the SDK takes (the client's calls and key
// calls, signRequest with a client or one-off credentials, signingProxy). It alone holds the key's
// sign function, and applies every signing rule in one place: the URL signed for, the stamp that never
// repeats, the clock a write may be dated by, the samples that move that clock, and no redirect.
import { ExchangeError, ExchangeValidationError } from '../errors.ts'
import type { ServerClock } from './clock.ts'
import { signingPayload, type SignFunction } from './signer.ts'

/** The root every signed path starts from, and the two reads the gate makes itself. */
const API_ROOT = '/api/v1/'
const TIME_PATH = '/api/v1/system/time'
/** The cheapest signed read any key may make: accepted only if the clock it was dated by is right. */
const KEY_INFO_PATH = '/api/v1/accounts/me/api-key/introspect'
const METHODS = ['GET', 'POST', 'PUT', 'DELETE']
/** AUTH_TIMESTAMP_EXPIRED: the service refused the clock a call was dated by. */
const TIMESTAMP_EXPIRED = 11004
/** Strict UTF-8 that keeps a byte-order mark: the text signed re-encodes to exactly the bytes sent. */
const utf8 = /* @__PURE__ */ new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

function refuse(field: string, rule: string, message: string): never {
  throw new ExchangeValidationError(field, rule, message)
}

/** One signed attempt: the three headers, and when it left (for the clock, once the service accepts it). */
export interface SignedAttempt {
  readonly apiKey: string
  readonly timestamp: string
  readonly signature: string
}

interface Issued {
  stamp: number
  /** Monotonic time the signature was made: its round trip starts here. */
  signedAt: number
}

/** Where the gate's own reads go (its base URL), with what, and for how long each. */
export interface GateReach {
  /** Origin and path prefix of the base URL, without a trailing slash: `https://host/prefix`. */
  baseUrl: string
  fetch?: typeof globalThis.fetch
  timeoutMs?: number
}

/** Races `work` against the caller's deadline, when there is one. */
export type Race = <T>(work: Promise<T>) => Promise<T>
const noRace: Race = (work) => work

/**
 * Holds an API key's sign function and signs only as the rules allow:
 * - for its base URL alone (origin and path prefix, no user:password), or, for one-off credentials
 *   (no base URL), for the request's own `/api/v1/` path;
 * - with a stamp that never repeats for the same payload within the service's replay window;
 * - a write dated only by a clock within the service's tolerance of the local one, or confirmed by a
 *   signed read the service accepted (the gate makes that read itself when it must);
 * - its clock moved only by /system/time as the gate reads it, and by answers to calls it signed that
 *   the service accepted: never by a public answer, which a cache may hold or anyone in front of
 *   market data may alter;
 * - every signed `Request` it returns or sends with `redirect: 'manual'`.
 */
export class SigningGate {
  readonly apiKey: string
  readonly clock: ServerClock
  readonly #sign: SignFunction
  readonly #reach: GateReach | undefined
  readonly #origin: string | undefined
  readonly #prefix: string
  readonly #issued = new WeakMap<SignedAttempt, Issued>()
  #sync: Promise<void> | undefined
  #confirm: Promise<void> | undefined
  /** Counts clock measurements, so a call signed before the latest one need not measure again. */
  epoch = 0

  constructor(apiKey: string, sign: SignFunction, clock: ServerClock, reach?: GateReach) {
    this.apiKey = apiKey
    this.#sign = sign
    this.clock = clock
    this.#reach = reach
    const base = reach && new URL(reach.baseUrl)
    this.#origin = base?.origin
    this.#prefix = base ? base.pathname.replace(/\/+$/, '') : ''
  }

  /** The path a signature covers for `url`, or a refusal: another origin, user:password, outside the base URL. */
  signedPath(url: URL): string {
    if (url.username || url.password) refuse('url', 'userinfo', 'url: carries user:password; nothing is signed for it')
    if (this.#origin === undefined) {
      const at = url.pathname.indexOf(API_ROOT)
      if (at === -1) refuse('url', 'api_path', `url: ${url.origin}${url.pathname} is not under ${API_ROOT} (only API calls are signed)`)
      return url.pathname.slice(at)
    }
    if (url.origin !== this.#origin || !url.pathname.startsWith(`${this.#prefix}/`)) {
      refuse('url', 'origin', `url: ${url.origin}${url.pathname} is not under ${this.#origin}${this.#prefix}/, the base URL this key signs for`)
    }
    return url.pathname.slice(this.#prefix.length)
  }

  /**
   * Signs one attempt of `method` to `url` with `body` (the exact text sent), after every rule: a write
   * under an unconfirmed clock far from the local one is confirmed first, or refused (ExchangeError
   * 'clock'). `race` bounds the waits by the caller's deadline.
   */
  async sign(method: string, url: URL, body: string, race: Race = noRace): Promise<SignedAttempt> {
    if (!METHODS.includes(method)) refuse('method', 'method', `method: ${method} is not signed; use GET, POST, PUT or DELETE`)
    const head = signingPayload('', method, this.signedPath(url), '')
    const { clock } = this
    const isWrite = method !== 'GET'
    // Checked in place first: a write under a trusted clock (nearly every one) awaits nothing.
    if (isWrite && !clock.trusts(clock.now())) await race(this.confirmClock())
    const stamp = clock.stamp(head, body)
    // A write dated far from the local clock by an unconfirmed measurement could be replayed later.
    if (isWrite) clock.checkTrusted(stamp, 'The write')
    // Identical requests faster than one a millisecond: paced rather than drifting ahead.
    const lead = clock.lead(stamp)
    if (lead > 0) await race(new Promise((resolve) => setTimeout(resolve, lead)))
    const timestamp = String(stamp)
    const signature = await race(this.#sign(timestamp + head + body))
    const attempt: SignedAttempt = { apiKey: this.apiKey, timestamp, signature }
    this.#issued.set(attempt, { stamp, signedAt: clock.monotonicNow() })
    return attempt
  }

  /**
   * The service accepted `attempt` (a success envelope) and said `serverTime` in its meta, received at
   * monotonic `receivedAt`: its clock was within the tolerance of the stamp. Only attempts this gate
   * signed count, each once.
   */
  accepted(attempt: SignedAttempt | undefined, serverTime: unknown, receivedAt: number): void {
    const issued = attempt && this.#issued.get(attempt)
    if (!issued) return
    this.#issued.delete(attempt!)
    this.clock.accepted(issued.stamp, issued.signedAt)
    this.clock.observe(Number(serverTime), issued.signedAt, receivedAt)
  }

  /**
   * A copy of `request` with X-API-KEY, X-TIMESTAMP and X-SIGNATURE set and `redirect: 'manual'`, its
   * body read once, signed byte for byte and sent as it is. Refuses a method other than GET, POST, PUT
   * and DELETE, a URL this gate does not sign for, a body already read and a body that is not UTF-8.
   */
  async signRequest(request: Request): Promise<Request> {
    const url = new URL(request.url)
    this.signedPath(url)
    if (request.bodyUsed) refuse('body', 'used', 'body: already read; sign the request before anything reads its body')
    const bytes = request.body === null ? undefined : new Uint8Array(await request.arrayBuffer())
    let body = ''
    try {
      body = bytes === undefined ? '' : utf8.decode(bytes)
    } catch {
      refuse('body', 'utf8', 'body: not UTF-8 text; the signature covers the body as text')
    }
    const { apiKey, timestamp, signature } = await this.sign(request.method, url, body)
    const headers = new Headers(request.headers)
    headers.set('X-API-KEY', apiKey)
    headers.set('X-TIMESTAMP', timestamp)
    headers.set('X-SIGNATURE', signature)
    // A redirect would carry the key, the signature and the body to wherever it points. A body read
    // here must be given again (even empty): the original's is used up.
    return new Request(request, bytes === undefined ? { headers, redirect: 'manual' } : { headers, body: bytes, redirect: 'manual' })
  }

  /** Measures the server's clock from /system/time, read by the gate itself. Concurrent callers share one. */
  syncClock(): Promise<void> {
    this.#sync ??= readFor(this, this.#reach, TIME_PATH)
      .then(({ envelope, sentAt, receivedAt, accepted }) => {
        if (!accepted) throw new ExchangeError('clock', `GET ${TIME_PATH} did not answer the server's time: the clock was not measured`)
        this.clock.observe(Number(envelope.data?.serverTime), sentAt, receivedAt, true)
        this.epoch++
      })
      .finally(() => {
        this.#sync = undefined
      })
    return this.#sync
  }

  /**
   * Before a write is dated by a measured server time far from the local clock: a signed read dated
   * by it, which the service accepts only if it is right, confirms it. Refused for its time, the clock
   * is measured again and the read made once more. Its failure is not thrown: the write's own check
   * refuses then.
   */
  confirmClock(): Promise<void> {
    const { clock } = this
    if (!this.#reach || clock.trusts(clock.now())) return Promise.resolve()
    const confirm = () => readFor(this, this.#reach, KEY_INFO_PATH, true)
    this.#confirm ??= confirm()
      .then(async ({ envelope }) => {
        if (envelope?.error?.codeNum !== TIMESTAMP_EXPIRED) return
        await this.syncClock()
        if (!clock.trusts(clock.now())) await confirm()
      })
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        this.#confirm = undefined
      })
    return this.#confirm
  }
}

/** One GET of `gate`'s own (signed or not) to its base URL: no retry, no redirect, within timeoutMs. */
async function readFor(gate: SigningGate, reach: GateReach | undefined, path: string, signed = false): Promise<{ envelope: any; sentAt: number; receivedAt: number; accepted: boolean }> {
  if (!reach) refuse('baseUrl', 'required', 'one-off credentials have no base URL to read the server clock from')
  const url = new URL(reach.baseUrl + path)
  const headers: Record<string, string> = { accept: 'application/json' }
  let attempt: SignedAttempt | undefined
  if (signed) {
    attempt = await gate.sign('GET', url, '')
    headers['X-API-KEY'] = attempt.apiKey
    headers['X-TIMESTAMP'] = attempt.timestamp
    headers['X-SIGNATURE'] = attempt.signature
  }
  const abort = new AbortController()
  const timer = setTimeout(() => abort.abort(), reach.timeoutMs ?? 10_000)
  try {
    const sentAt = gate.clock.monotonicNow()
    let envelope: any
    let status = 0
    try {
      const response = await (reach.fetch ?? globalThis.fetch)(url.href, { method: 'GET', headers, redirect: 'manual', signal: abort.signal })
      status = response.status
      envelope = await response.json()
    } catch (cause) {
      throw new ExchangeError('clock', `GET ${path} got no readable answer${status ? ` (HTTP ${status})` : ''}: the clock was not measured`, { cause })
    }
    const receivedAt = gate.clock.monotonicNow()
    const accepted = status === 200 && envelope?.success === true
    if (accepted && attempt) gate.accepted(attempt, envelope.meta?.timestamp, receivedAt)
    return { envelope, sentAt, receivedAt, accepted }
  } finally {
    clearTimeout(timer)
  }
}
