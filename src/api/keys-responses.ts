// Response schemas of the key calls (`exchange-client/strict`), and the source of their types (keys.ts).
import * as v from 'valibot'
import { idString, ms, openString, type Open } from './response-shapes.ts'

export const keyPermissionsSchema: v.ObjectSchema<{
  readonly canRead: v.BooleanSchema<undefined>
  readonly canTrade: v.BooleanSchema<undefined>
  readonly canWithdraw: v.BooleanSchema<undefined>
}, undefined> = v.object({ canRead: v.boolean(), canTrade: v.boolean(), canWithdraw: v.boolean() })

/** The new key. `secretKey` is shown once. */
export const onboardedKeySchema: v.ObjectSchema<{
  readonly apiKey: v.StringSchema<undefined>
  readonly secretKey: v.StringSchema<undefined>
  readonly accountId: typeof idString
  readonly apiKeyId: typeof idString
  readonly isNewUser: v.BooleanSchema<undefined>
}, undefined> = v.object({ apiKey: v.string(), secretKey: v.string(), accountId: idString, apiKeyId: idString, isNewUser: v.boolean() })

/** The same key with a new secret, shown once. */
export const rotatedKeySchema: v.ObjectSchema<{
  readonly apiKey: v.StringSchema<undefined>
  readonly secretKey: v.StringSchema<undefined>
  readonly apiKeyId: typeof idString
  readonly rotatedAt: typeof ms
}, undefined> = v.object({ apiKey: v.string(), secretKey: v.string(), apiKeyId: idString, rotatedAt: ms })

/** What a key is and may do; reveals no secret. */
export const keyInfoSchema: v.ObjectSchema<{
  readonly valid: v.BooleanSchema<undefined>
  readonly apiKeyId: typeof idString
  readonly accountId: typeof idString
  readonly accountType: v.GenericSchema<Open<'main'>>
  readonly walletAddress: v.NullableSchema<v.StringSchema<undefined>, undefined>
  readonly label: v.NullableSchema<v.StringSchema<undefined>, undefined>
  readonly permissions: typeof keyPermissionsSchema
  readonly ipAllowlist: v.NullableSchema<v.ArraySchema<v.StringSchema<undefined>, undefined>, undefined>
  /** The key conditions of the spec. */
  readonly status: v.GenericSchema<Open<'active' | 'expired' | 'inactive' | 'revoked' | 'unbound'>>
  readonly createdAt: typeof ms
  readonly lastUsedAt: v.NullableSchema<typeof ms, undefined>
  /** UTC ms; `null` when the key never expires. */
  readonly expiresAt: v.NullableSchema<typeof ms, undefined>
  readonly usageCount: v.NumberSchema<undefined>
}, undefined> = v.object({
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
