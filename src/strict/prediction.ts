// The response schemas of the prediction operations by name, checked against their descriptors' outputs
// (a schema and the type it is the source of cannot drift apart): `exchange-client/strict`.
import * as v from 'valibot'
import type { ResponseTable } from '../api/operation.ts'
import type { predictionOperations } from '../api/prediction/index.ts'
import { activityEventSchema, batchPricesSchema, categoryCountSchema, challengedProposalSchema, claimedWinningsSchema, finalizedResultSchema, matchStatsSchema, mintedSetSchema, oracleConfigSchema, oracleResearchSchema, outcomeDepthSchema, outcomeProbabilitySchema, predictionFillSchema, predictionMarketSchema, predictionMarketStatsSchema, predictionMatchSchema, predictionMyMatchSchema, predictionOrderBookSchema, predictionOrderSchema, predictionPositionSchema, predictionStatsSchema, predictionTradeSchema, priceBalanceSchema, pricePointSchema, proposalSchema, redeemedSetSchema, tagCountSchema, txResponseSchema } from '../api/prediction/responses.ts'
import { cancelledOrdersSchema, itemsOf, klinesSchema, pageOf } from '../api/response-shapes.ts'

const marketList = itemsOf(predictionMarketSchema)

export const predictionResponses: ResponseTable<typeof predictionOperations> = {
  // Discovery
  listCategories: v.array(categoryCountSchema),
  listMarkets: pageOf(predictionMarketSchema),
  listActiveMarkets: marketList,
  listEndingSoonMarkets: marketList,
  listNewMarkets: marketList,
  listTrendingMarkets: marketList,
  searchMarkets: marketList,
  listTags: v.array(tagCountSchema),
  // Markets
  createMarket: predictionMarketSchema,
  listMarketPrices: batchPricesSchema,
  getMarket: predictionMarketSchema,
  listDepths: v.array(outcomeDepthSchema),
  getDepth: outcomeDepthSchema,
  listKlines: klinesSchema,
  getOrderbook: predictionOrderBookSchema,
  listMarketOrders: itemsOf(predictionOrderSchema),
  listOutcomes: v.array(outcomeProbabilitySchema),
  getPriceBalance: priceBalanceSchema,
  listPriceHistory: v.array(pricePointSchema),
  getMarketStats: predictionMarketStatsSchema,
  listMarketTrades: v.array(predictionTradeSchema),
  // User
  listActivity: itemsOf(activityEventSchema),
  getMatchStats: matchStatsSchema,
  listMatches: itemsOf(predictionMatchSchema),
  listMyMatches: pageOf(predictionMyMatchSchema),
  listMyOrders: pageOf(predictionOrderSchema),
  listMyPositions: pageOf(predictionPositionSchema),
  getMyStats: predictionStatsSchema,
  listMyTrades: pageOf(predictionFillSchema),
  // Trading
  cancelOrders: cancelledOrdersSchema,
  cancelAllOrders: cancelledOrdersSchema,
  cancelOrder: txResponseSchema,
  claimWinnings: claimedWinningsSchema,
  mintCompleteSet: mintedSetSchema,
  claimMultiOutcomeWinnings: claimedWinningsSchema,
  mintMultiOutcomeCompleteSet: mintedSetSchema,
  placeMultiOutcomeOrder: txResponseSchema,
  redeemMultiOutcomeCompleteSet: redeemedSetSchema,
  placeOrder: txResponseSchema,
  redeemCompleteSet: redeemedSetSchema,
  // Oracle
  getOracleConfig: oracleConfigSchema,
  getProposal: proposalSchema,
  getResearch: oracleResearchSchema,
  challengeResult: challengedProposalSchema,
  finalizeResult: finalizedResultSchema,
}
