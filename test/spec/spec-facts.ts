/**
 * Facts of /work/shared/SPEC.md as test data, each with the section it comes from. Pure data: no
 * imports, so that both the SDK's tests and the reference exchange's tests can hold their code against
 * the spec rather than against each other. Copy a fact here only when the spec states it; what the spec
 * marks "not shown" does not belong here.
 */

export type SpecMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** The methods the signing payload names (SPEC "Signing payload", part 2). */
export const SPEC_METHODS: readonly SpecMethod[] = ['GET', 'POST', 'DELETE', 'PUT']

/** Every path prefix carries the version (SPEC "Versioning"). */
export const SPEC_PATH_PREFIX = '/api/v1/'

export interface SpecPathOperation {
  /** The spec's group: the heading in "Endpoints" it is listed under. */
  readonly group: string
  readonly method: SpecMethod
  /** `:name` marks a path parameter (SPEC "Endpoints"). */
  readonly path: string
}

/**
 * Every operation the spec gives a method and a path for (SPEC "Endpoints": "Authentication-related" and
 * "Endpoint index"). GET /api/v1/system/time is listed in both the authentication table and System; it
 * appears once here, under System.
 */
export const SPEC_PATH_OPERATIONS: readonly SpecPathOperation[] = [
  // SPEC "Endpoints" > "Authentication-related"
  { group: 'Authentication-related', method: 'POST', path: '/api/v1/oauth/onboard' },
  { group: 'Authentication-related', method: 'POST', path: '/api/v1/accounts/me/api-key/rotate' },
  { group: 'Authentication-related', method: 'GET', path: '/api/v1/accounts/me/api-key/introspect' },

  // SPEC "Endpoint index" > System
  { group: 'System', method: 'GET', path: '/api/v1/system/health' },
  { group: 'System', method: 'GET', path: '/api/v1/system/info' },
  { group: 'System', method: 'GET', path: '/api/v1/system/status' },
  { group: 'System', method: 'GET', path: '/api/v1/system/time' },

  // SPEC "Endpoint index" > Account
  { group: 'Account', method: 'GET', path: '/api/v1/account/api-keys' },
  { group: 'Account', method: 'GET', path: '/api/v1/account/api-keys/:id' },
  { group: 'Account', method: 'GET', path: '/api/v1/account/deposits' },
  { group: 'Account', method: 'POST', path: '/api/v1/account/deposits' },
  { group: 'Account', method: 'GET', path: '/api/v1/account/onchain-status' },
  { group: 'Account', method: 'GET', path: '/api/v1/account/overview' },
  { group: 'Account', method: 'GET', path: '/api/v1/account/perp/margin' },
  { group: 'Account', method: 'GET', path: '/api/v1/account/perp/trading-stats' },
  { group: 'Account', method: 'GET', path: '/api/v1/account/spot/summary' },
  { group: 'Account', method: 'GET', path: '/api/v1/account/withdrawals' },
  { group: 'Account', method: 'POST', path: '/api/v1/account/withdrawals' },

  // SPEC "Endpoint index" > Perp Market Data (all GET)
  { group: 'Perp Market Data', method: 'GET', path: '/api/v1/perp/insurance-fund' },
  { group: 'Perp Market Data', method: 'GET', path: '/api/v1/perp/markets' },
  { group: 'Perp Market Data', method: 'GET', path: '/api/v1/perp/markets/:market' },
  { group: 'Perp Market Data', method: 'GET', path: '/api/v1/perp/markets/:market/funding-history' },
  { group: 'Perp Market Data', method: 'GET', path: '/api/v1/perp/markets/:market/funding-rate' },
  { group: 'Perp Market Data', method: 'GET', path: '/api/v1/perp/markets/:market/index-price' },
  { group: 'Perp Market Data', method: 'GET', path: '/api/v1/perp/markets/:market/klines' },
  { group: 'Perp Market Data', method: 'GET', path: '/api/v1/perp/markets/:market/mark-price' },
  { group: 'Perp Market Data', method: 'GET', path: '/api/v1/perp/markets/:market/open-interest' },
  { group: 'Perp Market Data', method: 'GET', path: '/api/v1/perp/markets/:market/orderbook' },
  { group: 'Perp Market Data', method: 'GET', path: '/api/v1/perp/markets/:market/ticker' },
  { group: 'Perp Market Data', method: 'GET', path: '/api/v1/perp/markets/:market/trades' },

  // SPEC "Endpoint index" > Perp Trading
  { group: 'Perp Trading', method: 'GET', path: '/api/v1/perp/orders' },
  { group: 'Perp Trading', method: 'POST', path: '/api/v1/perp/orders' },
  { group: 'Perp Trading', method: 'POST', path: '/api/v1/perp/orders/batch' },
  { group: 'Perp Trading', method: 'DELETE', path: '/api/v1/perp/orders/batch' },
  { group: 'Perp Trading', method: 'GET', path: '/api/v1/perp/orders/:id' },
  { group: 'Perp Trading', method: 'PUT', path: '/api/v1/perp/orders/:id' },
  { group: 'Perp Trading', method: 'DELETE', path: '/api/v1/perp/orders/:id' },

  // SPEC "Endpoint index" > Perp Positions
  { group: 'Perp Positions', method: 'GET', path: '/api/v1/perp/positions' },
  { group: 'Perp Positions', method: 'GET', path: '/api/v1/perp/positions/:market' },
  { group: 'Perp Positions', method: 'POST', path: '/api/v1/perp/positions/:market/close' },
  { group: 'Perp Positions', method: 'GET', path: '/api/v1/perp/positions/:market/leverage' },
  { group: 'Perp Positions', method: 'PUT', path: '/api/v1/perp/positions/:market/leverage' },
  { group: 'Perp Positions', method: 'POST', path: '/api/v1/perp/positions/:market/margin' },
  { group: 'Perp Positions', method: 'POST', path: '/api/v1/perp/positions/:market/tpsl' },
  { group: 'Perp Positions', method: 'PUT', path: '/api/v1/perp/positions/:market/tpsl' },
  { group: 'Perp Positions', method: 'DELETE', path: '/api/v1/perp/positions/:market/tpsl' },

  // SPEC "Endpoint index" > Perp History (all GET, each under /api/v1/perp/history)
  { group: 'Perp History', method: 'GET', path: '/api/v1/perp/history/funding' },
  { group: 'Perp History', method: 'GET', path: '/api/v1/perp/history/liquidations' },
  { group: 'Perp History', method: 'GET', path: '/api/v1/perp/history/orders' },
  { group: 'Perp History', method: 'GET', path: '/api/v1/perp/history/pnl' },
  { group: 'Perp History', method: 'GET', path: '/api/v1/perp/history/trades' },

  // SPEC "Endpoint index" > Spot Market Data (all GET)
  { group: 'Spot Market Data', method: 'GET', path: '/api/v1/spot/markets' },
  { group: 'Spot Market Data', method: 'GET', path: '/api/v1/spot/markets/:market' },
  { group: 'Spot Market Data', method: 'GET', path: '/api/v1/spot/markets/:market/klines' },
  { group: 'Spot Market Data', method: 'GET', path: '/api/v1/spot/markets/:market/orderbook' },
  { group: 'Spot Market Data', method: 'GET', path: '/api/v1/spot/markets/:market/ticker' },
  { group: 'Spot Market Data', method: 'GET', path: '/api/v1/spot/markets/:market/trades' },
  { group: 'Spot Market Data', method: 'GET', path: '/api/v1/spot/tokens' },
  { group: 'Spot Market Data', method: 'GET', path: '/api/v1/spot/tokens/:symbol' },

  // SPEC "Endpoint index" > Spot Trading
  { group: 'Spot Trading', method: 'GET', path: '/api/v1/spot/orders' },
  { group: 'Spot Trading', method: 'POST', path: '/api/v1/spot/orders' },
  { group: 'Spot Trading', method: 'POST', path: '/api/v1/spot/orders/batch' },
  { group: 'Spot Trading', method: 'DELETE', path: '/api/v1/spot/orders/batch' },
  { group: 'Spot Trading', method: 'GET', path: '/api/v1/spot/orders/:id' },
  { group: 'Spot Trading', method: 'PUT', path: '/api/v1/spot/orders/:id' },
  { group: 'Spot Trading', method: 'DELETE', path: '/api/v1/spot/orders/:id' },

  // SPEC "Endpoint index" > Spot Balances
  { group: 'Spot Balances', method: 'GET', path: '/api/v1/spot/balances' },
  { group: 'Spot Balances', method: 'GET', path: '/api/v1/spot/balances/:token' },

  // SPEC "Endpoint index" > Spot History
  { group: 'Spot History', method: 'GET', path: '/api/v1/spot/history/orders' },
  { group: 'Spot History', method: 'GET', path: '/api/v1/spot/history/trades' },
]

export interface SpecNamedOperation {
  /** The spec's group. */
  readonly group: string
  /** The spec's wording, one operation per entry (lists such as "match history, orders, …" split up). */
  readonly name: string
  readonly method: SpecMethod
}

/**
 * The operations the spec names with a method but no path (SPEC "Endpoint index" > "Named operations
 * without a path given"). Their paths are "not shown" (SPEC, same section, last paragraph).
 */
export const SPEC_NAMED_OPERATIONS: readonly SpecNamedOperation[] = [
  // Prediction Discovery
  { group: 'Prediction Discovery', name: 'list categories with counts', method: 'GET' },
  { group: 'Prediction Discovery', name: 'list markets with optional filtering', method: 'GET' },
  { group: 'Prediction Discovery', name: 'list active markets', method: 'GET' },
  { group: 'Prediction Discovery', name: 'list markets ending soon', method: 'GET' },
  { group: 'Prediction Discovery', name: 'list recently created markets', method: 'GET' },
  { group: 'Prediction Discovery', name: 'list trending markets by volume', method: 'GET' },
  { group: 'Prediction Discovery', name: 'search markets', method: 'GET' },
  { group: 'Prediction Discovery', name: 'list popular tags', method: 'GET' },

  // Prediction Markets
  { group: 'Prediction Markets', name: 'create a prediction market', method: 'POST' },
  { group: 'Prediction Markets', name: 'batch get market prices', method: 'POST' },
  { group: 'Prediction Markets', name: 'get market details', method: 'GET' },
  { group: 'Prediction Markets', name: 'get all outcome depths', method: 'GET' },
  { group: 'Prediction Markets', name: 'get depth for one outcome', method: 'GET' },
  { group: 'Prediction Markets', name: 'get K-line data', method: 'GET' },
  { group: 'Prediction Markets', name: 'get order book', method: 'GET' },
  { group: 'Prediction Markets', name: 'get market orders', method: 'GET' },
  { group: 'Prediction Markets', name: 'get market outcomes for multi-outcome markets', method: 'GET' },
  { group: 'Prediction Markets', name: 'get price balance, a CTF constraint check', method: 'GET' },
  { group: 'Prediction Markets', name: 'get price history', method: 'GET' },
  { group: 'Prediction Markets', name: 'get market statistics', method: 'GET' },
  { group: 'Prediction Markets', name: 'get market trades', method: 'GET' },

  // Prediction User (all GET)
  { group: 'Prediction User', name: 'get activity feed', method: 'GET' },
  { group: 'Prediction User', name: 'get market match statistics', method: 'GET' },
  { group: 'Prediction User', name: 'get global match history', method: 'GET' },
  { group: 'Prediction User', name: "get current user's match history", method: 'GET' },
  { group: 'Prediction User', name: "get current user's orders", method: 'GET' },
  { group: 'Prediction User', name: "get current user's positions", method: 'GET' },
  { group: 'Prediction User', name: "get current user's statistics", method: 'GET' },
  { group: 'Prediction User', name: "get current user's trades", method: 'GET' },

  // Prediction Trading (all POST)
  { group: 'Prediction Trading', name: 'batch cancel orders', method: 'POST' },
  { group: 'Prediction Trading', name: 'cancel all orders', method: 'POST' },
  { group: 'Prediction Trading', name: 'cancel a single order', method: 'POST' },
  { group: 'Prediction Trading', name: 'claim winnings after resolution', method: 'POST' },
  { group: 'Prediction Trading', name: 'mint complete set', method: 'POST' },
  { group: 'Prediction Trading', name: 'claim multi-outcome winnings', method: 'POST' },
  { group: 'Prediction Trading', name: 'mint multi-outcome complete set', method: 'POST' },
  { group: 'Prediction Trading', name: 'place multi-outcome order', method: 'POST' },
  { group: 'Prediction Trading', name: 'redeem multi-outcome complete set', method: 'POST' },
  { group: 'Prediction Trading', name: 'place a limit order', method: 'POST' },
  { group: 'Prediction Trading', name: 'redeem complete set', method: 'POST' },

  // Championship (all GET)
  { group: 'Championship', name: 'list championships', method: 'GET' },
  { group: 'Championship', name: 'championship detail', method: 'GET' },
  { group: 'Championship', name: 'leaderboard', method: 'GET' },
  { group: 'Championship', name: 'user rank', method: 'GET' },
  { group: 'Championship', name: 'top-3 hero data', method: 'GET' },

  // Prediction Oracle
  { group: 'Prediction Oracle', name: 'get oracle configuration for a market', method: 'GET' },
  { group: 'Prediction Oracle', name: 'get current proposal for a market', method: 'GET' },
  { group: 'Prediction Oracle', name: 'get LLM oracle research data for a market', method: 'GET' },
  { group: 'Prediction Oracle', name: 'challenge a proposed result', method: 'POST' },
  { group: 'Prediction Oracle', name: 'finalize a market result after the challenge period', method: 'POST' },
]

/** Every operation the spec lists: with a method and a path, and named with a method only (SPEC "Endpoints"). */
export const SPEC_OPERATION_COUNT: number = SPEC_PATH_OPERATIONS.length + SPEC_NAMED_OPERATIONS.length

/** The authentication-related ones (SPEC "Endpoints" > "Authentication-related"): onboarding, rotation, introspection. */
export const SPEC_AUTH_OPERATION_COUNT: number = SPEC_PATH_OPERATIONS.filter((op) => op.group === 'Authentication-related').length

/** Groups the spec names without listing any operation (SPEC "Endpoint index", last list). */
export const SPEC_GROUPS_WITHOUT_OPERATIONS: readonly string[] = [
  'Market Data', 'Trading', 'Positions', 'Advanced Orders', 'Funds', 'History', 'Delegation', 'Fund', 'Vault',
  'Exchange API Keys', 'Referral',
]

export interface SpecAuthCode {
  readonly name: string
  readonly number: number
  readonly condition: string
}

/** Every authentication error code (SPEC "Errors"; the same numbers in "Timestamp, replay and permissions"). */
export const SPEC_AUTH_CODES: readonly SpecAuthCode[] = [
  { name: 'AUTH_MISSING', number: 11001, condition: 'one of the three headers is absent' },
  { name: 'AUTH_INVALID_KEY', number: 11002, condition: 'key unknown, revoked or inactive' },
  {
    name: 'AUTH_INVALID_SIGNATURE',
    number: 11003,
    condition: 'payload built wrongly: query string signed, body re-serialized, lowercase method, or a clock that has drifted',
  },
  { name: 'AUTH_TIMESTAMP_EXPIRED', number: 11004, condition: 'timestamp more than 30 s from server time' },
  { name: 'AUTH_KEY_EXPIRED', number: 11007, condition: 'key past its expiry' },
  { name: 'AUTH_NO_ACCOUNT', number: 11010, condition: 'key exists but no account is bound' },
  { name: 'AUTH_REPLAY_DETECTED', number: 11013, condition: 'same signature sent again within the window' },
  { name: 'PERM_NO_TRADING', number: 11101, condition: 'key lacks trade permission' },
  { name: 'PERM_NO_READ', number: 11102, condition: 'key lacks read permission' },
  { name: 'PERM_IP_NOT_ALLOWED', number: 11107, condition: "caller address not on the key's allowlist" },
]

/**
 * Credential formats (SPEC "Resources and their fields" > "API credential"; SPEC "Limits").
 * API key: `<key_prefix>_<64 hex chars>`, 69 characters, the prefix 4 characters. The spec does not say
 * the case of the key's hex; the secret's is lowercase.
 */
export const SPEC_CREDENTIALS = {
  apiKey: { prefixLength: 4, separator: '_', hexLength: 64, totalLength: 69 },
  secret: { length: 64, alphabet: '0123456789abcdef' },
} as const

/** Time windows in milliseconds (SPEC "Timestamp, replay and permissions", "Obtaining a key", "Limits"). */
export const SPEC_WINDOWS = {
  /** An authenticated call's timestamp may differ from server time by at most 30 s; beyond: 11004. */
  timestampToleranceMs: 30_000,
  /** A signature is single-use within "about 35 seconds": the spec gives no exact figure. */
  singleUseWindowApproxMs: 35_000,
  /** The onboarding timestamp must be within 300 s of server time. */
  onboardingToleranceMs: 300_000,
} as const

/** The onboarding request body: exactly these five fields (SPEC "Onboarding request body (JSON)"). */
export const SPEC_ONBOARDING_FIELDS: readonly string[] = ['walletAddress', 'walletType', 'message', 'signature', 'timestamp']

/**
 * The login message starts with `<service_name> - login - ` and ends with the body's timestamp
 * (SPEC "Onboarding request body"; "Obtaining a key" rule 2).
 */
export const SPEC_LOGIN_MESSAGE = { prefixAfterServiceName: ' - login - ', endsWith: 'timestamp' } as const

/** Permissions of a key minted by onboarding: read and trade, never withdraw (SPEC "API credential", "Obtaining a key"). */
export const SPEC_ONBOARDED_PERMISSIONS: readonly string[] = ['read', 'trade']

/** Request headers (SPEC "Request headers"). All three are required on an authenticated call. */
export const SPEC_HEADERS = {
  apiKey: 'X-API-KEY',
  apiKeyLegacyAlias: 'X-TRADING-API-KEY',
  /** UTC milliseconds, base-10 ASCII digits. */
  timestamp: 'X-TIMESTAMP',
  /** Lowercase hex of HMAC-SHA256(secret, payload). */
  signature: 'X-SIGNATURE',
  /** Sent when there is a body. */
  contentType: { name: 'Content-Type', value: 'application/json' },
} as const

/**
 * The signing payload: these parts concatenated byte-wise, no separators, no re-serialization, no URL
 * encoding (SPEC "Signing payload"). PATH is the path only, the query string is not signed; BODY is the
 * raw bytes sent, the empty string when there is no body.
 */
export const SPEC_SIGNING_PAYLOAD_PARTS: readonly string[] = ['timestamp', 'METHOD', 'PATH', 'BODY']
