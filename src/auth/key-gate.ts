// A key's gate from the options that carry it (`apiKey` with `secretKey` or `sign`), as a client, the
// proxy and one-off signRequest take them: the credentials are checked here and go nowhere but into
// the gate, which alone holds the sign function made of them.
import { ExchangeValidationError } from '../errors.ts'
import { refuseSecretTextInBrowser } from './browser-guard.ts'
import { assertApiKey, assertSecretKey } from './credentials.ts'
import { SigningGate, type GateReach } from './gate.ts'
import type { IssuedSecret } from './hidden-secret.ts'
import { keySigner, type SignFunction } from './signer.ts'
import type { Stamper } from './stamper.ts'
import { unwrapSecret } from './unwrap-secret.ts'

export interface KeyOptions {
  apiKey?: string
  secretKey?: string | CryptoKey | IssuedSecret
  sign?: SignFunction
  dangerouslyAllowBrowser?: boolean
}

/**
 * The gate of the key `options` carry (undefined when they carry none), signing for `reach` (one-off
 * credentials: none). `guarded`: a secret as text is refused in a page unless `dangerouslyAllowBrowser`
 * (onboard and rotate check before sending).
 */
export function keyGate(options: KeyOptions, stamper: Stamper, reach: GateReach | undefined, guarded = true): SigningGate | undefined {
  const { apiKey, sign } = options
  const secretKey = unwrapSecret(options.secretKey)
  if (apiKey === undefined && secretKey === undefined && sign === undefined) return undefined
  assertApiKey(apiKey)
  const text = typeof secretKey === 'string'
  if (sign && !text) return new SigningGate(apiKey, sign, stamper, reach)
  if (secretKey === undefined) {
    throw new ExchangeValidationError('secretKey', 'required', 'secretKey is required with apiKey (or pass a sign function)')
  }
  if (text) {
    assertSecretKey(secretKey)
    // Guarded even beside a sign function: the page holds the text all the same.
    if (guarded) refuseSecretTextInBrowser(options.dangerouslyAllowBrowser, 'hold a secret given as text')
    if (sign) return new SigningGate(apiKey, sign, stamper, reach)
  } else if (secretKey?.type !== 'secret' || secretKey.algorithm?.name !== 'HMAC' || secretKey.extractable) {
    // An extractable key gives its secret to any script that holds it.
    throw new ExchangeValidationError('secretKey', 'format', 'secretKey must be the secret (text, or as onboard() and rotate() return it, not a copy) or a non-extractable HMAC CryptoKey')
  }
  return new SigningGate(apiKey, keySigner(secretKey), stamper, reach)
}
