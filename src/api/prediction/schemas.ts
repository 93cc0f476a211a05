// Inputs and light response checks every prediction module uses.
import * as v from 'valibot'
import { id, integer, withStrings } from '../schemas.ts'

/** Outcome of a market: binary 0 = Yes, 1 = No; multi-outcome 0…n-1. */
export const outcomeIndex = integer(0, 63)

/** A share count (whole shares). */
export const shares = integer(1)

export const marketIdInput = v.strictObject({ marketId: id })
export type MarketIdInput = v.InferInput<typeof marketIdInput>

/** Example market ids of the docs: a binary market and a multi-outcome one. */
export const BINARY_MARKET = '1001'
export const MULTI_MARKET = '1003'

/** Light check of a market in `validateResponses: 'strict'`. */
export const marketShape = withStrings('marketId')
/** Light check of an order (placements, lists). */
export const predictionOrderShape = v.looseObject({ orderId: v.string(), marketId: v.string(), priceE6: v.number(), status: v.string() })
