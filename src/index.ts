// The root entry: what a user calls (the client and its core, onboarding and wallet signers, the
// credential store, errors and their guards) and every type. The parts under the client live in
// `exchange-client/advanced`; one function per operation in `exchange-client/perp`, `/spot`, ….
// test/api/root-exports.test.ts lists the values exported here.
export { ExchangeClient, ExchangeCore, type ExchangeClientOptions, type ExchangeCoreOptions } from './client.ts'
export { withKey, type KeyOptions } from './with-key.ts'
export type { ClockReading } from './auth/clock-reading.ts'
export type { SignFunction } from './auth/signer.ts'
export {
  AUTH_ERROR_CODES,
  ExchangeError,
  ExchangeApiError,
  ExchangeValidationError,
  ExchangeResponseError,
  ExchangeNetworkError,
  ExchangeRedirectError,
  OrderOutcomeUnknownError,
  OnboardingOutcomeUnknownError,
  SigningCancelledError,
  SigningFailedError,
  SigningTimeoutError,
  isExchangeError,
  type AuthErrorCode,
  type NetworkErrorCode,
  type SigningDiagnostics,
  type ExchangeErrorKind,
  type ValidationIssue,
} from './errors.ts'
export type { Envelope } from './transport/envelope.ts'
export type { RequestSpec, QueryValue, TransportOptions } from './transport/http.ts'
export type { RetryOptions } from './transport/retry.ts'
export type { Operation, Permission, PathSource, CallOptions, Api, OperationFunction } from './api/operation.ts'
export type { ServerTime, SystemHealth, SystemInfo, SystemStatus } from './api/system.ts'
export type { ApiGroup, ResponseChecking, ResponseSchemas, ResponseTable, OperationBinder } from './api/operation.ts'
export { paginate } from './api/paginate.ts'
export { watch, type WatchOptions, type WatchedRead } from './watch.ts'
export { realServiceRoutes } from './api/real-service-routes.ts'
export type { Routes } from './api/routes.ts'
export type { Route } from './api/operation.ts'
export type { MarketInput, PageQuery, LimitQuery } from './api/schemas.ts'
export type { CursorPage, Items, Kline, OffsetPage, Page, Pagination } from './api/response-shapes.ts'
export type * from './api/account.ts'
export type { PerpApi } from './areas/perp.ts'
export type * from './api/perp/market-data.ts'
export type * from './api/perp/trading.ts'
export type * from './api/perp/positions.ts'
export type * from './api/perp/history.ts'
export type * from './api/common/market-data.ts'
export type * from './api/common/orders.ts'
export type { Reconciliation, ReconcileOptions } from './api/common/reconcile.ts'
export type { SpotApi } from './areas/spot.ts'
export type * from './api/spot/market-data.ts'
export type * from './api/spot/trading.ts'
export type * from './api/spot/balances.ts'
export type { PredictionApi } from './areas/prediction.ts'
export type { FindPredictionOrderInput } from './api/prediction/lookups.ts'
export type * from './api/prediction/schemas.ts'
export type * from './api/prediction/discovery.ts'
export type * from './api/prediction/markets.ts'
export type * from './api/prediction/user.ts'
export type * from './api/prediction/trading.ts'
export type * from './api/prediction/oracle.ts'
export type * from './api/championship.ts'
export type { KeyInfo, KeyPermissions, OnboardedKey, OnboardRequest, RotatedKey, WalletType } from './api/keys.ts'
export { onboard, type OnboardOptions, type OnboardParams } from './onboarding/onboard.ts'
export { loginMessage, type LoginMessage } from './onboarding/message.ts'
export type { WalletSigner } from './onboarding/signers/types.ts'
export { eip1193Signer, type Eip1193Provider } from './onboarding/signers/eip1193.ts'
export { viemSigner, type ViemAccountLike, type ViemWalletClientLike } from './onboarding/signers/viem.ts'
export { ethersSigner, type EthersSignerLike } from './onboarding/signers/ethers.ts'
export { solanaSigner, type SolanaWalletLike } from './onboarding/signers/solana.ts'
export { isUserRejection } from './onboarding/signers/rejection.ts'
export {
  credentialStore,
  type CredentialMetadata,
  type CredentialStore,
  type CredentialStoreOptions,
  type CredentialToSave,
  type StoredCredential,
} from './onboarding/credential-store.ts'
export { IssuedSecret } from './auth/hidden-secret.ts'
export { ExchangeKeyRotationError } from './api/key-rotation-error.ts'
export { ExchangeOnboardingAnswerError } from './api/onboarding-answer-error.ts'
