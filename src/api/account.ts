import * as v from 'valibot'
import { operation, type Operation } from './operation.ts'
import {
  id,
  pageQuery,
  positiveDecimal,
  text,
  tokenSymbol,
  walletAddress,
  type PageQuery,
  type PatternSchema,
  type TextSchema,
} from './schemas.ts'
import type { Page } from './response-shapes.ts'
import type * as schemas from './account-responses.ts'

/** An API key as listed: the key masked, never its secret. */
export interface ApiKeyInfo extends v.InferOutput<typeof schemas.apiKeyInfoSchema> {}
export interface Deposit extends v.InferOutput<typeof schemas.depositSchema> {}
export interface Withdrawal extends v.InferOutput<typeof schemas.withdrawalSchema> {}
export interface OnchainStatus extends v.InferOutput<typeof schemas.onchainStatusSchema> {}
/** Perp margin of the account; decimals as strings. */
export interface PerpMarginSummary extends v.InferOutput<typeof schemas.perpMarginSummarySchema> {}
export interface PerpTradingStats extends v.InferOutput<typeof schemas.perpTradingStatsSchema> {}
export interface SpotSummary extends v.InferOutput<typeof schemas.spotSummarySchema> {}
/** The account at a glance; amounts are decimal strings. */
export interface AccountOverview extends v.InferOutput<typeof schemas.accountOverviewSchema> {}

const keyInput: v.StrictObjectSchema<{
  readonly id: typeof id
}, undefined> = v.strictObject({ id })
const depositInput: v.StrictObjectSchema<{
  readonly token: PatternSchema
  readonly amount: typeof positiveDecimal
  readonly txHash: v.OptionalSchema<v.SchemaWithPipe<readonly [TextSchema, v.RegexAction<string, 'must be a transaction hash (letters and digits)'>]>, undefined>
}, undefined> = v.strictObject({
  token: tokenSymbol,
  amount: positiveDecimal,
  txHash: v.optional(v.pipe(text(128), v.regex(/^[A-Za-z0-9]+$/, 'must be a transaction hash (letters and digits)'))),
})
const withdrawalInput: v.StrictObjectSchema<{
  readonly token: PatternSchema
  readonly amount: typeof positiveDecimal
  readonly address: PatternSchema
}, undefined> = v.strictObject({ token: tokenSymbol, amount: positiveDecimal, address: walletAddress })

export interface ApiKeyIdInput extends v.InferInput<typeof keyInput> {}
export interface DepositInput extends v.InferInput<typeof depositInput> {}
export interface WithdrawalInput extends v.InferInput<typeof withdrawalInput> {}

/** Account: reads need read, deposits trade, withdrawals withdraw. */
export const accountOperations: {
  listApiKeys: Operation<PageQuery, Page<ApiKeyInfo>>
  getApiKey: Operation<ApiKeyIdInput, ApiKeyInfo>
  listDeposits: Operation<PageQuery, Page<Deposit>>
  deposit: Operation<DepositInput, Deposit>
  getOnchainStatus: Operation<undefined, OnchainStatus>
  getOverview: Operation<undefined, AccountOverview>
  getPerpMargin: Operation<undefined, PerpMarginSummary>
  getPerpTradingStats: Operation<undefined, PerpTradingStats>
  getSpotSummary: Operation<undefined, SpotSummary>
  listWithdrawals: Operation<PageQuery, Page<Withdrawal>>
  withdraw: Operation<WithdrawalInput, Withdrawal>
} = {
  listApiKeys: operation<Page<ApiKeyInfo>, PageQuery>({
    method: 'GET', path: '/api/v1/account/api-keys', auth: 'read', effect: 'read', source: 'spec',
    summary: "The account's API keys, without secrets; page list", input: pageQuery, example: { page: 1, pageSize: 20 },
  }),
  getApiKey: operation<ApiKeyInfo, ApiKeyIdInput>({
    method: 'GET', path: '/api/v1/account/api-keys/:id', auth: 'read', effect: 'read', source: 'spec',
    summary: 'One API key, without its secret', input: keyInput, example: { id: 'key_000001' },
  }),
  listDeposits: operation<Page<Deposit>, PageQuery>({
    method: 'GET', path: '/api/v1/account/deposits', auth: 'read', effect: 'read', source: 'spec',
    summary: 'Deposits; page list', input: pageQuery, example: { page: 1, pageSize: 20 },
  }),
  deposit: operation<Deposit, DepositInput>({
    method: 'POST', path: '/api/v1/account/deposits', auth: 'trade', effect: 'moves-value', source: 'spec',
    summary: 'Record a deposit', input: depositInput, example: { token: 'USDC', amount: '100' },
  }),
  getOnchainStatus: operation<OnchainStatus>({
    method: 'GET', path: '/api/v1/account/onchain-status', auth: 'read', effect: 'read', source: 'spec', summary: 'On-chain state of the account',
  }),
  getOverview: operation<AccountOverview>({
    method: 'GET', path: '/api/v1/account/overview', auth: 'read', effect: 'read', source: 'spec',
    summary: 'Equity, balances and risk level',
  }),
  getPerpMargin: operation<PerpMarginSummary>({
    method: 'GET', path: '/api/v1/account/perp/margin', auth: 'read', effect: 'read', source: 'spec', summary: 'Perp margin summary',
  }),
  getPerpTradingStats: operation<PerpTradingStats>({
    method: 'GET', path: '/api/v1/account/perp/trading-stats', auth: 'read', effect: 'read', source: 'spec', summary: 'Perp trading statistics',
  }),
  getSpotSummary: operation<SpotSummary>({
    method: 'GET', path: '/api/v1/account/spot/summary', auth: 'read', effect: 'read', source: 'spec', summary: 'Spot holdings summary',
  }),
  listWithdrawals: operation<Page<Withdrawal>, PageQuery>({
    method: 'GET', path: '/api/v1/account/withdrawals', auth: 'read', effect: 'read', source: 'spec',
    summary: 'Withdrawals; page list', input: pageQuery, example: { page: 1, pageSize: 20 },
  }),
  withdraw: operation<Withdrawal, WithdrawalInput>({
    method: 'POST', path: '/api/v1/account/withdrawals', auth: 'withdraw', effect: 'moves-value', source: 'spec',
    summary: 'Withdraw to an address; the key needs the withdraw permission',
    input: withdrawalInput, example: { token: 'USDC', amount: '10', address: '0x2c7536E3605D9C16a7a3D7b1898e529396a65c23' },
  }),
}
