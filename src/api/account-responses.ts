// Light response checks of every account operation (`exchange-client/strict`).
import * as v from 'valibot'
import type { accountOperations } from './account.ts'
import type { ResponseTable } from './operation.ts'
import { pageOf, withStrings } from './response-shapes.ts'

const keyShape = withStrings('apiKeyId')
const transferShape = withStrings('id', 'token', 'amount', 'status')

export const accountResponses: ResponseTable<typeof accountOperations> = {
  listApiKeys: pageOf(keyShape),
  getApiKey: keyShape,
  listDeposits: pageOf(transferShape),
  deposit: transferShape,
  getOnchainStatus: v.looseObject({ accountId: v.string(), synced: v.boolean() }),
  getOverview: withStrings('accountId', 'totalEquity', 'availableBalance'),
  getPerpMargin: withStrings('accountId', 'positionMargin', 'orderMargin', 'availableMargin'),
  getPerpTradingStats: v.looseObject({ accountId: v.string(), totalTrades: v.number(), totalVolume: v.string() }),
  getSpotSummary: withStrings('accountId', 'totalValue'),
  listWithdrawals: pageOf(transferShape),
  withdraw: transferShape,
}
