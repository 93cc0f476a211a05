import { AccountBook, type Account } from './accounts.ts'
import { clientAddress, trustedProxyCount } from './auth/client-address.ts'
import { KeyStore } from './auth/keys.ts'
import { keysModule } from './auth/module.ts'
import { ReplayGuard } from './auth/replay.ts'
import { DroppedConnection, Faults } from './faults/faults.ts'
import { fail, ok, preflight, type Meta } from './http/envelope.ts'
import { failures } from './http/failures.ts'
import { handle, logToConsole, toFailure, type InternalErrorLog } from './http/handle.ts'
import { Router, SERVED_METHODS, type ExchangeModule } from './http/router.ts'
import { createMarketModule, type MarketModule, type MarketPolicy } from './market/index.ts'
import { DEFAULT_SERVICE_NAME } from './onboarding/login-message.ts'
import { onboardingModule } from './onboarding/module.ts'
import type { Platform } from './platform.ts'
import { NON_NEGATIVE_DECIMAL, parseSeed, type Seed } from './seed.ts'
import { ReferenceExchangeError } from './setup-error.ts'
import { systemModule } from './system/module.ts'
import { WorkMeter } from './work.ts'
import { allowOriginHeaders, checkCorsOrigins } from './http/cors.ts'

export interface ReferenceExchangeOptions {
  /** The exchange's clock (UTC ms). Default `Date.now`. */
  now?: () => number
  /** Added to `now()`: a server clock that differs from the machine's. Changeable later as `faults.clockOffsetMs`. */
  clockOffsetMs?: number
  /** Accounts and keys to start with (see `SeedSchema`); validated, a bad one throws naming the field. */
  seed?: Seed
  /** Starts every login message. Default: the seed's, else `1024 Exchange`. */
  serviceName?: string
  /**
   * Behind proxies you control: the caller's address is the X-Forwarded-For entry your outermost
   * proxy added. `true`: one proxy, the rightmost entry; N: N proxies, the Nth entry from the right.
   */
  trustProxy?: boolean | number
  /** Balances of each account onboarding creates (and of seeded accounts that list none). Default `{ USDC: '10000' }`. */
  startingBalances?: Record<string, string>
  /** Extra modules after the built-in ones: your own routes, or state for new accounts. */
  modules?: ExchangeModule[]
  /**
   * How many signatures the exchange remembers at most (each until its timestamp can no longer pass
   * the 30 s check). Full, it answers 503 rather than forget one. Default 1,000,000.
   */
  maxSignatures?: number
  /** Larger request bodies get 413 REQ_TOO_LARGE, unread. Default 1 MiB. */
  maxBodyBytes?: number
  /** Where a bug's detail goes (the caller's 500 shows only the request id). Default `console.error`. */
  onInternalError?: InternalErrorLog
  /** Seeds the PRNG behind fault probabilities, so a run repeats exactly. */
  faultSeed?: number
  /** How long a proposed prediction result can be challenged, in ms. Default 2 hours. */
  challengePeriodMs?: number
  /** The exchange's own limits: `{ maxBatch, maxPageSize, maxLeverage, maxOutcomes, symbolCase, … }` (see docs/reference-exchange.md, "Policy"). */
  policy?: Partial<MarketPolicy>
  /** Most accounts the exchange holds; onboarding a new wallet past it answers 503 with Retry-After. Default 100,000. */
  maxAccounts?: number
  /** An onboarded account that has not traded (no order, no balance moved) expires this long after its creation. Default 24 h. */
  idleAccountTtlMs?: number
  /** Keys an account keeps at most: onboarding one more forgets its oldest. Default 20. */
  maxKeysPerAccount?: number
  /** Origins allowed to call from a browser: a list, or `'*'` for any. Default: localhost origins (any port). */
  corsOrigins?: readonly string[] | '*'
}

/** `fetch`'s second argument, plus the caller's address (the socket's, given by a server adapter). */
export interface ExchangeFetchInit extends RequestInit {
  clientAddress?: string
}

export interface ReferenceExchange {
  /**
   * Serves one request: usable as the client's `fetch`, or behind any server. With a `Request`,
   * `init` only gives the caller's address. A dropped connection (a fault) rejects with a TypeError.
   */
  fetch(input: Request | string | URL, init?: ExchangeFetchInit): Promise<Response>
  readonly router: Router
  readonly keys: KeyStore
  readonly accounts: AccountBook
  readonly replay: ReplayGuard
  readonly faults: Faults
  /** Counts what requests visit (keys, markets, orders), for tests that show a request's work is bounded. */
  readonly work: WorkMeter
  /** The market's state: inspection helpers (`orders(accountId)`, `balances`, `positions`) for tests. */
  readonly market: MarketModule
  readonly serviceName: string
  readonly maxBodyBytes: number
  /** Server time: the clock plus the current offset. */
  now(): number
  /**
   * The 405 answer for a method the exchange never serves, or undefined for one it does (and OPTIONS).
   * For server adapters: a `Request` cannot even be built for TRACE, TRACK or CONNECT.
   */
  refuseMethod(method: string, path: string): Response | undefined
}

const DEFAULT_STARTING_BALANCES: Readonly<Record<string, string>> = { USDC: '10000' }
const DEFAULT_MAX_BODY_BYTES = 1024 * 1024
const DEFAULT_MAX_ACCOUNTS = 100_000
const DEFAULT_IDLE_ACCOUNT_TTL_MS = 24 * 60 * 60 * 1000
const DEFAULT_MAX_KEYS_PER_ACCOUNT = 20
/** Expiring accounts looked at per onboarding, so one request's work stays small. */
const EXPIRY_SWEEP = 64

function withHeaders(response: Response, headers: Record<string, string>): Response {
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value)
  return response
}

/** The modules every reference exchange has, in registration order; the market comes last. */
function builtInModules(platform: Platform, market: MarketModule): ExchangeModule[] {
  return [systemModule(platform), onboardingModule(platform), keysModule(platform), market]
}

function checkOptions(options: ReferenceExchangeOptions): void {
  const { maxBodyBytes, clockOffsetMs, startingBalances } = options
  for (const name of ['maxBodyBytes', 'maxAccounts', 'idleAccountTtlMs', 'maxKeysPerAccount'] as const) {
    const value = options[name]
    if (value !== undefined && !(Number.isSafeInteger(value) && value > 0)) throw new ReferenceExchangeError(name, 'range', `${name} must be a positive integer`)
  }
  checkCorsOrigins(options.corsOrigins)
  if (clockOffsetMs !== undefined && !Number.isFinite(clockOffsetMs)) {
    throw new ReferenceExchangeError('clockOffsetMs', 'number', 'clockOffsetMs must be a finite number of ms')
  }
  for (const [token, amount] of Object.entries(startingBalances ?? {})) {
    if (!NON_NEGATIVE_DECIMAL.test(amount)) {
      throw new ReferenceExchangeError(`startingBalances.${token}`, 'decimal', `startingBalances.${token} must be a decimal string`)
    }
  }
}

/** A local exchange that enforces the spec: signing, replay, permissions, onboarding, keys. */
export function createReferenceExchange(options: ReferenceExchangeOptions = {}): ReferenceExchange {
  checkOptions(options)
  const seed = parseSeed(options.seed ?? {})
  const clock = options.now ?? Date.now
  const faults = new Faults({ seed: options.faultSeed, clockOffsetMs: options.clockOffsetMs })
  const now = () => clock() + faults.clockOffsetMs
  const startingBalances = { ...(options.startingBalances ?? DEFAULT_STARTING_BALANCES) }
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES
  const trustProxy = trustedProxyCount(options.trustProxy)
  const router = new Router()
  const accounts = new AccountBook()
  const work = new WorkMeter()
  const keys = new KeyStore(now, work)
  const replay = new ReplayGuard({ maxSignatures: options.maxSignatures })
  const log = options.onInternalError ?? logToConsole

  const maxAccounts = options.maxAccounts ?? DEFAULT_MAX_ACCOUNTS
  const idleTtlMs = options.idleAccountTtlMs ?? DEFAULT_IDLE_ACCOUNT_TTL_MS
  const openAccount = (account: Account, balances: Record<string, string>, expiring = false) => {
    if (expiring) accounts.addExpiring(account)
    else accounts.add(account)
    for (const module of modules) module.openAccount?.(account.id, { ...balances })
    return account
  }
  /** Forgets onboarded accounts that stayed idle past their lifetime; past the cap, refuses with the wait. */
  const makeRoom = () => {
    const at = now()
    const idle = (accountId: string) => modules.every((module) => module.isIdle?.(accountId) ?? true)
    for (const accountId of accounts.expire(at, idleTtlMs, idle, EXPIRY_SWEEP)) {
      keys.removeAccount(accountId)
      for (const module of modules) module.closeAccount?.(accountId)
    }
    if (accounts.size < maxAccounts) return
    const retryAfter = Math.min(3600, Math.max(1, Math.ceil(((accounts.nextExpiry(idleTtlMs) ?? at + 3_600_000) - at) / 1000)))
    throw failures.unavailable(`the exchange holds its maximum of ${maxAccounts} accounts; a new wallet can onboard once idle ones expire`, retryAfter)
  }
  const platform: Platform = {
    serviceName: options.serviceName ?? seed.serviceName ?? DEFAULT_SERVICE_NAME,
    now,
    accounts,
    keys,
    maxKeysPerAccount: options.maxKeysPerAccount ?? DEFAULT_MAX_KEYS_PER_ACCOUNT,
    makeRoomForAccount: makeRoom,
    openWalletAccount: (walletType, walletAddress) => openAccount({ id: accounts.nextId(), walletType, walletAddress, createdAt: now() }, startingBalances, true),
  }
  const market = createMarketModule({ now, challengePeriodMs: options.challengePeriodMs, policy: options.policy, work })
  const modules = [...builtInModules(platform, market), ...(options.modules ?? [])]
  for (const module of modules) module.register(router)
  for (const account of seed.accounts) {
    openAccount({ id: account.id, walletType: null, walletAddress: null, createdAt: now() }, account.balances ?? startingBalances)
  }
  for (const key of seed.keys) keys.add(key)

  const requestIdPrefix = `req_${Math.floor(Math.random() * 0xffffff).toString(16).padStart(6, '0')}`
  let requestCount = 0

  const nextMeta = () => {
    const requestId = `${requestIdPrefix}${(++requestCount).toString(16).padStart(8, '0')}`
    return (): Meta => ({ requestId, timestamp: now() })
  }

  async function serve(request: Request, socketAddress: string | undefined): Promise<Response> {
    const allowOrigin = allowOriginHeaders(options.corsOrigins, request.headers.get('origin'))
    if (request.method === 'OPTIONS') return withHeaders(preflight(), allowOrigin)
    const meta = nextMeta()
    const { requestId } = meta()
    const plan = faults.plan({ method: request.method, path: new URL(request.url).pathname })
    if (plan.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, plan.latencyMs))
    if (plan.drop === 'before') throw new DroppedConnection('before')
    if (plan.answer?.kind === 'rate-limit') return withHeaders(fail(failures.rateLimited(plan.answer.retryAfterSeconds ?? 1), meta()), allowOrigin)
    if (plan.answer?.kind === 'error') return withHeaders(fail(failures.injected(plan.answer.status ?? 500), meta()), allowOrigin)

    const arrival = { now: now(), clientAddress: clientAddress(socketAddress, request.headers, trustProxy) }
    let response: Response
    try {
      response = ok(await handle(request, { router, keys, replay, maxBodyBytes }, arrival), meta())
    } catch (error) {
      response = fail(toFailure(error, requestId, log), meta())
    }
    if (plan.latencyAfterMs > 0) await new Promise((resolve) => setTimeout(resolve, plan.latencyAfterMs))
    if (plan.drop === 'after') throw new DroppedConnection('after')
    return withHeaders(response, allowOrigin)
  }

  return {
    fetch: (input, init) => serve(input instanceof Request ? input : new Request(input, init), init?.clientAddress),
    router,
    keys,
    accounts,
    replay,
    faults,
    work,
    market,
    serviceName: platform.serviceName,
    maxBodyBytes,
    now,
    refuseMethod: (method, path) =>
      method === 'OPTIONS' || SERVED_METHODS.includes(method) ? undefined : fail(failures.methodNotAllowed(method, path, SERVED_METHODS), nextMeta()()),
  }
}
