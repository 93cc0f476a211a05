/**
 * Request signatures as the service's specification ("Signing payload") defines them, verified with WebCrypto:
 * HMAC-SHA256, keyed with the secret key, over the byte-wise concatenation of the X-TIMESTAMP
 * digits, the METHOD, the path without its query and the body bytes exactly as received.
 */

const encoder = new TextEncoder()

function subtle(): SubtleCrypto {
  const found = globalThis.crypto?.subtle
  if (!found) throw new Error('the reference exchange needs WebCrypto (globalThis.crypto.subtle)')
  return found
}

/** The secret as an HMAC key that can verify but not sign, and cannot be read back. */
export function importVerifyKey(secretKey: string): Promise<CryptoKey> {
  return subtle().importKey('raw', encoder.encode(secretKey), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify'])
}

/** timestamp + METHOD + path + body, the body as the bytes that arrived (never decoded and re-encoded). */
export function signingPayload(timestamp: string, method: string, path: string, body: Uint8Array): Uint8Array<ArrayBuffer> {
  const head = encoder.encode(timestamp + method + path)
  const payload = new Uint8Array(head.length + body.length)
  payload.set(head)
  payload.set(body, head.length)
  return payload
}

/** The 32 bytes of a signature already checked to be 64 lowercase hex characters. */
function signatureBytes(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2)
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16)
  return bytes
}

/** WebCrypto's verify: the platform compares, in constant time. */
export function signatureMatches(key: CryptoKey, signatureHex: string, payload: Uint8Array<ArrayBuffer>): Promise<boolean> {
  return subtle().verify('HMAC', key, signatureBytes(signatureHex), payload)
}

/** Lowercase hex of fresh random bytes from the platform's CSPRNG: new keys and secrets. */
export function randomHex(bytes: number): string {
  let hex = ''
  for (const byte of globalThis.crypto.getRandomValues(new Uint8Array(bytes))) hex += byte.toString(16).padStart(2, '0')
  return hex
}
