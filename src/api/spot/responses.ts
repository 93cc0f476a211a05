// Response schemas of every spot operation (`exchange-client/strict`), and the source of the spot
// response types (market-data.ts, trading.ts, balances.ts import them as types only).
import * as v from 'valibot'
import { decimalString } from '../response-shapes.ts'

export const tokenSchema: v.ObjectSchema<{
  readonly symbol: v.StringSchema<undefined>
  readonly name: v.OptionalSchema<v.StringSchema<undefined>, undefined>
  readonly decimals: v.OptionalSchema<v.NumberSchema<undefined>, undefined>
}, undefined> = v.object({ symbol: v.string(), name: v.optional(v.string()), decimals: v.optional(v.number()) })
/** One token's balance; every amount is a decimal string. */
export const balanceSchema: v.ObjectSchema<{
  readonly token: v.StringSchema<undefined>
  readonly available: typeof decimalString
  readonly locked: typeof decimalString
  readonly total: typeof decimalString
  readonly usdValue: typeof decimalString
}, undefined> = v.object({
  token: v.string(),
  available: decimalString,
  locked: decimalString,
  total: decimalString,
  usdValue: decimalString,
})
