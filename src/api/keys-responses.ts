// Response schemas of the key calls (`exchange-client/strict`), and the source of their types (keys.ts).
import * as v from 'valibot'
import type { keysOperations } from './keys.ts'
import type { ResponseTable } from './operation.ts'
import { idString, ms, openString } from './response-shapes.ts'

export const keyPermissionsSchema = v.object({ canRead: v.boolean(), canTrade: v.boolean(), canWithdraw: v.boolean() })

/** The new key. `secretKey` is shown once. */
export const onboardedKeySchema = v.object({ apiKey: v.string(), secretKey: v.string(), accountId: idString, apiKeyId: idString, isNewUser: v.boolean() })

/** The same key with a new secret, shown once. */
export const rotatedKeySchema = v.object({ apiKey: v.string(), secretKey: v.string(), apiKeyId: idString, rotatedAt: ms })

/** What a key is and may do; reveals no secret. */
export const keyInfoSchema = v.object({
  valid: v.boolean(),
  apiKeyId: idString,
  accountId: idString,
  accountType: openString<'main'>(),
  walletAddress: v.nullable(v.string()),
  label: v.nullable(v.string()),
  permissions: keyPermissionsSchema,
  ipAllowlist: v.nullable(v.array(v.string())),
  /** The key conditions of the spec. */
  status: openString<'active' | 'inactive' | 'revoked' | 'expired' | 'unbound'>(),
  createdAt: ms,
  lastUsedAt: v.nullable(ms),
  /** UTC ms; `null` when the key never expires. */
  expiresAt: v.nullable(ms),
  usageCount: v.number(),
})

export const keysResponses: ResponseTable<typeof keysOperations> = {
  rotate: rotatedKeySchema,
  getKeyInfo: keyInfoSchema,
}
