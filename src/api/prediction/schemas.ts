// Inputs every prediction module uses.
import * as v from 'valibot'
import { id, integer, type IntegerSchema } from '../schemas.ts'

/**
 * Outcome of a market: binary 0 = Yes, 1 = No; multi-outcome 0…n-1. A u8 on the service (its serde
 * message says "expected u8"); how many outcomes a market has is the service's to say.
 */
export const outcomeIndex: IntegerSchema = integer(0, 255)

/** A share count (whole shares). */
export const shares: IntegerSchema = integer(1)

export const marketIdInput: v.StrictObjectSchema<{
  readonly marketId: typeof id
}, undefined> = v.strictObject({ marketId: id })
export interface MarketIdInput extends v.InferInput<typeof marketIdInput> {}

/** Example market ids of the docs: a binary market and a multi-outcome one. */
export const BINARY_MARKET = '1001'
export const MULTI_MARKET = '1003'
