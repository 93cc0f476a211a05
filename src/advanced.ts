// `exchange-client/advanced`: the parts under the client, for those who build on them: the signing
// rule and HMAC helpers (to sign on a backend, or check a signature), the server-clock estimator, and
// the operation descriptors with the code that turns them into methods and functions.
export { signingPayload, importSecretKey, hmacHex, type SignFunction } from './auth/signer.ts'
export { ServerClock } from './auth/clock.ts'
export { Stamper } from './auth/stamper.ts'
export {
  operation,
  type Api,
  type ApiGroup,
  type HttpMethod,
  type Operation,
  type OperationBinder,
  type OperationFunction,
  type OperationMethod,
  type PathSource,
  type Permission,
  type ResponseChecking,
  type ResponseSchemas,
  type ResponseTable,
  type Route,
} from './api/operation.ts'
export { bind, operationFunction } from './areas/call.ts'
export { operationCatalog, type CatalogSection } from './api/catalog.ts'
export { systemOperations } from './api/system.ts'
export { accountOperations } from './api/account.ts'
export { perpOperations } from './api/perp/index.ts'
export { spotOperations } from './api/spot/index.ts'
export { predictionOperations } from './api/prediction/index.ts'
export { championshipOperations } from './api/championship.ts'
export { keysOperations, onboardingOperations } from './api/keys.ts'
