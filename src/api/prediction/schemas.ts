// Inputs every prediction module uses.
import * as v from 'valibot'
import { id, integer } from '../schemas.ts'

/**
 * Outcome of a market: binary 0 = Yes, 1 = No; multi-outcome 0…n-1. A u8 on the service (its serde
 * message says "expected u8"); how many outcomes a market has is the service's to say.
 */
export const outcomeIndex: v.SchemaWithPipe<readonly [v.NumberSchema<string>, v.CheckAction<number, string>]> = integer(0, 255)

/** A share count (whole shares). */
export const shares: v.SchemaWithPipe<readonly [v.NumberSchema<string>, v.CheckAction<number, string>]> = integer(1)

export const marketIdInput: v.StrictObjectSchema<{
  readonly marketId: v.SchemaWithPipe<readonly [v.CustomSchema<string | number, v.ErrorMessage<v.CustomIssue> | undefined>, v.CheckAction<string | number, "must be an id: 1 to 128 characters of [A-Za-z0-9_.~:-], a letter or digit first, or a non-negative safe integer">, v.TransformAction<any, string>]>;
}, undefined> = v.strictObject({ marketId: id })
export interface MarketIdInput extends v.InferInput<typeof marketIdInput> {}

/** Example market ids of the docs: a binary market and a multi-outcome one. */
export const BINARY_MARKET = '1001'
export const MULTI_MARKET = '1003'
