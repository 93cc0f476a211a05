// The reference exchange: a local, spec-faithful 1024 Exchange for tests, demos and offline work.
// No Node built-ins here: it runs wherever `fetch`'s Request and Response exist. It shares no code
// with the SDK: both are written from the service's specification (test/architecture/independence.test.ts holds the line).
export { createReferenceExchange, type ReferenceExchange, type ReferenceExchangeOptions, type ExchangeFetchInit } from './exchange.ts'
export { SeedSchema, parseSeed, type Seed, type ParsedSeed } from './seed.ts'
export { ReferenceExchangeError } from './setup-error.ts'
export { Router, ApiFailure, SERVED_METHODS, PARAM_FORMATS, type ExchangeModule, type Route, type RouteAuth, type RouteContext, type Caller, type Handler } from './http/router.ts'
export { KeyStore, MINTED_KEY_PREFIX, type ApiKeyRecord, type KeyPermission, type KeyStatus, type NewKey } from './auth/keys.ts'
export { ReplayGuard, TIMESTAMP_TOLERANCE_MS, DEFAULT_MAX_SIGNATURES, type Admission } from './auth/replay.ts'
export { AUTH_CODES, SPEC_AUTH_CODES, OWN_AUTH_CODES, type AuthCode } from './auth/codes.ts'
export { AccountBook, type Account, type WalletType } from './accounts.ts'
export { Faults, DroppedConnection, type Fault, type FaultRule, type FaultEffect, type FaultMatch, type FaultTarget } from './faults/faults.ts'
export { DEFAULT_SERVICE_NAME, ONBOARDING_TOLERANCE_MS } from './onboarding/login-message.ts'
export { DEFAULT_POLICY, type MarketPolicy } from './market/index.ts'
