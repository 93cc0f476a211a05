// Light response checks of every prediction operation (`exchange-client/strict`).
import * as v from 'valibot'
import { cancelledShape } from '../common/responses.ts'
import type { ResponseTable } from '../operation.ts'
import { itemsOf, klinesShape, pageOf, withStrings } from '../response-shapes.ts'
import type { predictionOperations } from './index.ts'

const marketShape = withStrings('marketId')
const marketList = itemsOf(marketShape)
const orderShape = v.looseObject({ orderId: v.string(), marketId: v.string(), priceE6: v.number(), status: v.string() })
const fillShape = v.looseObject({ orderId: v.string(), marketId: v.string(), priceE6: v.number() })
const levels = v.array(v.looseObject({ price: v.number() }))
const depthShape = v.looseObject({ outcomeIndex: v.number(), bids: levels, asks: levels })
const placedShape = v.looseObject({ txSignature: v.string(), orderId: v.string() })
const mintedShape = v.looseObject({ txSignature: v.string(), amount: v.number(), costE6: v.number() })
const redeemedShape = v.looseObject({ txSignature: v.string(), amount: v.number(), payoutE6: v.number() })
const claimedShape = v.looseObject({ txSignature: v.string(), shares: v.number(), payoutE6: v.number() })

export const predictionResponses: ResponseTable<typeof predictionOperations> = {
  // Discovery
  listCategories: v.array(v.looseObject({ category: v.string(), count: v.number() })),
  listMarkets: pageOf(marketShape),
  listActiveMarkets: marketList,
  listEndingSoonMarkets: marketList,
  listNewMarkets: marketList,
  listTrendingMarkets: marketList,
  searchMarkets: marketList,
  listTags: v.array(v.looseObject({ tag: v.string(), count: v.number() })),
  // Markets
  createMarket: marketShape,
  listMarketPrices: v.looseObject({ prices: v.array(marketShape) }),
  getMarket: marketShape,
  listDepths: v.array(depthShape),
  getDepth: depthShape,
  listKlines: klinesShape,
  getOrderbook: marketShape,
  listMarketOrders: itemsOf(orderShape),
  listOutcomes: v.array(v.looseObject({ outcomeIndex: v.number(), priceE6: v.number() })),
  getPriceBalance: v.looseObject({ sumPriceE6: v.number(), balanced: v.boolean() }),
  listPriceHistory: v.array(v.looseObject({ timestamp: v.number(), priceE6: v.number() })),
  getMarketStats: v.looseObject({ marketId: v.string(), totalVolumeE6: v.number(), totalTrades: v.number() }),
  listMarketTrades: v.array(v.looseObject({ tradeId: v.string(), priceE6: v.number(), amount: v.number() })),
  // User
  listActivity: itemsOf(v.looseObject({ type: v.string(), timestamp: v.number() })),
  getMatchStats: v.looseObject({ marketId: v.string(), totalMatches: v.number() }),
  listMatches: itemsOf(v.looseObject({ matchId: v.string(), priceE6: v.number() })),
  listMyMatches: pageOf(fillShape),
  listMyOrders: pageOf(orderShape),
  listMyPositions: pageOf(v.looseObject({ marketId: v.string(), outcomeIndex: v.number(), shares: v.number() })),
  getMyStats: v.looseObject({ totalTrades: v.number(), totalVolumeE6: v.number() }),
  listMyTrades: pageOf(fillShape),
  // Trading
  cancelOrders: cancelledShape,
  cancelAllOrders: cancelledShape,
  cancelOrder: placedShape,
  claimWinnings: claimedShape,
  mintCompleteSet: mintedShape,
  claimMultiOutcomeWinnings: claimedShape,
  mintMultiOutcomeCompleteSet: mintedShape,
  placeMultiOutcomeOrder: placedShape,
  redeemMultiOutcomeCompleteSet: redeemedShape,
  placeOrder: placedShape,
  redeemCompleteSet: redeemedShape,
  // Oracle
  getOracleConfig: v.looseObject({ challengePeriodMs: v.number() }),
  getProposal: v.looseObject({ status: v.string() }),
  getResearch: withStrings('marketId', 'status'),
  challengeResult: v.looseObject({ txSignature: v.string(), status: v.string(), proposedOutcomeIndex: v.number() }),
  finalizeResult: v.looseObject({ txSignature: v.string(), finalOutcomeIndex: v.number() }),
}
