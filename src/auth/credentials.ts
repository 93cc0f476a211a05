import { ExchangeValidationError } from '../errors.ts'

/** `<4-character prefix>_<64 hex>`: 69 characters, the prefix being e.g. `1024`. */
export const API_KEY_PATTERN = /^[A-Za-z0-9]{4}_[0-9a-fA-F]{64}$/
/**
 * 64 lowercase hex characters. Its ASCII text, not the decoded bytes, is the HMAC key. The SDK does
 * not run this on a secret (a match leaves its input in `RegExp.$_` and friends): `isSecretKey` does.
 */
export const SECRET_KEY_PATTERN = /^[0-9a-f]{64}$/

/** A key read from a file often ends in a newline. `trim()` runs no regular expression over the text. */
const WHITESPACE = 'whitespace around it (a trailing newline?): trim it'
const hasWhitespace = (text: string) => text.trim() !== text

export function assertApiKey(apiKey: unknown): asserts apiKey is string {
  if (typeof apiKey !== 'string' || !API_KEY_PATTERN.test(apiKey)) {
    const got = typeof apiKey !== 'string' ? typeof apiKey : hasWhitespace(apiKey) ? WHITESPACE : `${apiKey.length} characters`
    throw new ExchangeValidationError(
      'apiKey',
      'format',
      `apiKey must be a 4-character prefix, "_" and 64 hex characters (69 in all); got ${got}`,
    )
  }
}

/** 0-9 or a-f, by char code: no regular expression sees the secret, so none keeps it in its statics. */
function isLowerHex(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 97 && code <= 102)
}

/** Never echoes the secret: only its length and which rule it broke. */
export function assertSecretKey(secretKey: unknown): asserts secretKey is string {
  if (typeof secretKey !== 'string') {
    throw new ExchangeValidationError('secretKey', 'format', `secretKey must be a string of 64 lowercase hex characters; got ${typeof secretKey}`)
  }
  if (secretKey.length !== 64 || hasWhitespace(secretKey)) {
    const got = hasWhitespace(secretKey) ? WHITESPACE : `${secretKey.length} characters`
    throw new ExchangeValidationError('secretKey', 'format', `secretKey must be 64 lowercase hex characters; got ${got}`)
  }
  for (let i = 0; i < 64; i++) {
    if (!isLowerHex(secretKey.charCodeAt(i))) {
      throw new ExchangeValidationError('secretKey', 'format', 'secretKey must be 64 lowercase hex characters; got characters outside 0-9a-f')
    }
  }
}
