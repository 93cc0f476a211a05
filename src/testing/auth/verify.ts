import { authFailure, failures } from '../http/failures.ts'
import type { Caller, RouteAuth } from '../http/router.ts'
import { addressAllowed } from './client-address.ts'
import { isSignatureHex, isTimestampDigits } from './credentials.ts'
import type { KeyStore } from './keys.ts'
import { TIMESTAMP_TOLERANCE_MS, type ReplayGuard } from './replay.ts'
import { signatureMatches, signingPayload } from './signing.ts'

/** One request as the checks see it: method and path as received, the raw body bytes. */
export interface SignedRequest {
  method: string
  /** Without the query: the query is never signed. */
  path: string
  headers: Headers
  /** The body bytes as they arrived (empty when none). */
  body: Uint8Array
  clientAddress: string
  /** Server time when the request arrived. */
  now: number
}

const PERMISSION_FAILURE = {
  read: ['PERM_NO_READ', 'read'],
  trade: ['PERM_NO_TRADING', 'trade'],
  withdraw: ['PERM_NO_WITHDRAW', 'withdraw'],
} as const

/**
 * The checks, in this order (the first failing one answers):
 * headers present (X-TIMESTAMP well-formed) → key known and active → not expired → bound to an
 * account → timestamp within 30 s → signature → not a replay → caller's address on the allowlist →
 * permission. Cheap lookups come before the HMAC; the replay store only ever holds verified signatures.
 */
export async function authenticate(
  request: SignedRequest,
  required: Exclude<RouteAuth, 'none'>,
  keys: KeyStore,
  replay: ReplayGuard,
): Promise<Caller> {
  const { headers, now } = request
  const apiKey = headers.get('x-api-key') || headers.get('x-trading-api-key')
  const timestamp = headers.get('x-timestamp')
  const signature = headers.get('x-signature')
  if (!apiKey || !timestamp || !signature) {
    const missing = [!apiKey && 'X-API-KEY', !timestamp && 'X-TIMESTAMP', !signature && 'X-SIGNATURE'].filter(Boolean)
    throw authFailure('AUTH_MISSING', `missing authentication header: ${missing.join(', ')}`, { missing })
  }
  // Letters, a sign, a point or 20 digits are no timestamp at all: nothing was supplied that could
  // authenticate the request (11001). 11004 is kept for a real timestamp more than 30 s off.
  if (!isTimestampDigits(timestamp)) {
    throw authFailure('AUTH_MISSING', 'X-TIMESTAMP must be UTC milliseconds as base-10 ASCII digits (at most 16): no valid timestamp was sent', {
      malformed: 'X-TIMESTAMP',
    })
  }

  const record = keys.get(apiKey)
  if (!record) throw authFailure('AUTH_INVALID_KEY', 'unknown API key')
  if (record.status !== 'active') throw authFailure('AUTH_INVALID_KEY', `the API key is ${record.status}`, { status: record.status })
  if (record.expiresAt !== null && now >= record.expiresAt) {
    throw authFailure('AUTH_KEY_EXPIRED', 'the API key has expired', { expiresAt: record.expiresAt })
  }
  if (record.accountId === null) throw authFailure('AUTH_NO_ACCOUNT', 'no account is bound to this API key')

  const sentAt = Number(timestamp)
  if (Math.abs(sentAt - now) > TIMESTAMP_TOLERANCE_MS) {
    throw authFailure('AUTH_TIMESTAMP_EXPIRED', `X-TIMESTAMP is more than ${TIMESTAMP_TOLERANCE_MS / 1000} s from server time`, {
      serverTime: now,
      timestamp: sentAt,
    })
  }

  if (!isSignatureHex(signature)) {
    throw authFailure('AUTH_INVALID_SIGNATURE', 'X-SIGNATURE must be 64 lowercase hex characters (HMAC-SHA256)')
  }
  const hmacKey = keys.hmacKey(apiKey)!
  if (!(await signatureMatches(await hmacKey, signature, signingPayload(timestamp, request.method, request.path, request.body)))) {
    throw authFailure('AUTH_INVALID_SIGNATURE', 'the signature does not match timestamp + METHOD + path (no query) + raw body')
  }
  admitOnce(replay, signature, sentAt, now)

  if (record.ipAllowlist !== null && !addressAllowed(request.clientAddress, record.ipAllowlist)) {
    throw authFailure('PERM_IP_NOT_ALLOWED', `the address ${request.clientAddress || '(unknown)'} is not on this key's allowlist`)
  }
  if (required !== 'any') {
    const [code, permission] = PERMISSION_FAILURE[required]
    if (!record.permissions.includes(permission)) throw authFailure(code, `this API key lacks the ${permission} permission`)
  }

  record.lastUsedAt = now
  record.usageCount++
  return { apiKey, accountId: record.accountId }
}

/** The replay guard's verdict as the answer to give. */
function admitOnce(replay: ReplayGuard, signature: string, sentAt: number, now: number): void {
  switch (replay.admit(signature, sentAt, now)) {
    case 'admitted':
      return
    case 'replayed':
      throw authFailure('AUTH_REPLAY_DETECTED', 'this signature was used already; sign again with a fresh timestamp')
    case 'full': {
      const retryAfterSeconds = Math.max(1, Math.ceil(((replay.nextExpiry ?? now) - now) / 1000))
      throw failures.unavailable('too many signatures are in flight to remember another; retry shortly', retryAfterSeconds)
    }
  }
}
