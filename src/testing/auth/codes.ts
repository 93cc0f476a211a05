/**
 * The exchange's authentication and permission codes, written from the specification's error table ("Errors"):
 * name, number and condition as the spec states them. The HTTP status is the exchange's choice (the
 * spec shows none): 401 when the request is not authenticated, 403 when the key may not do it.
 */
export const SPEC_AUTH_CODES = {
  AUTH_MISSING: { codeNum: 11001, status: 401, condition: 'one of the three headers is absent' },
  AUTH_INVALID_KEY: { codeNum: 11002, status: 401, condition: 'key unknown, revoked or inactive' },
  AUTH_INVALID_SIGNATURE: {
    codeNum: 11003,
    status: 401,
    condition: 'payload built wrongly: query string signed, body re-serialized, lowercase method, or a clock that has drifted',
  },
  AUTH_TIMESTAMP_EXPIRED: { codeNum: 11004, status: 401, condition: 'timestamp more than 30 s from server time' },
  AUTH_KEY_EXPIRED: { codeNum: 11007, status: 401, condition: 'key past its expiry' },
  AUTH_NO_ACCOUNT: { codeNum: 11010, status: 401, condition: 'key exists but no account is bound' },
  AUTH_REPLAY_DETECTED: { codeNum: 11013, status: 401, condition: 'same signature sent again within the window' },
  PERM_NO_TRADING: { codeNum: 11101, status: 403, condition: 'key lacks trade permission' },
  PERM_NO_READ: { codeNum: 11102, status: 403, condition: 'key lacks read permission' },
  PERM_IP_NOT_ALLOWED: { codeNum: 11107, status: 403, condition: "caller address not on the key's allowlist" },
} as const

/**
 * The exchange's own permission code: the spec grants withdraw per key but names no code for its
 * absence. Its number sits outside the spec's 110xx/111xx ranges, in 19xxx, which the exchange keeps
 * for codes of its own invention, so a real 111xx code can never collide with it.
 */
export const OWN_AUTH_CODES = {
  PERM_NO_WITHDRAW: { codeNum: 19103, status: 403, condition: 'key lacks withdraw permission (the exchange\'s own code)' },
} as const

export type AuthCode = keyof typeof SPEC_AUTH_CODES | keyof typeof OWN_AUTH_CODES

export const AUTH_CODES: Readonly<Record<AuthCode, { codeNum: number; status: number; condition: string }>> = {
  ...SPEC_AUTH_CODES,
  ...OWN_AUTH_CODES,
}
