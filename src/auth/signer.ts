import { requireSubtle } from './subtle.ts'

/**
 * The one definition of what is signed, shared by the client and the reference exchange:
 * timestamp digits + uppercase METHOD + path without its query string + the raw body ("" if none).
 */
export function signingPayload(timestamp: string, method: string, path: string, body: string): string {
  const queryAt = path.indexOf('?')
  return timestamp + method + (queryAt === -1 ? path : path.slice(0, queryAt)) + body
}

const encoder = /* @__PURE__ */ new TextEncoder()
const HEX = /* @__PURE__ */ Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'))

export function toHex(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)
  let hex = ''
  for (let i = 0; i < view.length; i++) hex += HEX[view[i]!]
  return hex
}

const HMAC_SHA256 = { name: 'HMAC', hash: 'SHA-256' } as const

/**
 * Imports the secret's ASCII text (not its hex-decoded bytes: that is what the service's own
 * clients do) as a non-extractable HMAC key. WebCrypto copies the bytes as the call is made; ours
 * are wiped once it settles. The text is read here and nowhere after: the promise keeps none of it.
 */
export function importSecretKey(secretKey: string, usages: KeyUsage[] = ['sign']): Promise<CryptoKey> {
  const bytes = encoder.encode(secretKey)
  const wipe = () => bytes.fill(0)
  let imported: Promise<CryptoKey>
  try {
    imported = requireSubtle().importKey('raw', bytes, HMAC_SHA256, false, usages)
  } catch (error) {
    wipe()
    throw error
  }
  return imported.finally(wipe)
}

/** Lowercase hex HMAC-SHA256 of the payload. */
export async function hmacHex(key: CryptoKey, payload: string): Promise<string> {
  return toHex(await requireSubtle().sign('HMAC', key, encoder.encode(payload)))
}

/** Produces X-SIGNATURE for a payload. A custom one can sign remotely (a backend) or natively. */
export type SignFunction = (payload: string) => Promise<string>

/**
 * Signs with `key`, or with the HMAC key of a secret's text, whose import starts now: once it settles,
 * no variable, field or promise of the SDK holds the text (only the non-extractable key). An import
 * that fails rejects each signature (and is not reported as unhandled before one is asked for).
 */
export function keySigner(key: CryptoKey | string): SignFunction {
  let held: CryptoKey | Promise<CryptoKey> = typeof key === 'string' ? importSecretKey(key) : key
  if (held instanceof Promise) {
    held.then((imported) => (held = imported), () => undefined)
  }
  return async (payload) => hmacHex(await held, payload)
}
