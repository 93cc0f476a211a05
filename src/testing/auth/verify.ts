import { signingPayload } from '../../auth/signer.ts'
import { requireSubtle } from '../../auth/subtle.ts'
import { authFailure } from '../http/failures.ts'
import type { Caller, RouteAuth } from '../http/router.ts'
import { addressAllowed } from './client-address.ts'
import type { KeyStore } from './keys.ts'
import { TIMESTAMP_TOLERANCE_MS, type ReplayGuard } from './replay.ts'

/** One request as the checks see it: method and path as received, the raw body text. */
export interface SignedRequest {
  method: string
  /** Without the query: the query is never signed. */
  path: string
  headers: Headers
  body: string
  clientAddress: string
  /** Server time when the request arrived. */
  now: number
}

const TIMESTAMP = /^\d{1,16}$/
const SIGNATURE = /^[0-9a-f]{64}$/

const encoder = new TextEncoder()

/** The 32 bytes of a signature already checked against SIGNATURE. */
function signatureBytes(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2)
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16)
  return bytes
}

/**
 * WebCrypto's HMAC verify: the key can only verify (the exchange keeps no secret that could sign),
 * and the comparison is the platform's, constant in time.
 */
async function signatureMatches(hmacKey: CryptoKey, signature: string, payload: string): Promise<boolean> {
  return requireSubtle().verify('HMAC', hmacKey, signatureBytes(signature), encoder.encode(payload))
}

const PERMISSION_FAILURE = {
  read: ['PERM_NO_READ', 'read'],
  trade: ['PERM_NO_TRADING', 'trade'],
  withdraw: ['PERM_NO_WITHDRAW', 'withdraw'],
} as const

/**
 * The checks, in this order (the first failing one answers):
 * headers present → key known and active → not expired → bound to an account → timestamp
 * within 30 s → signature → not a replay → caller's address on the allowlist → permission.
 * Cheap lookups come before the HMAC; the replay store only ever holds verified signatures.
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

  const record = keys.get(apiKey)
  if (!record) throw authFailure('AUTH_INVALID_KEY', 'unknown API key')
  if (record.status !== 'active') throw authFailure('AUTH_INVALID_KEY', `the API key is ${record.status}`, { status: record.status })
  if (record.expiresAt !== null && now >= record.expiresAt) {
    throw authFailure('AUTH_KEY_EXPIRED', 'the API key has expired', { expiresAt: record.expiresAt })
  }
  if (record.accountId === null) throw authFailure('AUTH_NO_ACCOUNT', 'no account is bound to this API key')

  if (!TIMESTAMP.test(timestamp)) {
    throw authFailure('AUTH_TIMESTAMP_EXPIRED', 'X-TIMESTAMP must be UTC milliseconds as base-10 ASCII digits', { serverTime: now })
  }
  const sentAt = Number(timestamp)
  if (Math.abs(sentAt - now) > TIMESTAMP_TOLERANCE_MS) {
    throw authFailure('AUTH_TIMESTAMP_EXPIRED', `X-TIMESTAMP is more than ${TIMESTAMP_TOLERANCE_MS / 1000} s from server time`, {
      serverTime: now,
      timestamp: sentAt,
    })
  }

  if (!SIGNATURE.test(signature)) {
    throw authFailure('AUTH_INVALID_SIGNATURE', 'X-SIGNATURE must be 64 lowercase hex characters (HMAC-SHA256)')
  }
  const hmacKey = keys.hmacKey(apiKey)!
  if (!(await signatureMatches(await hmacKey, signature, signingPayload(timestamp, request.method, request.path, request.body)))) {
    throw authFailure('AUTH_INVALID_SIGNATURE', 'the signature does not match timestamp + METHOD + path (no query) + raw body')
  }
  if (!replay.admit(signature, sentAt, now)) {
    throw authFailure('AUTH_REPLAY_DETECTED', 'this signature was used already; sign again with a fresh timestamp')
  }

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
