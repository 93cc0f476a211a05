// The response schemas of the account operations by name, checked against their descriptors' outputs
// (a schema and the type it is the source of cannot drift apart): `exchange-client/strict`.
import type { ResponseTable } from '../api/operation.ts'
import type { accountOperations } from '../api/account.ts'
import { accountOverviewSchema, apiKeyInfoSchema, depositSchema, onchainStatusSchema, perpMarginSummarySchema, perpTradingStatsSchema, spotSummarySchema, withdrawalSchema } from '../api/account-responses.ts'
import { pageOf } from '../api/response-shapes.ts'

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
