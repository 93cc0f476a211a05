// Response schemas of every account operation (`exchange-client/strict`), and the source of their types (account.ts).
import * as v from 'valibot'
import type { accountOperations } from './account.ts'
import type { ResponseTable } from './operation.ts'
import { decimalString, idString, ms, openString, pageOf } from './response-shapes.ts'

/** An API key as listed: the key masked, never its secret. */
export const apiKeyInfoSchema = v.object({
  apiKeyId: idString,
  apiKey: v.optional(v.string()),
  label: v.nullish(v.string()),
  accountId: v.optional(idString),
  permissions: v.object({ canRead: v.boolean(), canTrade: v.boolean(), canWithdraw: v.boolean() }),
  ipAllowlist: v.nullish(v.array(v.string())),
  status: openString<'active' | 'inactive' | 'revoked' | 'expired'>(),
  createdAt: v.optional(ms),
  lastUsedAt: v.nullish(ms),
  expiresAt: v.nullish(ms),
  usageCount: v.optional(v.number()),
})

type TransferStatus = 'pending' | 'completed' | 'failed'

export const depositSchema = v.object({
  id: idString,
  token: v.string(),
  amount: decimalString,
  status: openString<TransferStatus>(),
  txHash: v.nullable(v.string()),
  address: v.nullish(v.string()),
  createdAt: ms,
})

export const withdrawalSchema = v.object({
  id: idString,
  token: v.string(),
  amount: decimalString,
  address: v.string(),
  status: openString<TransferStatus>(),
  txHash: v.nullish(v.string()),
  createdAt: ms,
})

export const onchainStatusSchema = v.object({
  accountId: idString,
  synced: v.boolean(),
  lastSyncedAt: v.optional(ms),
  pendingDeposits: v.optional(v.number()),
  pendingWithdrawals: v.optional(v.number()),
})

type RiskLevel = 'safe' | 'warning' | 'danger'

/** Perp margin of the account; decimals as strings. */
export const perpMarginSummarySchema = v.object({
  accountId: idString,
  positionMargin: decimalString,
  orderMargin: decimalString,
  availableMargin: decimalString,
  unrealizedPnl: v.optional(decimalString),
  maintenanceMargin: v.optional(decimalString),
  marginRatio: v.optional(decimalString),
  positions: v.optional(v.number()),
  riskLevel: v.optional(openString<RiskLevel>()),
})

export const perpTradingStatsSchema = v.object({
  accountId: idString,
  totalTrades: v.number(),
  totalVolume: decimalString,
  totalFees: v.optional(decimalString),
  realizedPnl: v.optional(decimalString),
  winningTrades: v.optional(v.number()),
  losingTrades: v.optional(v.number()),
  winRate: v.optional(decimalString),
})

export const spotSummarySchema = v.object({
  accountId: idString,
  totalValue: decimalString,
  openOrders: v.optional(v.number()),
  totalTrades: v.optional(v.number()),
  totalVolume: v.optional(decimalString),
  totalFees: v.optional(decimalString),
})

/** The account at a glance; amounts are decimal strings. */
export const accountOverviewSchema = v.object({
  accountId: idString,
  totalEquity: decimalString,
  availableBalance: decimalString,
  balance: decimalString,
  riskLevel: openString<RiskLevel>(),
})

export const accountResponses: ResponseTable<typeof accountOperations> = {
  listApiKeys: pageOf(apiKeyInfoSchema),
  getApiKey: apiKeyInfoSchema,
  listDeposits: pageOf(depositSchema),
  deposit: depositSchema,
  getOnchainStatus: onchainStatusSchema,
  getOverview: accountOverviewSchema,
  getPerpMargin: perpMarginSummarySchema,
  getPerpTradingStats: perpTradingStatsSchema,
  getSpotSummary: spotSummarySchema,
  listWithdrawals: pageOf(withdrawalSchema),
  withdraw: withdrawalSchema,
}
