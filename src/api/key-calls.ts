// The calls on the key a core signs with: what it is, its rotation and onboarding (with the browser
// guard). The methods of ExchangeClient and the functions of exchange-client/keys are these.
import { hideSecret } from '../auth/hidden-secret.ts'
import { accessOf } from '../core-access.ts'
import { refuseSecretTextInBrowser } from '../onboarding/browser-guard.ts'
import { onboardVia, type OnboardParams } from '../onboarding/onboard.ts'
import { keysOperations, type KeyInfo, type OnboardedKey, type RotatedKey } from './keys.ts'
import { operationFunction, type CallOptions, type OperationBinder } from './operation.ts'

const rotateOperation = /* @__PURE__ */ operationFunction('keys', keysOperations, 'rotate')
const keyInfoOperation = /* @__PURE__ */ operationFunction('keys', keysOperations, 'getKeyInfo')

/**
 * Issues a new secret for the core's key, and the core signs with it from now on. Keep the returned
 * secret (`secretKey.reveal()`): it is shown once. In a page, needs `dangerouslyAllowBrowser`.
 */
export async function rotate(core: OperationBinder, options?: CallOptions): Promise<RotatedKey> {
  const { dangerouslyAllowBrowser, useCredentials } = accessOf(core)
  refuseSecretTextInBrowser(dangerouslyAllowBrowser, 'rotate the key (the new secret arrives as text)')
  const rotated = await rotateOperation(core, options)
  useCredentials(rotated.apiKey, rotated.secretKey)
  return hideSecret(rotated)
}

/** What the core's key is and may do: permissions, expiry, the bound account. */
export async function getKeyInfo(core: OperationBinder, options?: CallOptions): Promise<KeyInfo> {
  accessOf(core) // a core, as rotate() takes: the key calls refuse anything else alike
  return keyInfoOperation(core, options)
}

/**
 * Mints a key from a wallet signature over `<serviceName> - login - <server time>`, through the
 * core; with `use: true` the core signs with it from now on.
 */
export async function onboardWith(core: OperationBinder, params: OnboardParams & { use?: boolean }): Promise<OnboardedKey> {
  const { transport, serviceName, dangerouslyAllowBrowser, useCredentials } = accessOf(core)
  const key = await onboardVia(transport, serviceName, params, dangerouslyAllowBrowser)
  if (params.use === true) useCredentials(key.apiKey, key.secretKey)
  return key
}
