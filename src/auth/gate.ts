// The signing gate: the one path every HMAC signature of the SDK takes (the client's calls and key
// calls, signRequest with a client or one-off credentials, signingProxy). It alone holds the key's
// sign function, and applies every signing rule in one place: the URL signed for, the stamp that never
// repeats, the clock a write may be dated by, the samples that move that clock, and no redirect.
import { ExchangeValidationError } from '../errors.ts'
import { measureClock, readOwn, type GateReach } from './clock-read.ts'
import type { ServerClock } from './clock.ts'
import { signingPayload, type SignFunction } from './signer.ts'
import type { Stamper } from './stamper.ts'

/** The root every signed path starts from. */
const API_ROOT = '/api/v1/'
/** The cheapest signed read any key may make: accepted only if the clock it was dated by is right. */
const KEY_INFO_PATH = '/api/v1/accounts/me/api-key/introspect'
const METHODS = ['GET', 'POST', 'PUT', 'DELETE']
/** AUTH_TIMESTAMP_EXPIRED: the service refused the clock a call was dated by. */
const TIMESTAMP_EXPIRED = 11004
export function refuse(field: string, rule: string, message: string): never {
  throw new ExchangeValidationError(field, rule, message)
}

/** One signed attempt: the three headers, and when it left (for the clock, once the service accepts it). */
export interface SignedAttempt {
  /** METHOD + the signed path: the payload signed is timestamp + head + body. */
  readonly head: string
  readonly apiKey: string
  readonly timestamp: string
  readonly signature: string
}

interface Issued {
  stamp: number
  /** Monotonic time the signature was made: its round trip starts here. */
  signedAt: number
}

export type { GateReach }

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
 * - every signed `Request` (src/auth/signed-request.ts) and its own reads with `redirect: 'manual'`.
 */
export class SigningGate {
  declare readonly apiKey: string
  /** The stamp memory: no payload gets a timestamp twice within the service's replay window. */
  declare readonly stamper: Stamper
  readonly #sign: SignFunction
  readonly #reach: GateReach | undefined
  readonly #origin: string | undefined
  readonly #prefix: string
  readonly #issued = new WeakMap<SignedAttempt, Issued>()
  #sync: Promise<void> | undefined
  #confirm: Promise<void> | undefined
  /** Counts clock measurements, so a call signed before the latest one need not measure again. */
  epoch = 0

  constructor(apiKey: string, sign: SignFunction, stamper: Stamper, reach?: GateReach) {
    this.apiKey = apiKey
    this.#sign = sign
    this.stamper = stamper
    this.#reach = reach
    const base = reach && new URL(reach.baseUrl)
    this.#origin = base?.origin
    this.#prefix = base ? base.pathname.replace(/\/+$/, '') : ''
  }

  /** The server clock the stamps are taken on (the stamp memory's). */
  get clock(): ServerClock {
    return this.stamper.clock
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
    const { clock, stamper } = this
    const isWrite = method !== 'GET'
    // Checked in place first: a write under a trusted clock (nearly every one) awaits nothing.
    if (isWrite && !clock.trusts(clock.now())) await race(this.confirmClock())
    const stamp = stamper.stamp(head, body)
    // A write dated far from the local clock by an unconfirmed measurement could be replayed later.
    if (isWrite) clock.checkTrusted(stamp, 'The write')
    // Identical requests faster than one a millisecond: paced rather than drifting ahead.
    const lead = stamper.lead(stamp)
    if (lead > 0) await race(new Promise((resolve) => setTimeout(resolve, lead)))
    const timestamp = String(stamp)
    const signature = await race(this.#sign(timestamp + head + body))
    const attempt: SignedAttempt = { head, apiKey: this.apiKey, timestamp, signature }
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

  /** Measures the server's clock from /system/time, read by the gate itself. Concurrent callers share one. */
  syncClock(): Promise<void> {
    const reach = this.#reach
    if (!reach) return Promise.reject(new ExchangeValidationError('baseUrl', 'required', 'one-off credentials have no base URL to read the server clock from'))
    this.#sync ??= measureClock(reach, this.clock)
      .then(() => {
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
    const reach = this.#reach
    if (!reach || clock.trusts(clock.now())) return Promise.resolve()
    const confirm = () => signedRead(this, reach, KEY_INFO_PATH)
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

/**
 * A signed GET of `gate`'s own to its base URL; accepted, it is a sample of the server's clock. (A
 * function, not a private method: a debugger's view of the gate then shows no module scope through it.)
 */
async function signedRead(gate: SigningGate, reach: GateReach, path: string) {
  const attempt = await gate.sign('GET', new URL(reach.baseUrl + path), '')
  const read = await readOwn(reach, gate.clock, path, { 'X-API-KEY': attempt.apiKey, 'X-TIMESTAMP': attempt.timestamp, 'X-SIGNATURE': attempt.signature })
  if (read.accepted) gate.accepted(attempt, read.envelope.meta?.timestamp, read.receivedAt)
  return read
}
