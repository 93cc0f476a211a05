import { ServerClock } from './auth/clock.ts'
import { clockReading, type ClockReading } from './auth/clock-reading.ts'
import type { SignFunction } from './auth/signer.ts'
import { keysOperations, type KeyInfo, type OnboardedKey, type RotatedKey } from './api/keys.ts'
import { responseChecking, type CallOptions, type ResponseChecking } from './api/operation.ts'
import { checkRoutes, refuseUnboundRoutes, routesOf, type Routes } from './api/routes.ts'
import { systemOperations } from './api/system.ts'
import { accountApi, type AccountMethods } from './areas/account.ts'
import { groupMethods } from './areas/call.ts'
import { guardedGroup } from './areas/method-guard.ts'
import { championshipApi, type ChampionshipMethods } from './areas/championship.ts'
import { perpApi, type PerpApi } from './areas/perp.ts'
import { predictionApi, type PredictionApi } from './areas/prediction.ts'
import { spotApi, type SpotApi } from './areas/spot.ts'
import type { SystemMethods } from './areas/system.ts'
import { getKeyInfo, onboardWith, rotate } from './key-calls.ts'
import { recoverThrough } from './journal/recover-through.ts'
import type { RecoverOptions, RecoveryReport } from './journal/recover.ts'
import type { IssuedSecret } from './auth/hidden-secret.ts'
import { accessOf, grantAccess } from './core-access.ts'
import { ExchangeValidationError } from './errors.ts'
import { installKey } from './with-key.ts'
import { DEFAULT_SERVICE_NAME } from './onboarding/message.ts'
import type { OnboardParams } from './onboarding/onboard.ts'
import { Transport, type RequestSpec, type TransportOptions } from './transport/http.ts'
import { checkTransportOptions } from './transport/prepare.ts'

export interface ExchangeClientOptions extends TransportOptions {
  /** `<prefix>_<64 hex>`. Without it the client serves the open endpoints only. */
  apiKey?: string
  /**
   * The 64-hex secret (as text, or as onboarding and rotation return it), or an HMAC `CryptoKey`
   * already imported (e.g. loaded from the browser credential store). The client keeps no readable
   * copy of it: its import as a non-extractable key starts at once, and keeps no text. In a browser page, a
   * secret as text needs `dangerouslyAllowBrowser`.
   */
  secretKey?: string | CryptoKey | IssuedSecret
  /** Signs payloads elsewhere (a backend, node:crypto) instead of with `secretKey`. */
  sign?: SignFunction
  /** Starts every login message. Default: the real service's, `1024 Exchange`. */
  serviceName?: string
  /** The local wall clock, for tests that need a skewed or stepping one. Default `Date.now`. */
  now?: () => number
  /**
   * The local monotonic clock the estimate of server time runs on once measured, so a step of the
   * wall clock does not move it. For tests. Default `performance.now`.
   */
  monotonicNow?: () => number
  /**
   * `responseSchemas` from `exchange-client/strict` checks each answer's `data` against its
   * operation's response schema (naming the field that breaks it). Default `off`: the schemas are not even bundled.
   */
  validateResponses?: ResponseChecking
  /**
   * In a browser page, a secret held as text is refused unless this is true: a `secretKey` string,
   * `onboard()` and `rotate()` (their new secret arrives as text). A `CryptoKey` from the credential
   * store, or a backend that signs (`sign`), needs no opt-in.
   */
  dangerouslyAllowBrowser?: boolean
  /**
   * Sends operations elsewhere than the spec's method and path, for the wire and the signature alike:
   * `{ 'account.getOverview': { method: 'GET', path: '/api/v1/accounts/me/overview' } }`
   * (`realServiceRoutes` holds the known differences of the real service). Names are the client's
   * group and method; `keys.rotate` and `keys.getKeyInfo` name the key calls. Checked when the client
   * is built.
   */
  routes?: Routes
}

const redacted = (apiKey: string | undefined) => (apiKey ? `${apiKey.slice(0, 9)}…` : undefined)

/** What `new ExchangeCore(...)` takes: a client's options without a key (`withKey` gives it one). */
export type ExchangeCoreOptions = Omit<ExchangeClientOptions, 'apiKey' | 'secretKey' | 'sign'>

/**
 * The smallest client: retries, clock discipline and `request()`, without the typed endpoint tables
 * and without a key. Use it where every byte counts: with the area functions (`getTicker(core, …)`) it
 * reads open data, carrying no signing code; `withKey(core, { apiKey, secretKey })` makes it sign.
 * `ExchangeClient` adds the whole API and takes the key in its options.
 */
export class ExchangeCore {
  readonly #transport: Transport
  readonly #clock: ClockReading
  readonly #serviceName: string

  constructor(options: ExchangeCoreOptions) {
    checkTransportOptions(options) // first: the rest reads fields of it
    // Copies: the caller's options object, changed later, does not change this client. The copy
    // leaves the credentials out: only the key's gate (src/with-key.ts) holds what they make.
    const { apiKey, secretKey, sign, ...transportOptions } = options as ExchangeClientOptions
    if (new.target === ExchangeCore && (apiKey !== undefined || secretKey !== undefined || sign !== undefined)) {
      const field = apiKey !== undefined ? 'apiKey' : secretKey !== undefined ? 'secretKey' : 'sign'
      throw new ExchangeValidationError(
        field,
        'with_key',
        `${field}: ExchangeCore takes no key, so a program that only reads carries no signing code: sign with withKey(new ExchangeCore({ baseUrl }), { apiKey, secretKey }), or use ExchangeClient, which takes the key in its options`,
      )
    }
    const { retry } = options
    if (typeof retry === 'object' && retry !== null) transportOptions.retry = { ...retry }
    this.#transport = new Transport(transportOptions, new ServerClock(options.now, options.monotonicNow, options.maxUnconfirmedClockOffsetMs))
    this.#clock = clockReading(this.#transport.clock)
    this.#serviceName = options.serviceName ?? DEFAULT_SERVICE_NAME
    grantAccess(this, {
      transport: this.#transport,
      // Checked in this order: a bad validateResponses is named before a bad route.
      responses: responseChecking(options.validateResponses),
      routes: checkRoutes(options.routes),
      serviceName: this.#serviceName,
      dangerouslyAllowBrowser: options.dangerouslyAllowBrowser === true,
    })
  }

  /** The client's estimate of the server's clock, read-only (`syncClock()` re-measures it). */
  get clock(): ClockReading {
    return this.#clock
  }

  /** Starts every login message (`<serviceName> - login - <timestamp>`). */
  get serviceName(): string {
    return this.#serviceName
  }

  get baseUrl(): string {
    return this.#transport.baseUrl
  }

  get apiKey(): string | undefined {
    return this.#transport.gate?.apiKey
  }

  get hasCredentials(): boolean {
    return this.#transport.gate !== undefined
  }

  /** Any endpoint, signed when the client has credentials (or as `auth` says). Resolves to `data`. */
  request<T = unknown>(spec: RequestSpec): Promise<T> {
    return this.#transport.send<T>(spec)
  }

  /** Re-measures the offset to the server's clock. */
  syncClock(): Promise<void> {
    return this.#transport.syncClock()
  }

  toJSON(): Record<string, unknown> {
    return { baseUrl: this.baseUrl, apiKey: redacted(this.apiKey), serviceName: this.serviceName }
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return `${this.constructor.name} ${JSON.stringify(this.toJSON())}`
  }
}

/** The whole API, grouped as the spec groups it. */
export class ExchangeClient extends ExchangeCore {
  // Each group behind a guard that names the method meant by a near-miss name (an untyped caller's typo).
  readonly system: SystemMethods = guardedGroup('system', groupMethods(accessOf(this), 'system', systemOperations))
  readonly account: AccountMethods = guardedGroup('account', accountApi(this))
  readonly perp: PerpApi = guardedGroup('perp', perpApi(this))
  readonly spot: SpotApi = guardedGroup('spot', spotApi(this))
  readonly prediction: PredictionApi = guardedGroup('prediction', predictionApi(this))
  readonly championship: ChampionshipMethods = guardedGroup('championship', championshipApi(this))

  constructor(options: ExchangeClientOptions) {
    super(options)
    const access = accessOf(this)
    if (options.apiKey !== undefined || options.secretKey !== undefined || options.sign !== undefined) installKey(access, options, true)
    const { routes } = access
    routesOf(routes, 'keys', keysOperations) // a key route names a key operation
    refuseUnboundRoutes(routes, [...Object.keys(this), 'keys']) // its own fields are its groups
  }

  /**
   * Mints a key from a wallet signature over `<serviceName> - login - <server time>`. The result
   * builds a signed client (`new ExchangeClient({ baseUrl, ...key })`); with `use: true` this
   * client signs with it from now on. An answer it cannot use as it is throws an
   * `ExchangeOnboardingAnswerError` holding the minted secret (shown once: keep it).
   */
  onboard(params: OnboardParams & { use?: boolean }): Promise<OnboardedKey> {
    return onboardWith(this, params)
  }

  /**
   * Issues a new secret for this key and signs with it from now on. Keep the returned secret
   * (`secretKey.reveal()`): it is shown once. In a page, needs `dangerouslyAllowBrowser`.
   */
  rotate(options?: CallOptions): Promise<RotatedKey> {
    return rotate(this, options)
  }

  /** What this key is and may do: permissions, expiry, the bound account. */
  getKeyInfo(options?: CallOptions): Promise<KeyInfo> {
    return getKeyInfo(this, options)
  }

  /**
   * After a crash: settles each write the `journal` kept (one whose answer never came), from what the
   * exchange shows of it, and drops what is settled. Call it first at start-up, before new writes;
   * see `RecoveryReport` for what each outcome means.
   */
  recover(options?: RecoverOptions): Promise<RecoveryReport> {
    return recoverThrough(this, options)
  }
}
