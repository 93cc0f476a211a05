// The calls on the key a core signs with: what it is, its rotation and onboarding (with the browser
// guard). The methods of ExchangeClient and the functions of exchange-client/keys are these.
import { hideIssued } from './auth/hidden-secret.ts'
import { accessOf, type CoreAccess } from './core-access.ts'
import { refuseSecretTextInBrowser } from './auth/browser-guard.ts'
import { onboardVia, type OnboardParams } from './onboarding/onboard.ts'
import { keysOperations, rotationAnswers, type KeyInfo, type OnboardedKey, type RotatedKey } from './api/keys.ts'
import { ExchangeKeyRotationError } from './api/key-rotation-error.ts'
import { checkResponse, type CallOptions, type OperationBinder } from './api/operation.ts'
import { groupMethods } from './areas/call.ts'
import { installKey } from './with-key.ts'

/** A key operation, sent through the core as a group's method is (the core's `keys.` routes and response checks apply). */
const keyCall = (access: CoreAccess, name: 'rotate' | 'getKeyInfo', options: CallOptions | undefined): Promise<unknown> =>
  groupMethods(access, 'keys', { [name]: keysOperations[name] }, 'part')[name]!(options)

/**
 * Issues a new secret for the core's key, and the core signs with it from now on. Keep the returned
 * secret (`secretKey.reveal()`): it is shown once. In a page, needs `dangerouslyAllowBrowser`. Once
 * the service has answered, its secret is never lost: an answer the client cannot use as it is (a
 * masked or missing key, a malformed secret, a schema that fails under `validateResponses`) throws
 * an `ExchangeKeyRotationError` holding it, and the client switches only to a whole pair.
 */
export async function rotate(core: OperationBinder, options?: CallOptions): Promise<RotatedKey> {
  const access = accessOf(core)
  const { dangerouslyAllowBrowser } = access
  refuseSecretTextInBrowser(dangerouslyAllowBrowser, 'rotate the key (the new secret arrives as text)')
  // A fresh object per call, the key its answer is kept under (the caller's options may be reused).
  const call: CallOptions = { signal: options?.signal, timeoutMs: options?.timeoutMs, totalTimeoutMs: options?.totalTimeoutMs }
  let reason: string | undefined
  try {
    await keyCall(access, 'rotate', call)
  } catch (error) {
    // No answer, or a refusal: no new secret came.
    if (!rotationAnswers.has(call)) throw error
    reason = (error as Error).message
  }
  const answer = rotationAnswers.get(call)
  rotationAnswers.delete(call)
  const { apiKey, secretKey } = Object(answer) as Record<string, unknown>
  const secret = hideIssued(secretKey)
  let inUse = false
  try {
    if (typeof apiKey !== 'string' || !secret) throw new Error(`no ${secret ? 'apiKey' : 'secretKey'}`)
    installKey(access, { apiKey, secretKey: secret }, false)
    inUse = true
  } catch (error) {
    reason = reason ? `${reason}; ${(error as Error).message}` : (error as Error).message
  }
  if (reason) throw new ExchangeKeyRotationError(secret, inUse, reason, answer)
  return { ...(answer as RotatedKey), secretKey: secret! }
}

/** What the core's key is and may do: permissions, expiry, the bound account. */
export async function getKeyInfo(core: OperationBinder, options?: CallOptions): Promise<KeyInfo> {
  return keyCall(accessOf(core), 'getKeyInfo', options) as Promise<KeyInfo>
}

/**
 * Mints a key from a wallet signature over `<serviceName> - login - <server time>`, through the
 * core; with `use: true` the core signs with it from now on. As with `rotate`, an answer the client
 * cannot use as it is (a masked or missing key, a malformed secret, a schema that fails under
 * `validateResponses`) throws an `ExchangeOnboardingAnswerError` holding the secret, and the core
 * switches only to a whole pair.
 */
export async function onboardWith(core: OperationBinder, params: OnboardParams & { use?: boolean }): Promise<OnboardedKey> {
  const access = accessOf(core)
  const { transport, serviceName, dangerouslyAllowBrowser, responses } = access
  const schema = responses === 'off' ? undefined : responses.keys?.onboard
  return onboardVia(transport, serviceName, params, dangerouslyAllowBrowser, {
    check: schema && ((answer) => checkResponse({ schema, operation: 'keys.onboard' }, answer)),
    install: params?.use === true ? (apiKey, secretKey) => installKey(access, { apiKey, secretKey }, false) : undefined,
  })
}
