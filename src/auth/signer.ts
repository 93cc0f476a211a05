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
 * clients do) as a non-extractable HMAC key. The bytes are wiped once imported.
 */
export async function importSecretKey(secretKey: string, usages: KeyUsage[] = ['sign']): Promise<CryptoKey> {
  const bytes = encoder.encode(secretKey)
  try {
    return await requireSubtle().importKey('raw', bytes, HMAC_SHA256, false, usages)
  } finally {
    bytes.fill(0)
  }
}

/** Lowercase hex HMAC-SHA256 of the payload. */
export async function hmacHex(key: CryptoKey, payload: string): Promise<string> {
  return toHex(await requireSubtle().sign('HMAC', key, encoder.encode(payload)))
}

/** Produces X-SIGNATURE for a payload. A custom one can sign remotely (a backend) or natively. */
export type SignFunction = (payload: string) => Promise<string>

/**
 * Signs with `key`, or with the HMAC key of a secret's text, imported by the first signature (one import,
 * which every signature awaits) rather than now: building a client reads no WebCrypto, which Node loads when
 * it is first read (with the import, about 3 ms of CPU). The text is dropped as the import starts; an import
 * that fails rejects each signature.
 */
export function keySigner(key: CryptoKey | string): SignFunction {
  let held: CryptoKey | Promise<CryptoKey> | string = key
  return async (payload) => hmacHex(await (typeof held === 'string' ? (held = importSecretKey(held)) : held), payload)
}
