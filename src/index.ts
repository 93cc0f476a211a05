export { ExchangeClient, ExchangeCore, DEFAULT_SERVICE_NAME, type ExchangeClientOptions } from './client.ts'
export { ServerClock } from './auth/clock.ts'
export { API_KEY_PATTERN, SECRET_KEY_PATTERN } from './auth/credentials.ts'
export { signingPayload, importSecretKey, hmacHex, type SignFunction } from './auth/signer.ts'
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
} from './transport/errors.ts'
export type { Envelope } from './transport/envelope.ts'
export type { RequestSpec, QueryValue, TransportOptions } from './transport/http.ts'
export type { RetryOptions } from './transport/retry.ts'
export type { Operation, Permission, PathSource, CallOptions, Api } from './api/operation.ts'
export { systemOperations, type ServerTime, type SystemHealth, type SystemInfo, type SystemStatus } from './api/system.ts'
export type { ApiGroup, ResponseChecking, ResponseSchemas, ResponseTable, OperationBinder } from './api/operation.ts'
export { paginate } from './api/paginate.ts'
export { operationCatalog, type CatalogSection } from './api/catalog.ts'
export { realServiceRoutes } from './api/real-service-routes.ts'
export type { Routes } from './api/routes.ts'
export type { Route } from './api/operation.ts'
export type { Data, Page, CursorPage, OffsetPage, Items, Pagination, Kline, MarketInput, PageQuery, LimitQuery } from './api/schemas.ts'
export { accountApi, accountOperations } from './api/account.ts'
export type * from './api/account.ts'
export { perpApi, perpOperations, type PerpApi } from './api/perp/index.ts'
export type * from './api/perp/market-data.ts'
export type * from './api/perp/trading.ts'
export type * from './api/perp/positions.ts'
export type * from './api/perp/history.ts'
export type * from './api/common/market-data.ts'
export type * from './api/common/orders.ts'
export { TIMESTAMP_TOLERANCE_MS, RECONCILE_MARGIN_MS, type Reconciliation, type ReconcileOptions } from './api/common/reconcile.ts'
export { spotApi, spotOperations, type SpotApi } from './api/spot/index.ts'
export type * from './api/spot/market-data.ts'
export type * from './api/spot/trading.ts'
export type * from './api/spot/balances.ts'
export { predictionApi, predictionOperations, type PredictionApi, type FindPredictionOrderInput } from './api/prediction/index.ts'
export type * from './api/prediction/schemas.ts'
export type * from './api/prediction/discovery.ts'
export type * from './api/prediction/markets.ts'
export type * from './api/prediction/user.ts'
export type * from './api/prediction/trading.ts'
export type * from './api/prediction/oracle.ts'
export { championshipApi, championshipOperations } from './api/championship.ts'
export type * from './api/championship.ts'
export {
  keysOperations,
  onboardingOperations,
  type KeyInfo,
  type KeyPermissions,
  type OnboardedKey,
  type OnboardRequest,
  type RotatedKey,
  type WalletType,
} from './api/keys.ts'
export { onboard, SIGNING_WINDOW_MS, type OnboardOptions, type OnboardParams } from './onboarding/onboard.ts'
export { loginMessage, parseLoginMessage, LOGIN_WINDOW_MS, type LoginMessage } from './onboarding/message.ts'
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
export { inBrowser } from './onboarding/browser-guard.ts'
export { IssuedSecret } from './auth/hidden-secret.ts'
