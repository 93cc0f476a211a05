// The calls on the key a core signs with: what it is (with the browser guard) and its rotation. The
// methods of ExchangeClient and the functions of exchange-client/keys are these.
import { hideSecret } from '../auth/hidden-secret.ts'
import { accessOf } from '../core-access.ts'
import { refuseTradingKeyInBrowser } from '../onboarding/browser-guard.ts'
import { onboardVia, type OnboardParams } from '../onboarding/onboard.ts'
import { keysOperations, type KeyInfo, type OnboardedKey, type RotatedKey } from './keys.ts'
import { operationFunction, type CallOptions, type OperationBinder } from './operation.ts'

const rotateOperation = /* @__PURE__ */ operationFunction('keys', keysOperations, 'rotate')
const keyInfoOperation = /* @__PURE__ */ operationFunction('keys', keysOperations, 'getKeyInfo')

/** Issues a new secret for the core's key, and the core signs with it from now on. Keep the returned secret: it is shown once. */
export async function rotate(core: OperationBinder, options?: CallOptions): Promise<RotatedKey> {
  const rotated = await rotateOperation(core, options)
  accessOf(core).useCredentials(rotated.apiKey, rotated.secretKey)
  return hideSecret(rotated)
}

/**
 * What the core's key is and may do: permissions, expiry, the bound account. In a browser, a key that
 * can trade is refused (and dropped from the core) unless `allowTradingKeyInBrowser` is set.
 */
export async function getKeyInfo(core: OperationBinder, options?: CallOptions): Promise<KeyInfo> {
  const info = await keyInfoOperation(core, options)
  const { allowTradingKeyInBrowser, useCredentials } = accessOf(core)
  try {
    refuseTradingKeyInBrowser(info.permissions, allowTradingKeyInBrowser)
  } catch (refusal) {
    useCredentials()
    throw refusal
  }
  return info
}

/**
 * Mints a key from a wallet signature over `<serviceName> - login - <server time>`, through the
 * core; with `use: true` the core signs with it from now on.
 */
export async function onboardWith(core: OperationBinder, params: OnboardParams & { use?: boolean }): Promise<OnboardedKey> {
  const { transport, serviceName, allowTradingKeyInBrowser, useCredentials } = accessOf(core)
  const key = await onboardVia(transport, serviceName, params, allowTradingKeyInBrowser)
  if (params.use === true) useCredentials(key.apiKey, key.secretKey)
  return key
}
