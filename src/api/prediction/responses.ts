// Response schemas of every prediction operation (`exchange-client/strict`), and the source of the
// prediction response types (discovery.ts, markets.ts, user.ts, trading.ts, oracle.ts import them as
// types only). `*E6` fields are integers in millionths; ids are strings; casing of statuses and market
// types varies on the real service, so those fields are open.
import * as v from 'valibot'
import { idString, ms, numericSideSchema, openString, type Open } from '../response-shapes.ts'
import type { MarketType } from '../schemas.ts'

/** Either casing the service uses. */
type AnyCase<T extends string> = T | Uppercase<T>
export type PredictionMarketStatus = 'active' | 'closed' | 'resolved'
/** `active` is a resting order; the real service has `partial_filled`. */
export type PredictionOrderStatus = 'active' | 'partial_filled' | 'filled' | 'cancelled' | 'expired' | 'rejected'

const marketType: v.GenericSchema<Open<AnyCase<'binary' | 'multi_outcome'>>> = openString<AnyCase<MarketType>>()

// ---- Discovery ----

export const categoryCountSchema: v.ObjectSchema<{
  readonly category: v.StringSchema<undefined>
  readonly count: v.NumberSchema<undefined>
}, undefined> = v.object({ category: v.string(), count: v.number() })
export const tagCountSchema: v.ObjectSchema<{
  readonly tag: v.StringSchema<undefined>
  readonly count: v.NumberSchema<undefined>
}, undefined> = v.object({ tag: v.string(), count: v.number() })

// ---- Markets ----

export const outcomeSchema: v.ObjectSchema<{
  readonly outcomeIndex: v.NumberSchema<undefined>
  readonly label: v.StringSchema<undefined>
  readonly priceE6: v.NumberSchema<undefined>
}, undefined> = v.object({ outcomeIndex: v.number(), label: v.string(), priceE6: v.number() })

/** A prediction market. */
export const predictionMarketSchema: v.ObjectSchema<{
  readonly marketId: typeof idString
  readonly slug: v.OptionalSchema<v.StringSchema<undefined>, undefined>
  readonly marketType: typeof marketType
  readonly numOutcomes: v.NumberSchema<undefined>
  readonly question: v.StringSchema<undefined>
  readonly description: v.OptionalSchema<v.StringSchema<undefined>, undefined>
  readonly category: v.StringSchema<undefined>
  readonly tags: v.OptionalSchema<v.ArraySchema<v.StringSchema<undefined>, undefined>, undefined>
  readonly status: v.GenericSchema<Open<AnyCase<PredictionMarketStatus>>>
  readonly endTime: typeof ms
  readonly outcomes: v.ArraySchema<typeof outcomeSchema, undefined>
  readonly createdAt: v.OptionalSchema<typeof ms, undefined>
  readonly totalVolumeE6: v.OptionalSchema<v.NumberSchema<undefined>, undefined>
  readonly totalLiquidityE6: v.OptionalSchema<v.NumberSchema<undefined>, undefined>
  readonly openInterestE6: v.OptionalSchema<v.NumberSchema<undefined>, undefined>
  readonly collectionId: v.NullishSchema<typeof idString, undefined>
  readonly collectionName: v.NullishSchema<v.StringSchema<undefined>, undefined>
  readonly imageUrl: v.NullishSchema<v.StringSchema<undefined>, undefined>
  /** The winning outcome once the oracle's result is final, else `null`. */
  readonly finalOutcomeIndex: v.NullishSchema<v.NumberSchema<undefined>, undefined>
  readonly resolvedAt: v.NullishSchema<typeof ms, undefined>
}, undefined> = v.object({
  marketId: idString,
  slug: v.optional(v.string()),
  marketType,
  numOutcomes: v.number(),
  question: v.string(),
  description: v.optional(v.string()),
  category: v.string(),
  tags: v.optional(v.array(v.string())),
  status: openString<AnyCase<PredictionMarketStatus>>(),
  endTime: ms,
  outcomes: v.array(outcomeSchema),
  createdAt: v.optional(ms),
  totalVolumeE6: v.optional(v.number()),
  totalLiquidityE6: v.optional(v.number()),
  openInterestE6: v.optional(v.number()),
  collectionId: v.nullish(idString),
  collectionName: v.nullish(v.string()),
  imageUrl: v.nullish(v.string()),
  /** The winning outcome once the oracle's result is final, else `null`. */
  finalOutcomeIndex: v.nullish(v.number()),
  resolvedAt: v.nullish(ms),
})

export const marketPricesSchema: v.ObjectSchema<{
  readonly marketId: typeof idString
  readonly marketType: typeof marketType
  readonly outcomes: v.ArraySchema<typeof outcomeSchema, undefined>
  readonly updatedAt: typeof ms
}, undefined> = v.object({ marketId: idString, marketType, outcomes: v.array(outcomeSchema), updatedAt: ms })
export const batchPricesSchema: v.ObjectSchema<{
  readonly prices: v.ArraySchema<typeof marketPricesSchema, undefined>
}, undefined> = v.object({ prices: v.array(marketPricesSchema) })

/** A depth level: `price` is a float in [0, 1]. */
export const depthLevelSchema: v.ObjectSchema<{
  readonly price: v.NumberSchema<undefined>
  readonly amount: v.NumberSchema<undefined>
}, undefined> = v.object({ price: v.number(), amount: v.number() })
export const outcomeDepthSchema: v.ObjectSchema<{
  readonly outcomeIndex: v.NumberSchema<undefined>
  readonly bids: v.ArraySchema<typeof depthLevelSchema, undefined>
  readonly asks: v.ArraySchema<typeof depthLevelSchema, undefined>
}, undefined> = v.object({ outcomeIndex: v.number(), bids: v.array(depthLevelSchema), asks: v.array(depthLevelSchema) })

const bookLevelSchema = v.object({ price: v.number(), shares: v.number(), orderCount: v.number() })
export const predictionOrderBookSchema: v.ObjectSchema<{
  readonly marketId: typeof idString
  readonly marketType: typeof marketType
  readonly bids: v.ArraySchema<v.ObjectSchema<{
    readonly price: v.NumberSchema<undefined>
    readonly shares: v.NumberSchema<undefined>
    readonly orderCount: v.NumberSchema<undefined>
  }, undefined>, undefined>
  readonly asks: v.ArraySchema<v.ObjectSchema<{
    readonly price: v.NumberSchema<undefined>
    readonly shares: v.NumberSchema<undefined>
    readonly orderCount: v.NumberSchema<undefined>
  }, undefined>, undefined>
  readonly lastUpdated: typeof ms
}, undefined> = v.object({
  marketId: idString,
  marketType,
  bids: v.array(bookLevelSchema),
  asks: v.array(bookLevelSchema),
  lastUpdated: ms,
})

export const priceBalanceSchema: v.ObjectSchema<{
  readonly sumPriceE6: v.NumberSchema<undefined>
  readonly balanced: v.BooleanSchema<undefined>
  readonly toleranceE6: v.OptionalSchema<v.NumberSchema<undefined>, undefined>
  readonly outcomes: v.OptionalSchema<v.ArraySchema<typeof outcomeSchema, undefined>, undefined>
}, undefined> = v.object({
  sumPriceE6: v.number(),
  balanced: v.boolean(),
  toleranceE6: v.optional(v.number()),
  outcomes: v.optional(v.array(outcomeSchema)),
})

/** An outcome with its price as a probability, and whether it won once the market is resolved. */
export const outcomeProbabilitySchema: v.ObjectSchema<{
  readonly outcomeIndex: v.NumberSchema<undefined>
  readonly label: v.StringSchema<undefined>
  readonly priceE6: v.NumberSchema<undefined>
  readonly probability: v.NumberSchema<undefined>
  readonly winner: v.NullableSchema<v.BooleanSchema<undefined>, undefined>
}, undefined> = v.object({ ...outcomeSchema.entries, probability: v.number(), winner: v.nullable(v.boolean()) })

/** A point of an outcome's price history. */
export const pricePointSchema: v.ObjectSchema<{
  readonly timestamp: typeof ms
  readonly priceE6: v.NumberSchema<undefined>
}, undefined> = v.object({ timestamp: ms, priceE6: v.number() })

export const predictionMarketStatsSchema: v.ObjectSchema<{
  readonly marketId: typeof idString
  readonly totalVolumeE6: v.NumberSchema<undefined>
  readonly volume24hE6: v.OptionalSchema<v.NumberSchema<undefined>, undefined>
  readonly totalTrades: v.NumberSchema<undefined>
  readonly openInterestE6: v.OptionalSchema<v.NumberSchema<undefined>, undefined>
  readonly outcomes: v.OptionalSchema<v.ArraySchema<typeof outcomeSchema, undefined>, undefined>
  readonly status: v.OptionalSchema<v.GenericSchema<Open<AnyCase<PredictionMarketStatus>>>, undefined>
}, undefined> = v.object({
  marketId: idString,
  totalVolumeE6: v.number(),
  volume24hE6: v.optional(v.number()),
  totalTrades: v.number(),
  openInterestE6: v.optional(v.number()),
  outcomes: v.optional(v.array(outcomeSchema)),
  status: v.optional(openString<AnyCase<PredictionMarketStatus>>()),
})

/** A public match of two orders (no account ids); `takerSide` 0 = buy, 1 = sell. */
const matchEntries: {
  matchId: typeof idString
  marketId: typeof idString
  outcomeIndex: v.NumberSchema<undefined>
  takerSide: typeof numericSideSchema
  priceE6: v.NumberSchema<undefined>
  amount: v.NumberSchema<undefined>
  createdAt: typeof ms
} = {
  matchId: idString,
  marketId: idString,
  outcomeIndex: v.number(),
  takerSide: numericSideSchema,
  priceE6: v.number(),
  amount: v.number(),
  createdAt: ms,
}
export const predictionMatchSchema: v.ObjectSchema<typeof matchEntries, undefined> = v.object(matchEntries)
/** A trade of the market: a match under its trade id. */
export const predictionTradeSchema: v.ObjectSchema<{
  readonly matchId: typeof idString
  readonly marketId: typeof idString
  readonly outcomeIndex: v.NumberSchema<undefined>
  readonly takerSide: typeof numericSideSchema
  readonly priceE6: v.NumberSchema<undefined>
  readonly amount: v.NumberSchema<undefined>
  readonly createdAt: typeof ms
  readonly tradeId: typeof idString
}, undefined> = v.object({ ...matchEntries, tradeId: idString })

// ---- Trading ----

/** An order as the service lists it; `amount` counts whole shares, `sharesE6` the same in millionths. */
export const predictionOrderSchema: v.ObjectSchema<{
  readonly orderId: typeof idString
  readonly clientOrderId: v.NullishSchema<v.StringSchema<undefined>, undefined>
  readonly marketId: typeof idString
  readonly side: typeof numericSideSchema
  readonly outcomeIndex: v.NumberSchema<undefined>
  readonly priceE6: v.NumberSchema<undefined>
  readonly amount: v.NumberSchema<undefined>
  readonly filledAmount: v.OptionalSchema<v.NumberSchema<undefined>, undefined>
  readonly remainingAmount: v.OptionalSchema<v.NumberSchema<undefined>, undefined>
  readonly sharesE6: v.OptionalSchema<v.NumberSchema<undefined>, undefined>
  readonly filledSharesE6: v.OptionalSchema<v.NumberSchema<undefined>, undefined>
  readonly avgPriceE6: v.NullishSchema<v.NumberSchema<undefined>, undefined>
  /** 0 = GTC, 1 = GTD, 2 = IOC, 3 = FOK. */
  readonly orderType: v.OptionalSchema<v.PicklistSchema<[0, 1, 2, 3], undefined>, undefined>
  readonly status: v.GenericSchema<Open<AnyCase<PredictionOrderStatus>>>
  readonly createdAt: v.OptionalSchema<typeof ms, undefined>
  readonly updatedAt: v.OptionalSchema<typeof ms, undefined>
}, undefined> = v.object({
  orderId: idString,
  clientOrderId: v.nullish(v.string()),
  marketId: idString,
  side: numericSideSchema,
  outcomeIndex: v.number(),
  priceE6: v.number(),
  amount: v.number(),
  filledAmount: v.optional(v.number()),
  remainingAmount: v.optional(v.number()),
  sharesE6: v.optional(v.number()),
  filledSharesE6: v.optional(v.number()),
  avgPriceE6: v.nullish(v.number()),
  /** 0 = GTC, 1 = GTD, 2 = IOC, 3 = FOK. */
  orderType: v.optional(v.picklist([0, 1, 2, 3])),
  status: openString<AnyCase<PredictionOrderStatus>>(),
  createdAt: v.optional(ms),
  updatedAt: v.optional(ms),
})

/** What a prediction write answers; `txSignature` is an operation id, not an on-chain signature. */
export const txResponseSchema: v.ObjectSchema<{
  readonly txSignature: v.StringSchema<undefined>
  readonly orderId: v.OptionalSchema<typeof idString, undefined>
  readonly status: v.OptionalSchema<v.GenericSchema<Open<AnyCase<PredictionOrderStatus>>>, undefined>
  readonly filledQty: v.OptionalSchema<v.NumberSchema<undefined>, undefined>
}, undefined> = v.object({
  txSignature: v.string(),
  orderId: v.optional(idString),
  status: v.optional(openString<AnyCase<PredictionOrderStatus>>()),
  filledQty: v.optional(v.number()),
})

/** A complete set minted: `costE6` USDC paid, `amount` shares of every outcome credited. */
export const mintedSetSchema: v.ObjectSchema<{
  readonly txSignature: v.StringSchema<undefined>
  readonly marketId: typeof idString
  readonly amount: v.NumberSchema<undefined>
  readonly costE6: v.NumberSchema<undefined>
  readonly outcomes: v.ArraySchema<v.ObjectSchema<{
    readonly outcomeIndex: v.NumberSchema<undefined>
    readonly label: v.StringSchema<undefined>
    readonly shares: v.NumberSchema<undefined>
  }, undefined>, undefined>
}, undefined> = v.object({
  txSignature: v.string(),
  marketId: idString,
  amount: v.number(),
  costE6: v.number(),
  outcomes: v.array(v.object({ outcomeIndex: v.number(), label: v.string(), shares: v.number() })),
})
/** A complete set burnt for `payoutE6` USDC. */
export const redeemedSetSchema: v.ObjectSchema<{
  readonly txSignature: v.StringSchema<undefined>
  readonly marketId: typeof idString
  readonly amount: v.NumberSchema<undefined>
  readonly payoutE6: v.NumberSchema<undefined>
}, undefined> = v.object({ txSignature: v.string(), marketId: idString, amount: v.number(), payoutE6: v.number() })
/** Winning shares claimed: 1 USDC each. */
export const claimedWinningsSchema: v.ObjectSchema<{
  readonly txSignature: v.StringSchema<undefined>
  readonly marketId: typeof idString
  readonly outcomeIndex: v.NumberSchema<undefined>
  readonly shares: v.NumberSchema<undefined>
  readonly payoutE6: v.NumberSchema<undefined>
}, undefined> = v.object({
  txSignature: v.string(),
  marketId: idString,
  outcomeIndex: v.number(),
  shares: v.number(),
  payoutE6: v.number(),
})

// ---- User ----

/** Shares held in one outcome; `*E6` are millionths of USDC. */
export const predictionPositionSchema: v.ObjectSchema<{
  readonly marketId: typeof idString
  readonly outcomeIndex: v.NumberSchema<undefined>
  readonly outcomeLabel: v.OptionalSchema<v.StringSchema<undefined>, undefined>
  readonly question: v.OptionalSchema<v.StringSchema<undefined>, undefined>
  readonly marketStatus: v.OptionalSchema<v.GenericSchema<Open<AnyCase<PredictionMarketStatus>>>, undefined>
  readonly shares: v.NumberSchema<undefined>
  readonly lockedShares: v.OptionalSchema<v.NumberSchema<undefined>, undefined>
  readonly avgPriceE6: v.NumberSchema<undefined>
  readonly currentPriceE6: v.OptionalSchema<v.NumberSchema<undefined>, undefined>
  readonly costE6: v.OptionalSchema<v.NumberSchema<undefined>, undefined>
  readonly valueE6: v.OptionalSchema<v.NumberSchema<undefined>, undefined>
  readonly realizedPnlE6: v.NumberSchema<undefined>
  readonly unrealizedPnlE6: v.NumberSchema<undefined>
}, undefined> = v.object({
  marketId: idString,
  outcomeIndex: v.number(),
  outcomeLabel: v.optional(v.string()),
  question: v.optional(v.string()),
  marketStatus: v.optional(openString<AnyCase<PredictionMarketStatus>>()),
  shares: v.number(),
  lockedShares: v.optional(v.number()),
  avgPriceE6: v.number(),
  currentPriceE6: v.optional(v.number()),
  costE6: v.optional(v.number()),
  valueE6: v.optional(v.number()),
  realizedPnlE6: v.number(),
  unrealizedPnlE6: v.number(),
})

export const predictionStatsSchema: v.ObjectSchema<{
  readonly totalTrades: v.NumberSchema<undefined>
  readonly totalVolumeE6: v.NumberSchema<undefined>
  readonly totalPnlE6: v.NumberSchema<undefined>
  readonly activePositions: v.NumberSchema<undefined>
  readonly activeOrders: v.NumberSchema<undefined>
  readonly marketsParticipated: v.NumberSchema<undefined>
}, undefined> = v.object({
  totalTrades: v.number(),
  totalVolumeE6: v.number(),
  totalPnlE6: v.number(),
  activePositions: v.number(),
  activeOrders: v.number(),
  marketsParticipated: v.number(),
})

/** An event of the public activity feed: a trade, a market created, a mint, a proposal… */
export const activityEventSchema: v.ObjectSchema<{
  readonly type: v.StringSchema<undefined>
  readonly marketId: typeof idString
  readonly outcomeIndex: v.NullishSchema<v.NumberSchema<undefined>, undefined>
  readonly amount: v.NullishSchema<v.NumberSchema<undefined>, undefined>
  readonly timestamp: typeof ms
}, undefined> = v.object({
  type: v.string(),
  marketId: idString,
  outcomeIndex: v.nullish(v.number()),
  amount: v.nullish(v.number()),
  timestamp: ms,
})

export const matchStatsSchema: v.ObjectSchema<{
  readonly marketId: typeof idString
  readonly totalMatches: v.NumberSchema<undefined>
}, undefined> = v.object({ marketId: idString, totalMatches: v.number() })

/** A fill of one of the caller's orders; `side` 0 = buy, 1 = sell. */
const fillEntries: {
  readonly orderId: typeof idString
  readonly clientOrderId: v.NullishSchema<v.StringSchema<undefined>, undefined>
  readonly marketId: typeof idString
  readonly outcomeIndex: v.NumberSchema<undefined>
  readonly side: typeof numericSideSchema
  readonly priceE6: v.NumberSchema<undefined>
  readonly amount: v.NumberSchema<undefined>
  readonly valueE6: v.OptionalSchema<v.NumberSchema<undefined>, undefined>
  readonly role: v.OptionalSchema<v.GenericSchema<Open<'maker' | 'taker'>>, undefined>
  readonly realizedPnlE6: v.OptionalSchema<v.NumberSchema<undefined>, undefined>
  readonly createdAt: typeof ms
} = {
  orderId: idString,
  clientOrderId: v.nullish(v.string()),
  marketId: idString,
  outcomeIndex: v.number(),
  side: numericSideSchema,
  priceE6: v.number(),
  amount: v.number(),
  valueE6: v.optional(v.number()),
  role: v.optional(openString<'maker' | 'taker'>()),
  realizedPnlE6: v.optional(v.number()),
  createdAt: ms,
}
export const predictionFillSchema: v.ObjectSchema<typeof fillEntries & { readonly tradeId: typeof idString }, undefined> = v.object({ tradeId: idString, ...fillEntries })
/** One of the caller's matches: a fill under its match id. */
export const predictionMyMatchSchema: v.ObjectSchema<typeof fillEntries & { readonly matchId: typeof idString }, undefined> = v.object({ matchId: idString, ...fillEntries })

// ---- Oracle ----

export const oracleConfigSchema: v.ObjectSchema<{
  readonly marketId: v.OptionalSchema<typeof idString, undefined>
  readonly challengePeriodMs: v.NumberSchema<undefined>
  readonly bondE6: v.NumberSchema<undefined>
  readonly sources: v.ArraySchema<v.UnknownSchema, undefined>
}, undefined> = v.object({
  marketId: v.optional(idString),
  challengePeriodMs: v.number(),
  bondE6: v.number(),
  sources: v.array(v.unknown()),
})

export const oracleChallengeSchema: v.ObjectSchema<{
  readonly challenger: v.StringSchema<undefined>
  readonly outcomeIndex: v.NumberSchema<undefined>
  readonly evidenceHash: v.NullableSchema<v.StringSchema<undefined>, undefined>
  readonly challengedAt: typeof ms
}, undefined> = v.object({
  challenger: v.string(),
  outcomeIndex: v.number(),
  evidenceHash: v.nullable(v.string()),
  challengedAt: ms,
})

/** A market's result proposal. A challenge replaces the proposed outcome and restarts the period. */
const proposalEntries: {
  marketId: typeof idString
  status: v.PicklistSchema<['none', 'proposed', 'challenged', 'finalized'], undefined>
  proposedOutcomeIndex: v.NullableSchema<v.NumberSchema<undefined>, undefined>
  proposedAt: v.NullableSchema<typeof ms, undefined>
  /** UTC ms; challenges are taken until then, finalization only after. */
  challengeDeadline: v.NullableSchema<typeof ms, undefined>
  challenges: v.ArraySchema<typeof oracleChallengeSchema, undefined>
  challengeCount: v.OptionalSchema<v.NumberSchema<undefined>, undefined>
  finalizedAt: v.NullableSchema<typeof ms, undefined>
  finalOutcomeIndex: v.NullishSchema<v.NumberSchema<undefined>, undefined>
} = {
  marketId: idString,
  status: v.picklist(['none', 'proposed', 'challenged', 'finalized']),
  proposedOutcomeIndex: v.nullable(v.number()),
  proposedAt: v.nullable(ms),
  /** UTC ms; challenges are taken until then, finalization only after. */
  challengeDeadline: v.nullable(ms),
  challenges: v.array(oracleChallengeSchema),
  challengeCount: v.optional(v.number()),
  finalizedAt: v.nullable(ms),
  finalOutcomeIndex: v.nullish(v.number()),
}
export const proposalSchema: v.ObjectSchema<typeof proposalEntries, undefined> = v.object(proposalEntries)
/** The proposal after a challenge; `txSignature` is an operation id. */
export const challengedProposalSchema: v.ObjectSchema<{
  readonly marketId: typeof idString
  readonly status: v.PicklistSchema<['none', 'proposed', 'challenged', 'finalized'], undefined>
  readonly proposedOutcomeIndex: v.NullableSchema<v.NumberSchema<undefined>, undefined>
  readonly proposedAt: v.NullableSchema<typeof ms, undefined>
  readonly challengeDeadline: v.NullableSchema<typeof ms, undefined>
  readonly challenges: v.ArraySchema<typeof oracleChallengeSchema, undefined>
  readonly challengeCount: v.OptionalSchema<v.NumberSchema<undefined>, undefined>
  readonly finalizedAt: v.NullableSchema<typeof ms, undefined>
  readonly finalOutcomeIndex: v.NullishSchema<v.NumberSchema<undefined>, undefined>
  readonly txSignature: v.StringSchema<undefined>
}, undefined> = v.object({ ...proposalEntries, txSignature: v.string() })

export const finalizedResultSchema: v.ObjectSchema<{
  readonly txSignature: v.StringSchema<undefined>
  readonly marketId: typeof idString
  readonly status: v.LiteralSchema<'finalized', undefined>
  readonly finalOutcomeIndex: v.NumberSchema<undefined>
  readonly finalizedAt: typeof ms
}, undefined> = v.object({
  txSignature: v.string(),
  marketId: idString,
  status: v.literal('finalized'),
  finalOutcomeIndex: v.number(),
  finalizedAt: ms,
})

/** The LLM oracle's research on a market. */
export const oracleResearchSchema: v.ObjectSchema<{
  readonly marketId: typeof idString
  readonly status: v.StringSchema<undefined>
  readonly summary: v.OptionalSchema<v.StringSchema<undefined>, undefined>
  readonly recommendedOutcomeIndex: v.NullishSchema<v.NumberSchema<undefined>, undefined>
  readonly confidence: v.OptionalSchema<v.NumberSchema<undefined>, undefined>
  readonly sources: v.OptionalSchema<v.ArraySchema<v.ObjectSchema<{
    readonly title: v.StringSchema<undefined>
    readonly url: v.StringSchema<undefined>
  }, undefined>, undefined>, undefined>
  readonly generatedAt: v.OptionalSchema<typeof ms, undefined>
}, undefined> = v.object({
  marketId: idString,
  status: v.string(),
  summary: v.optional(v.string()),
  recommendedOutcomeIndex: v.nullish(v.number()),
  confidence: v.optional(v.number()),
  sources: v.optional(v.array(v.object({ title: v.string(), url: v.string() }))),
  generatedAt: v.optional(ms),
})
