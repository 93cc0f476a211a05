/**
 * The credential formats of the service's specification ("API credential"), checked character by character: a RegExp
 * would leave the secret readable in `RegExp.$_`, `RegExp.input`, `RegExp.lastMatch` and
 * `RegExp.rightContext` for any later script.
 *
 * - API key: `<key_prefix>_<64 hex chars>`, 69 characters, the prefix 4 characters (letters or digits).
 * - Secret key: 64 lowercase hex characters.
 */
export const API_KEY_LENGTH = 69
export const KEY_PREFIX_LENGTH = 4
export const SECRET_KEY_LENGTH = 64

const isDigit = (code: number) => code >= 0x30 && code <= 0x39
const isLowerHex = (code: number) => isDigit(code) || (code >= 0x61 && code <= 0x66)
const isHex = (code: number) => isLowerHex(code) || (code >= 0x41 && code <= 0x46)
const isAlphanumeric = (code: number) => isDigit(code) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)

/** Whether every character of `text[from, to)` passes `test`. */
function every(text: string, from: number, to: number, test: (code: number) => boolean): boolean {
  for (let i = from; i < to; i++) if (!test(text.charCodeAt(i))) return false
  return true
}

export function isApiKey(value: unknown): value is string {
  return typeof value === 'string'
    && value.length === API_KEY_LENGTH
    && every(value, 0, KEY_PREFIX_LENGTH, isAlphanumeric)
    && value[KEY_PREFIX_LENGTH] === '_'
    && every(value, KEY_PREFIX_LENGTH + 1, API_KEY_LENGTH, isHex)
}

export function isSecretKey(value: unknown): value is string {
  return typeof value === 'string' && value.length === SECRET_KEY_LENGTH && every(value, 0, SECRET_KEY_LENGTH, isLowerHex)
}

/** X-TIMESTAMP: UTC milliseconds as base-10 ASCII digits, at most 16 of them (no sign, point or exponent). */
export function isTimestampDigits(value: string): boolean {
  return value.length > 0 && value.length <= 16 && every(value, 0, value.length, isDigit)
}

/** X-SIGNATURE: lowercase hex of an HMAC-SHA256, 64 characters. */
export function isSignatureHex(value: string): boolean {
  return value.length === 64 && every(value, 0, value.length, isLowerHex)
}
