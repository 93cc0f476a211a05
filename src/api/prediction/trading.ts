import * as v from 'valibot'
import { operation, type Operation } from '../operation.ts'
import type { CancelledOrders } from '../response-shapes.ts'
import { batchOf, clientOrderId, id, integer, priceE6, type IntegerSchema, type PatternSchema } from '../schemas.ts'
import type * as schemas from './responses.ts'
import { BINARY_MARKET, MULTI_MARKET, marketIdInput, outcomeIndex, shares, type MarketIdInput } from './schemas.ts'

export type { PredictionOrderStatus } from './responses.ts'
/** An order as the service lists it; `amount` counts whole shares, `sharesE6` the same in millionths. */
export interface PredictionOrder extends v.InferOutput<typeof schemas.predictionOrderSchema> {}
/** What a prediction write answers; `txSignature` is an operation id, not an on-chain signature. */
export interface TxResponse extends v.InferOutput<typeof schemas.txResponseSchema> {}
/** A complete set minted: `costE6` USDC paid, `amount` shares of every outcome credited. */
export interface MintedSet extends v.InferOutput<typeof schemas.mintedSetSchema> {}
/** A complete set burnt for `payoutE6` USDC. */
export interface RedeemedSet extends v.InferOutput<typeof schemas.redeemedSetSchema> {}
/** Winning shares claimed: 1 USDC each. */
export interface ClaimedWinnings extends v.InferOutput<typeof schemas.claimedWinningsSchema> {}

/** 0 = buy, 1 = sell; or the words perp and spot orders take (sent as 0 and 1). */
export type PredictionSide = 0 | 1 | 'buy' | 'sell'

/** The side as perp and spot orders say it, or as the service does: sent as 0 (buy) or 1 (sell). */
const side: v.UnionSchema<[v.PicklistSchema<[0, 1], undefined>, v.SchemaWithPipe<readonly [v.PicklistSchema<['buy', 'sell'], undefined>, v.TransformAction<'buy' | 'sell', 0 | 1>]>], 'must be "buy" or "sell" (or 0 for buy, 1 for sell)'> = v.union(
  [v.picklist([0, 1]), v.pipe(v.picklist(['buy', 'sell']), v.transform((word) => (word === 'buy' ? 0 : 1)))],
  'must be "buy" or "sell" (or 0 for buy, 1 for sell)',
)
/** 0 = GTC, 1 = GTD, 2 = IOC, 3 = FOK. */
export type PredictionOrderType = 0 | 1 | 2 | 3

const predictionOrder: v.StrictObjectSchema<{
  readonly marketId: typeof id
  readonly side: typeof side
  readonly outcomeIndex: IntegerSchema
  readonly priceE6: typeof priceE6
  readonly amount: IntegerSchema
  readonly orderType: v.OptionalSchema<v.PicklistSchema<[0, 1, 2, 3], 'must be 0 (GTC), 1 (GTD), 2 (IOC) or 3 (FOK)'>, undefined>
  readonly clientOrderId: v.OptionalSchema<PatternSchema, undefined>
  readonly leverage: v.OptionalSchema<IntegerSchema, undefined>
  readonly marginMode: v.OptionalSchema<v.PicklistSchema<['cross', 'isolated'], 'must be "cross" or "isolated"'>, undefined>
}, undefined> = v.strictObject({
  marketId: id,
  side,
  outcomeIndex,
  priceE6,
  amount: shares,
  orderType: v.optional(v.picklist([0, 1, 2, 3], 'must be 0 (GTC), 1 (GTD), 2 (IOC) or 3 (FOK)')),
  clientOrderId: v.optional(clientOrderId),
  // Leverage on a prediction order is margined: the service takes it with `marginMode` ("cross" as its
  // own client sends). Its cap depends on the market's duration: the service's to enforce.
  leverage: v.optional(integer(1)),
  marginMode: v.optional(v.picklist(['cross', 'isolated'], 'must be "cross" or "isolated"')),
})
const cancelInput: v.StrictObjectSchema<{
  readonly marketId: typeof id
  readonly orderId: typeof id
}, undefined> = v.strictObject({ marketId: id, orderId: id })
const cancelManyInput: v.StrictObjectSchema<{
  readonly marketId: typeof id
  readonly orderIds: v.SchemaWithPipe<readonly [v.ArraySchema<typeof id, 'must be a non-empty array'>, v.CheckAction<string[], 'must be a non-empty array'>]>
}, undefined> = v.strictObject({ marketId: id, orderIds: batchOf(id) })
const cancelAllInput: v.OptionalSchema<v.StrictObjectSchema<{
  readonly marketId: v.OptionalSchema<typeof id, undefined>
}, undefined>, undefined> = v.optional(v.strictObject({ marketId: v.optional(id) }))
const amountInput: v.StrictObjectSchema<{
  readonly marketId: typeof id
  readonly amount: IntegerSchema
}, undefined> = v.strictObject({ marketId: id, amount: shares })
const outcomeClaimInput: v.StrictObjectSchema<{
  readonly marketId: typeof id
  readonly outcomeIndex: IntegerSchema
}, undefined> = v.strictObject({ marketId: id, outcomeIndex })

export interface PredictionOrderInput extends v.InferInput<typeof predictionOrder> {}
export interface CancelPredictionOrderInput extends v.InferInput<typeof cancelInput> {}
export interface CancelPredictionOrdersInput extends v.InferInput<typeof cancelManyInput> {}
export type CancelAllPredictionOrdersInput = v.InferInput<typeof cancelAllInput>
export interface CompleteSetInput extends v.InferInput<typeof amountInput> {}
export interface OutcomeClaimInput extends v.InferInput<typeof outcomeClaimInput> {}

const marketId = BINARY_MARKET

/** Prediction Trading: every write is a POST and needs trade. */
export const predictionTradingOperations: {
  cancelOrders: Operation<CancelPredictionOrdersInput, CancelledOrders>
  cancelAllOrders: Operation<CancelAllPredictionOrdersInput, CancelledOrders>
  cancelOrder: Operation<CancelPredictionOrderInput, TxResponse>
  claimWinnings: Operation<MarketIdInput, ClaimedWinnings>
  mintCompleteSet: Operation<CompleteSetInput, MintedSet>
  claimMultiOutcomeWinnings: Operation<OutcomeClaimInput, ClaimedWinnings>
  mintMultiOutcomeCompleteSet: Operation<CompleteSetInput, MintedSet>
  placeMultiOutcomeOrder: Operation<PredictionOrderInput, TxResponse>
  redeemMultiOutcomeCompleteSet: Operation<CompleteSetInput, RedeemedSet>
  placeOrder: Operation<PredictionOrderInput, TxResponse>
  redeemCompleteSet: Operation<CompleteSetInput, RedeemedSet>
} = {
  cancelOrders: operation<CancelledOrders, CancelPredictionOrdersInput>({
    method: 'POST', path: '/api/v1/prediction/orders/batch-cancel', auth: 'trade', effect: 'trade', source: 'real', specName: 'batch cancel orders',
    summary: 'Cancel several orders of a market', input: cancelManyInput, example: { marketId, orderIds: ['5001', '5002'] },
  }),
  cancelAllOrders: operation<CancelledOrders, CancelAllPredictionOrdersInput>({
    method: 'POST', path: '/api/v1/prediction/orders/cancel-all', auth: 'trade', effect: 'trade', source: 'real', specName: 'cancel all orders',
    summary: 'Cancel every open order, or those of one market', input: cancelAllInput, example: { marketId },
  }),
  cancelOrder: operation<TxResponse, CancelPredictionOrderInput>({
    method: 'POST', path: '/api/v1/prediction/orders/cancel', auth: 'trade', effect: 'trade', source: 'real', specName: 'cancel a single order',
    summary: 'Cancel one order (POST: the spec says every prediction write is a POST)', input: cancelInput, example: { marketId, orderId: '5001' },
  }),
  claimWinnings: operation<ClaimedWinnings, MarketIdInput>({
    method: 'POST', path: '/api/v1/prediction/claims', auth: 'trade', effect: 'moves-value', source: 'real', specName: 'claim winnings after resolution',
    summary: 'Claim the winnings of a resolved binary market', input: marketIdInput, example: { marketId },
  }),
  mintCompleteSet: operation<MintedSet, CompleteSetInput>({
    method: 'POST', path: '/api/v1/prediction/mints', auth: 'trade', effect: 'moves-value', source: 'real', specName: 'mint complete set',
    summary: 'Pay `amount` USDC for `amount` shares of every outcome', input: amountInput, example: { marketId, amount: 10 },
  }),
  claimMultiOutcomeWinnings: operation<ClaimedWinnings, OutcomeClaimInput>({
    method: 'POST', path: '/api/v1/prediction/multi-outcome/claims', auth: 'trade', effect: 'moves-value', source: 'real', specName: 'claim multi-outcome winnings',
    summary: 'Claim the winnings of a resolved multi-outcome market', input: outcomeClaimInput, example: { marketId: MULTI_MARKET, outcomeIndex: 0 },
  }),
  mintMultiOutcomeCompleteSet: operation<MintedSet, CompleteSetInput>({
    method: 'POST', path: '/api/v1/prediction/multi-outcome/mints', auth: 'trade', effect: 'moves-value', source: 'real', specName: 'mint multi-outcome complete set',
    summary: 'Mint a complete set of a multi-outcome market', input: amountInput, example: { marketId: MULTI_MARKET, amount: 10 },
  }),
  placeMultiOutcomeOrder: operation<TxResponse, PredictionOrderInput>({
    method: 'POST', path: '/api/v1/prediction/multi-outcome/orders', auth: 'trade', effect: 'trade', source: 'real', specName: 'place multi-outcome order',
    summary: 'Place a limit order on a multi-outcome market; clientOrderId generated when absent',
    input: predictionOrder, placement: 'order',
    example: { marketId: MULTI_MARKET, side: 0, outcomeIndex: 1, priceE6: 300_000, amount: 10, orderType: 0 },
  }),
  redeemMultiOutcomeCompleteSet: operation<RedeemedSet, CompleteSetInput>({
    method: 'POST', path: '/api/v1/prediction/multi-outcome/redemptions', auth: 'trade', effect: 'moves-value', source: 'real', specName: 'redeem multi-outcome complete set',
    summary: 'Burn a complete set of a multi-outcome market for USDC', input: amountInput, example: { marketId: MULTI_MARKET, amount: 5 },
  }),
  placeOrder: operation<TxResponse, PredictionOrderInput>({
    method: 'POST', path: '/api/v1/prediction/orders', auth: 'trade', effect: 'trade', source: 'real', specName: 'place a limit order',
    summary: 'Place a limit order on a binary market; clientOrderId generated when absent',
    input: predictionOrder, placement: 'order',
    example: { marketId, side: 0, outcomeIndex: 0, priceE6: 550_000, amount: 10, orderType: 0, leverage: 2, marginMode: 'cross' },
  }),
  redeemCompleteSet: operation<RedeemedSet, CompleteSetInput>({
    method: 'POST', path: '/api/v1/prediction/redemptions', auth: 'trade', effect: 'moves-value', source: 'real', specName: 'redeem complete set',
    summary: 'Burn a complete set for USDC', input: amountInput, example: { marketId, amount: 5 },
  }),
}
