// The parts of the document every signed operation shares: the three headers and how the signature is
// made, the answer's envelope, and the authentication codes.
import type { Permission } from '../../src/api/operation.ts'
import { AUTH_ERROR_CODES, type AuthErrorCode } from '../../src/errors.ts'
import type { JsonSchema } from './json-schema.ts'

const SIGNING = [
  'Signed calls carry three headers: `X-API-KEY` (the public key), `X-TIMESTAMP` (UTC milliseconds, base-10',
  'ASCII digits) and `X-SIGNATURE`.',
  '',
  '`X-SIGNATURE` is the lowercase hex of HMAC-SHA256, keyed with the secret key as text (its 64 ASCII',
  'characters, not the bytes they spell in hex), over the byte-wise concatenation, with no separators, of:',
  '',
  '1. the timestamp: the exact digits sent in `X-TIMESTAMP`;',
  '2. the method, uppercase: `GET`, `POST`, `PUT` or `DELETE`;',
  '3. the path from `/api/v1/` on, without the query string (the query is sent but never signed), with no',
  '   URL encoding: `/api/v1/perp/orders`;',
  '4. the body: the raw bytes sent, verbatim (serialize the JSON once, compact, and send those bytes); the',
  '   empty string when there is no body.',
  '',
  'Example: `1700000000000POST/api/v1/perp/orders{"market":"BTC-USDC","side":"buy","type":"market","size":"0.01"}`.',
  '',
  'The timestamp must be within 30 seconds of the server time (`GET /api/v1/system/time`); each signature is',
  'accepted once (about 35 seconds of memory), so a retry needs a fresh timestamp and signature. Send',
  '`Content-Type: application/json` with a body. The secret key itself is never sent.',
].join('\n')

export const securitySchemes = {
  apiKey: { type: 'apiKey', in: 'header', name: 'X-API-KEY', description: `The public API key.\n\n${SIGNING}` },
  timestamp: { type: 'apiKey', in: 'header', name: 'X-TIMESTAMP', description: 'UTC milliseconds, base-10 ASCII digits: part 1 of the signing payload (see `apiKey`).' },
  signature: { type: 'apiKey', in: 'header', name: 'X-SIGNATURE', description: `Lowercase hex HMAC-SHA256 of the signing payload.\n\n${SIGNING}` },
}

/** The three headers together; the key's permission the call needs is the role of `apiKey` (none: any valid key). */
export function securityOf(auth: Permission): Record<string, string[]>[] | undefined {
  if (auth === 'none') return undefined
  return [{ apiKey: auth === 'any' ? [] : [auth], timestamp: [], signature: [] }]
}

/** Words for each code, written once; `satisfies` fails the build when a code is added without them. */
const CONDITIONS = {
  AUTH_MISSING: 'one of the three headers is absent',
  AUTH_INVALID_KEY: 'key unknown, revoked or inactive',
  AUTH_INVALID_SIGNATURE: 'payload built wrongly: query string signed, body re-serialized, lowercase method, or a clock that has drifted',
  AUTH_TIMESTAMP_EXPIRED: 'timestamp more than 30 s from server time',
  AUTH_KEY_EXPIRED: 'key past its expiry',
  AUTH_NO_ACCOUNT: 'key exists but no account is bound',
  AUTH_REPLAY_DETECTED: 'same signature sent again within the window',
  PERM_NO_TRADING: 'key lacks trade permission',
  PERM_NO_READ: 'key lacks read permission',
  PERM_IP_NOT_ALLOWED: "caller address not on the key's allowlist",
} satisfies Record<AuthErrorCode, string>

const codes = (prefix: string) => (Object.keys(AUTH_ERROR_CODES) as AuthErrorCode[]).filter((code) => code.startsWith(prefix))

/** A schema of an error whose `code` is one of `names`, each with its number. */
const errorOf = (names: AuthErrorCode[]): JsonSchema => ({
  allOf: [
    { $ref: '#/components/schemas/ErrorEnvelope' },
    {
      properties: {
        error: {
          properties: {
            code: { oneOf: names.map((name) => ({ const: name, description: `${AUTH_ERROR_CODES[name]}: ${CONDITIONS[name]}` })) },
            codeNum: { enum: names.map((name) => AUTH_ERROR_CODES[name]) },
          },
        },
      },
    },
  ],
})

const table = (names: AuthErrorCode[]) => [
  '| code | codeNum | when |',
  '|---|---|---|',
  ...names.map((name) => `| \`${name}\` | ${AUTH_ERROR_CODES[name]} | ${CONDITIONS[name]} |`),
].join('\n')

const json = (schema: JsonSchema) => ({ 'application/json': { schema } })

export const envelopeSchemas: Record<string, JsonSchema> = {
  Meta: {
    type: 'object',
    properties: { requestId: { type: 'string' }, timestamp: { type: 'integer', description: 'server time, UTC milliseconds' } },
    required: ['requestId', 'timestamp'],
  },
  ErrorEnvelope: {
    type: 'object',
    description: 'Every refusal: `success` false, `error` set. Branch on `error.code` (a stable string), never on `message`.',
    properties: {
      success: { const: false },
      data: { type: 'null' },
      error: {
        type: 'object',
        properties: {
          code: { type: 'string', description: 'stable name of the error, such as `AUTH_INVALID_SIGNATURE`' },
          codeNum: { type: 'integer', description: 'its number, such as 11003' },
          message: { type: 'string' },
          details: { type: 'object', description: 'more about it; `details.reason` is a readable reason when present' },
        },
        required: ['code', 'message'],
      },
      meta: { $ref: '#/components/schemas/Meta' },
    },
    required: ['success', 'error'],
  },
  AuthError: errorOf(codes('AUTH_')),
  PermissionError: errorOf(codes('PERM_')),
}

/** The success envelope around one operation's `data`. */
export const successOf = (data: JsonSchema): JsonSchema => ({
  type: 'object',
  properties: { success: { const: true }, data, error: { type: 'null' }, meta: { $ref: '#/components/schemas/Meta' } },
  required: ['success', 'data'],
})

export const errorResponses = {
  BadRequest: { description: 'The request was refused as it stands (an invalid field, JSON the route cannot read).', content: json({ $ref: '#/components/schemas/ErrorEnvelope' }) },
  Unauthorized: { description: `Authentication failed.\n\n${table(codes('AUTH_'))}`, content: json({ $ref: '#/components/schemas/AuthError' }) },
  Forbidden: { description: `The key may not make this call.\n\n${table(codes('PERM_'))}`, content: json({ $ref: '#/components/schemas/PermissionError' }) },
  Error: { description: 'Any other refusal (not found, rate limit, unavailable), in the same envelope.', content: json({ $ref: '#/components/schemas/ErrorEnvelope' }) },
}
