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
  OrderOutcomeUnknownError,
  isExchangeError,
  type AuthErrorCode,
  type ExchangeErrorKind,
} from './transport/errors.ts'
export type { Envelope } from './transport/envelope.ts'
export type { RequestSpec, QueryValue, TransportOptions } from './transport/http.ts'
export type { RetryOptions } from './transport/retry.ts'
export type { Operation, Permission, PathSource, CallOptions, Api } from './api/operation.ts'
export { systemOperations, type ServerTime, type SystemHealth, type SystemInfo, type SystemStatus } from './api/system.ts'
