// The reference exchange: a local, spec-faithful 1024 Exchange for tests, demos and offline work.
// No Node built-ins here: it runs wherever `fetch`'s Request and Response exist.
export { createReferenceExchange, type ReferenceExchange, type ReferenceExchangeOptions, type ExchangeFetchInit } from './exchange.ts'
export { SeedSchema, parseSeed, type Seed, type ParsedSeed } from './seed.ts'
export { Router, ApiFailure, type ExchangeModule, type Route, type RouteAuth, type RouteContext, type Caller, type Handler } from './http/router.ts'
export { KeyStore, MINTED_KEY_PREFIX, type ApiKeyRecord, type KeyPermission, type KeyStatus, type NewKey } from './auth/keys.ts'
export { ReplayGuard, TIMESTAMP_TOLERANCE_MS, MIN_REPLAY_WINDOW_MS } from './auth/replay.ts'
export { AccountBook, type Account, type WalletType } from './accounts.ts'
export { Faults, DroppedConnection, type Fault, type FaultRule, type FaultEffect, type FaultMatch, type FaultTarget } from './faults/faults.ts'
export { PERM_NO_WITHDRAW } from './http/failures.ts'
export { DEFAULT_POLICY, type MarketPolicy } from './market/index.ts'
export { ONBOARDING_TOLERANCE_MS } from './onboarding/module.ts'
