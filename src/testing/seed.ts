import * as v from 'valibot'
import { isApiKey, isSecretKey } from './auth/credentials.ts'
import { ReferenceExchangeError } from './setup-error.ts'

/** A balance as the seed and the options write it: "10000", "0.5". */
export const NON_NEGATIVE_DECIMAL = /^\d+(\.\d+)?$/

const balances: v.RecordSchema<v.StringSchema<undefined>, v.SchemaWithPipe<readonly [v.StringSchema<undefined>, v.RegexAction<string, string>]>, undefined> = v.record(v.string(), v.pipe(v.string(), v.regex(NON_NEGATIVE_DECIMAL, 'a balance is a non-negative decimal string, e.g. "10000"')))

/**
 * The seed file: accounts with their balances, and keys with their secrets and conditions, so a
 * test or a bot starts from known credentials. Every field of a key but apiKey, secretKey and
 * accountId may be left out (defaults: read+trade, active, no expiry, no allowlist, empty label).
 */
export const SeedSchema: v.StrictObjectSchema<{
  readonly serviceName: v.OptionalSchema<v.SchemaWithPipe<readonly [v.StringSchema<undefined>, v.MinLengthAction<string, 1, undefined>]>, undefined>
  readonly accounts: v.OptionalSchema<v.ArraySchema<v.StrictObjectSchema<{
    readonly id: v.SchemaWithPipe<readonly [v.StringSchema<undefined>, v.MinLengthAction<string, 1, undefined>]>
    readonly balances: v.OptionalSchema<typeof balances, undefined>
  }, undefined>, undefined>, readonly []>
  readonly keys: v.OptionalSchema<v.ArraySchema<v.StrictObjectSchema<{
    readonly apiKey: v.SchemaWithPipe<readonly [v.StringSchema<undefined>, v.CheckAction<string, 'apiKey is a 4-character prefix, "_" and 64 hex characters'>]>
    readonly secretKey: v.SchemaWithPipe<readonly [v.StringSchema<undefined>, v.CheckAction<string, 'secretKey is 64 lowercase hex characters'>]>
    readonly accountId: v.NullableSchema<v.StringSchema<undefined>, undefined>
    readonly permissions: v.OptionalSchema<v.ArraySchema<v.PicklistSchema<['read', 'trade', 'withdraw'], undefined>, undefined>, readonly ['read', 'trade']>
    readonly status: v.OptionalSchema<v.PicklistSchema<['active', 'inactive', 'revoked'], undefined>, 'active'>
    readonly expiresAt: v.OptionalSchema<v.NullableSchema<v.SchemaWithPipe<readonly [v.NumberSchema<undefined>, v.IntegerAction<number, undefined>]>, undefined>, null>
    readonly ipAllowlist: v.OptionalSchema<v.NullableSchema<v.ArraySchema<v.SchemaWithPipe<readonly [v.StringSchema<undefined>, v.MinLengthAction<string, 1, undefined>]>, undefined>, undefined>, null>
    readonly label: v.OptionalSchema<v.StringSchema<undefined>, ''>
  }, undefined>, undefined>, readonly []>
}, undefined> = v.strictObject({
  serviceName: v.optional(v.pipe(v.string(), v.minLength(1))),
  accounts: v.optional(
    v.array(v.strictObject({ id: v.pipe(v.string(), v.minLength(1)), balances: v.optional(balances) })),
    [],
  ),
  keys: v.optional(
    v.array(
      v.strictObject({
        // Checked without a RegExp, which would leave the secret in RegExp's legacy statics.
        apiKey: v.pipe(v.string(), v.check((value: string) => isApiKey(value), 'apiKey is a 4-character prefix, "_" and 64 hex characters')),
        secretKey: v.pipe(v.string(), v.check((value: string) => isSecretKey(value), 'secretKey is 64 lowercase hex characters')),
        accountId: v.nullable(v.string()),
        permissions: v.optional(v.array(v.picklist(['read', 'trade', 'withdraw'])), ['read', 'trade']),
        status: v.optional(v.picklist(['active', 'inactive', 'revoked']), 'active'),
        expiresAt: v.optional(v.nullable(v.pipe(v.number(), v.integer())), null),
        ipAllowlist: v.optional(v.nullable(v.array(v.pipe(v.string(), v.minLength(1)))), null),
        label: v.optional(v.string(), ''),
      }),
    ),
    [],
  ),
})

export type Seed = v.InferInput<typeof SeedSchema>
export type ParsedSeed = v.InferOutput<typeof SeedSchema>

/** Validates a seed (e.g. parsed from a JSON file); throws `ReferenceExchangeError` naming the field. */
export function parseSeed(seed: unknown): ParsedSeed {
  const result = v.safeParse(SeedSchema, seed)
  if (!result.success) {
    const issue = result.issues[0]
    const field = v.getDotPath(issue) ?? ''
    // valibot's own messages quote the value received: never for a secret.
    const message = field.endsWith('.secretKey') ? 'secretKey is 64 lowercase hex characters' : issue.message
    throw new ReferenceExchangeError(field, 'format', `${field || 'seed'}: ${message}`)
  }
  const parsed = result.output
  const accountIds = unique(parsed.accounts.map((account) => account.id), 'accounts', 'id')
  unique(parsed.keys.map((key) => key.apiKey), 'keys', 'apiKey')
  parsed.keys.forEach((key, i) => {
    if (key.accountId !== null && !accountIds.has(key.accountId)) {
      throw new ReferenceExchangeError(`keys.${i}.accountId`, 'known', `keys.${i}.accountId: no account "${key.accountId}" in accounts`)
    }
  })
  return parsed
}

function unique(values: string[], list: string, field: string): Set<string> {
  const seen = new Set<string>()
  values.forEach((value, i) => {
    if (seen.has(value)) throw new ReferenceExchangeError(`${list}.${i}.${field}`, 'unique', `${list}.${i}.${field}: appears twice`)
    seen.add(value)
  })
  return seen
}
