import * as v from 'valibot'
import { operation } from '../operation.ts'
import { batchOf, clientOrderId, id, priceE6, type Data } from '../schemas.ts'
import { BINARY_MARKET, MULTI_MARKET, marketIdInput, outcomeIndex, shares, type MarketIdInput } from './schemas.ts'

/** 0 = buy, 1 = sell. */
export type PredictionSide = 0 | 1
/** 0 = GTC, 1 = GTD, 2 = IOC, 3 = FOK. */
export type PredictionOrderType = 0 | 1 | 2 | 3

export interface PredictionOrder {
  orderId: string
  clientOrderId?: string | null
  marketId: string
  side: PredictionSide
  outcomeIndex: number
  priceE6: number
  amount: number
  status: string
  [field: string]: unknown
}

/** What a prediction write answers; `txSignature` is an operation id, not an on-chain signature. */
export interface TxResponse {
  txSignature: string
  orderId?: string
  status?: string
  filledQty?: number
  [field: string]: unknown
}

const predictionOrder = v.strictObject({
  marketId: id,
  side: v.picklist([0, 1], 'must be 0 (buy) or 1 (sell)'),
  outcomeIndex,
  priceE6,
  amount: shares,
  orderType: v.optional(v.picklist([0, 1, 2, 3], 'must be 0 (GTC), 1 (GTD), 2 (IOC) or 3 (FOK)')),
  clientOrderId: v.optional(clientOrderId),
})
const cancelInput = v.strictObject({ marketId: id, orderId: id })
const cancelManyInput = v.strictObject({ marketId: id, orderIds: batchOf(id) })
const cancelAllInput = v.optional(v.strictObject({ marketId: v.optional(id) }))
const amountInput = v.strictObject({ marketId: id, amount: shares })
const outcomeClaimInput = v.strictObject({ marketId: id, outcomeIndex })

export type PredictionOrderInput = v.InferInput<typeof predictionOrder>
export type CancelPredictionOrderInput = v.InferInput<typeof cancelInput>
export type CancelPredictionOrdersInput = v.InferInput<typeof cancelManyInput>
export type CancelAllPredictionOrdersInput = v.InferInput<typeof cancelAllInput>
export type CompleteSetInput = v.InferInput<typeof amountInput>
export type OutcomeClaimInput = v.InferInput<typeof outcomeClaimInput>

const marketId = BINARY_MARKET
const txShape = v.looseObject({ txSignature: v.string(), orderId: v.optional(v.string()) })

/** Prediction Trading: every write is a POST and needs trade. */
export const predictionTradingOperations = {
  cancelOrders: operation<Data, CancelPredictionOrdersInput>({
    method: 'POST', path: '/api/v1/prediction/orders/batch-cancel', auth: 'trade', source: 'real',
    summary: 'Cancel up to 50 orders of a market', input: cancelManyInput, example: { marketId, orderIds: ['5001', '5002'] },
  }),
  cancelAllOrders: operation<Data, CancelAllPredictionOrdersInput>({
    method: 'POST', path: '/api/v1/prediction/orders/cancel-all', auth: 'trade', source: 'real',
    summary: 'Cancel every open order, or those of one market', input: cancelAllInput, example: { marketId },
  }),
  cancelOrder: operation<TxResponse, CancelPredictionOrderInput>({
    method: 'POST', path: '/api/v1/prediction/orders/cancel', auth: 'trade', source: 'real',
    summary: 'Cancel one order (POST: the spec says every prediction write is a POST)', input: cancelInput, example: { marketId, orderId: '5001' },
  }),
  claimWinnings: operation<TxResponse, MarketIdInput>({
    method: 'POST', path: '/api/v1/prediction/claims', auth: 'trade', source: 'real',
    summary: 'Claim the winnings of a resolved binary market', input: marketIdInput, example: { marketId },
  }),
  mintCompleteSet: operation<TxResponse, CompleteSetInput>({
    method: 'POST', path: '/api/v1/prediction/mints', auth: 'trade', source: 'real',
    summary: 'Pay `amount` USDC for `amount` shares of every outcome', input: amountInput, example: { marketId, amount: 10 },
  }),
  claimMultiOutcomeWinnings: operation<TxResponse, OutcomeClaimInput>({
    method: 'POST', path: '/api/v1/prediction/multi-outcome/claims', auth: 'trade', source: 'real',
    summary: 'Claim the winnings of a resolved multi-outcome market', input: outcomeClaimInput, example: { marketId: MULTI_MARKET, outcomeIndex: 0 },
  }),
  mintMultiOutcomeCompleteSet: operation<TxResponse, CompleteSetInput>({
    method: 'POST', path: '/api/v1/prediction/multi-outcome/mints', auth: 'trade', source: 'real',
    summary: 'Mint a complete set of a multi-outcome market', input: amountInput, example: { marketId: MULTI_MARKET, amount: 10 },
  }),
  placeMultiOutcomeOrder: operation<TxResponse, PredictionOrderInput>({
    method: 'POST', path: '/api/v1/prediction/multi-outcome/orders', auth: 'trade', source: 'real',
    summary: 'Place a limit order on a multi-outcome market; clientOrderId generated when absent',
    input: predictionOrder, placement: 'order', response: txShape,
    example: { marketId: MULTI_MARKET, side: 0, outcomeIndex: 1, priceE6: 300_000, amount: 10, orderType: 0 },
  }),
  redeemMultiOutcomeCompleteSet: operation<TxResponse, CompleteSetInput>({
    method: 'POST', path: '/api/v1/prediction/multi-outcome/redemptions', auth: 'trade', source: 'real',
    summary: 'Burn a complete set of a multi-outcome market for USDC', input: amountInput, example: { marketId: MULTI_MARKET, amount: 5 },
  }),
  placeOrder: operation<TxResponse, PredictionOrderInput>({
    method: 'POST', path: '/api/v1/prediction/orders', auth: 'trade', source: 'real',
    summary: 'Place a limit order on a binary market; clientOrderId generated when absent',
    input: predictionOrder, placement: 'order', response: txShape,
    example: { marketId, side: 0, outcomeIndex: 0, priceE6: 550_000, amount: 10, orderType: 0 },
  }),
  redeemCompleteSet: operation<TxResponse, CompleteSetInput>({
    method: 'POST', path: '/api/v1/prediction/redemptions', auth: 'trade', source: 'real',
    summary: 'Burn a complete set for USDC', input: amountInput, example: { marketId, amount: 5 },
  }),
}
