import { ServerClock } from './auth/clock.ts'
import { assertApiKey, assertSecretKey } from './auth/credentials.ts'
import { importSecretKey, keySigner, type SignFunction } from './auth/signer.ts'
import { requireSubtle } from './auth/subtle.ts'
import { accountApi } from './api/account.ts'
import { championshipApi } from './api/championship.ts'
import { bindOperations, type Api, type Operation, type ResponseChecking } from './api/operation.ts'
import { perpApi } from './api/perp/index.ts'
import { predictionApi } from './api/prediction/index.ts'
import { spotApi } from './api/spot/index.ts'
import { systemOperations } from './api/system.ts'
import { ExchangeValidationError } from './transport/errors.ts'
import { Transport, type RequestSpec, type TransportOptions } from './transport/http.ts'

/** The real service's name: the login message of onboarding starts with it. */
export const DEFAULT_SERVICE_NAME = '1024 Exchange'

export interface ExchangeClientOptions extends TransportOptions {
  /** `<prefix>_<64 hex>`. Without it the client serves the open endpoints only. */
  apiKey?: string
  /**
   * The 64-hex secret, or an HMAC `CryptoKey` already imported (e.g. loaded from the browser
   * credential store). The client keeps no readable copy of it.
   */
  secretKey?: string | CryptoKey
  /** Signs payloads elsewhere (a backend, node:crypto) instead of with `secretKey`. */
  sign?: SignFunction
  /** Starts every login message. Default: the real service's, `1024 Exchange`. */
  serviceName?: string
  /** The local clock, for tests that need a skewed one. Default `Date.now`. */
  now?: () => number
  /** `strict` checks each answer's `data` against the operation's light schema. Default `off`. */
  validateResponses?: ResponseChecking
}

function credentialsFrom(options: ExchangeClientOptions) {
  const { apiKey, secretKey, sign } = options
  if (apiKey === undefined && secretKey === undefined && sign === undefined) return undefined
  assertApiKey(apiKey)
  if (sign) return { apiKey, sign }
  if (secretKey === undefined) {
    throw new ExchangeValidationError('secretKey', 'required', 'secretKey is required with apiKey (or pass a sign function)')
  }
  if (typeof secretKey === 'string') {
    assertSecretKey(secretKey)
    requireSubtle()
    const key = importSecretKey(secretKey)
    key.catch(() => undefined) // surfaced on first use, not as an unhandled rejection
    return { apiKey, sign: keySigner(key) }
  }
  if (secretKey?.type !== 'secret' || secretKey.algorithm?.name !== 'HMAC') {
    throw new ExchangeValidationError('secretKey', 'format', 'secretKey must be a string or an HMAC CryptoKey')
  }
  return { apiKey, sign: keySigner(secretKey) }
}

const redacted = (apiKey: string | undefined) => (apiKey ? `${apiKey.slice(0, 9)}…` : undefined)

/**
 * The smallest client: signing, clock discipline, retries and `request()`, without the typed
 * endpoint tables. Use it where every byte counts; `ExchangeClient` adds the whole API.
 */
export class ExchangeCore {
  readonly #transport: Transport
  readonly #validateResponses: ResponseChecking
  readonly serviceName: string

  constructor(options: ExchangeClientOptions) {
    this.#transport = new Transport(options, new ServerClock(options.now), credentialsFrom(options))
    this.#validateResponses = options.validateResponses ?? 'off'
    this.serviceName = options.serviceName ?? DEFAULT_SERVICE_NAME
  }

  /** Methods for a table of operations (e.g. `perpOperations`), sent through this client. */
  bind<Ops extends Record<string, Operation<any, any>>>(ops: Ops): Api<Ops> {
    return bindOperations(this.#transport, ops, { validateResponses: this.#validateResponses })
  }

  /** @internal The transport the typed methods send through. */
  protected get transport(): Transport {
    return this.#transport
  }

  /** The client's estimate of the server's clock. */
  get clock(): ServerClock {
    return this.#transport.clock
  }

  get baseUrl(): string {
    return this.#transport.baseUrl
  }

  get apiKey(): string | undefined {
    return this.#transport.credentials?.apiKey
  }

  get hasCredentials(): boolean {
    return this.#transport.credentials !== undefined
  }

  /** Any endpoint, signed when the client has credentials (or as `auth` says). Resolves to `data`. */
  request<T = unknown>(spec: RequestSpec): Promise<T> {
    return this.#transport.send<T>(spec)
  }

  /** Re-measures the offset to the server's clock. */
  syncClock(): Promise<void> {
    return this.#transport.syncClock()
  }

  /** Swaps in new credentials (after rotation). The old secret is dropped. */
  protected useCredentials(apiKey: string, secretKey: string | CryptoKey): void {
    this.#transport.credentials = credentialsFrom({ baseUrl: this.baseUrl, apiKey, secretKey })
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
  readonly system = bindOperations(this.transport, systemOperations)
  readonly account = accountApi(this)
  readonly perp = perpApi(this)
  readonly spot = spotApi(this)
  readonly prediction = predictionApi(this)
  readonly championship = championshipApi(this)
}
