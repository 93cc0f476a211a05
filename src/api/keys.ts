import * as v from 'valibot'
import type { IssuedSecret } from '../auth/hidden-secret.ts'
import type * as schemas from './keys-responses.ts'
import { operation, type Operation } from './operation.ts'
import { text, timestampMs } from './schemas.ts'

export interface KeyPermissions extends v.InferOutput<typeof schemas.keyPermissionsSchema> {}
/**
 * The new key. `secretKey` is shown once: `secretKey.reveal()` reads it; the client and the
 * credential store take it as it is (`new ExchangeClient({ baseUrl, ...key })`, `store.save(key)`).
 */
export interface OnboardedKey extends Omit<v.InferOutput<typeof schemas.onboardedKeySchema>, 'secretKey'> {
  secretKey: IssuedSecret
}
/** The same key with a new secret, shown once (`secretKey.reveal()`); the old secret stops working. */
export interface RotatedKey extends Omit<v.InferOutput<typeof schemas.rotatedKeySchema>, 'secretKey'> {
  secretKey: IssuedSecret
}
/** What a key is and may do. Reveals no secret. */
export interface KeyInfo extends v.InferOutput<typeof schemas.keyInfoSchema> {}

export type WalletType = 'evm' | 'solana'
export const WALLET_TYPES = ['evm', 'solana'] as const

/**
 * The spec's onboarding body: exactly these five fields. The key minted has read and trade, always;
 * other permissions are the business of key management, not of onboarding.
 */
export interface OnboardRequest {
  walletAddress: string
  walletType: WalletType
  /** `<serviceName> - login - <timestamp>`. */
  message: string
  /** EVM: 0x-hex EIP-191; Solana: base58 ed25519. */
  signature: string
  /** UTC ms, the same digits that end `message`. */
  timestamp: number
}

const onboardInput = v.strictObject({
  walletAddress: text(Infinity, 'must be a non-empty string'),
  walletType: v.picklist(WALLET_TYPES),
  message: text(Infinity, 'must be a non-empty string'),
  signature: text(Infinity, 'must be a non-empty string'),
  timestamp: timestampMs,
})

/** Onboarding: open (the wallet signature is the proof). */
export const onboardingOperations: {
  onboard: Operation<OnboardRequest, v.InferOutput<typeof schemas.onboardedKeySchema>>
} = {
  onboard: operation<v.InferOutput<typeof schemas.onboardedKeySchema>, OnboardRequest>({ method: 'POST', path: '/api/v1/oauth/onboard', auth: 'none', effect: 'issues-secret', source: 'spec', summary: 'Mint a read+trade key from a wallet signature', input: onboardInput,
    example: {
      walletAddress: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
      walletType: 'evm',
      message: '1024 Exchange - login - 1767225600000',
      signature: `0x${'5a'.repeat(65)}`,
      timestamp: 1767225600000,
    } }),
}

/**
 * Each rotation's answer, by the options object of its call, before any schema check: a failed
 * check must not lose the secret, shown once (key-calls.ts reads it).
 */
export const rotationAnswers: WeakMap<object, unknown> = /* @__PURE__ */ new WeakMap()

/** The key the client signs with. */
export const keysOperations: {
  rotate: Operation<undefined, v.InferOutput<typeof schemas.rotatedKeySchema>>
  getKeyInfo: Operation<undefined, KeyInfo>
} = {
  rotate: operation<v.InferOutput<typeof schemas.rotatedKeySchema>>({
    method: 'POST', path: '/api/v1/accounts/me/api-key/rotate', auth: 'any', effect: 'issues-secret', source: 'spec', summary: 'Issue a new secret for this key (shown once)',
    answered: (_input, data, call) => call && rotationAnswers.set(call, data),
  }),
  getKeyInfo: operation<KeyInfo>({ method: 'GET', path: '/api/v1/accounts/me/api-key/introspect', auth: 'any', effect: 'read', source: 'spec', summary: 'What this key is and may do' }),
}
