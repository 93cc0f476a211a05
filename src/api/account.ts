import * as v from 'valibot'
import { operation, type OperationBinder } from './operation.ts'
import {
  id,
  pageQuery,
  positiveDecimal,
  text,
  tokenSymbol,
  walletAddress,
  type Page,
  type PageQuery,
} from './schemas.ts'

/** An API key as listed: the key masked, never its secret. */
export interface ApiKeyInfo {
  apiKeyId: string
  apiKey?: string
  label?: string | null
  accountId?: string
  permissions: { canRead: boolean; canTrade: boolean; canWithdraw: boolean }
  ipAllowlist?: string[] | null
  status: string
  createdAt?: number
  lastUsedAt?: number | null
  expiresAt?: number | null
  usageCount?: number
  [field: string]: unknown
}

export interface Deposit {
  id: string
  token: string
  amount: string
  status: string
  txHash: string | null
  address?: string | null
  createdAt: number
  [field: string]: unknown
}

export interface Withdrawal {
  id: string
  token: string
  amount: string
  address: string
  status: string
  txHash?: string | null
  createdAt: number
  [field: string]: unknown
}

export interface OnchainStatus {
  accountId: string
  synced: boolean
  lastSyncedAt?: number
  pendingDeposits?: number
  pendingWithdrawals?: number
  [field: string]: unknown
}

/** Perp margin of the account; decimals as strings. */
export interface PerpMarginSummary {
  accountId: string
  positionMargin: string
  orderMargin: string
  availableMargin: string
  unrealizedPnl?: string
  maintenanceMargin?: string
  marginRatio?: string
  positions?: number
  riskLevel?: string
  [field: string]: unknown
}

export interface PerpTradingStats {
  accountId: string
  totalTrades: number
  totalVolume: string
  totalFees?: string
  realizedPnl?: string
  winningTrades?: number
  losingTrades?: number
  winRate?: string
  [field: string]: unknown
}

export interface SpotSummary {
  accountId: string
  totalValue: string
  openOrders?: number
  totalTrades?: number
  totalVolume?: string
  totalFees?: string
  [field: string]: unknown
}

/** The account at a glance; amounts are decimal strings. */
export interface AccountOverview {
  accountId: string
  totalEquity: string
  availableBalance: string
  balance: string
  riskLevel: string
  [field: string]: unknown
}

const keyInput = v.strictObject({ id })
const depositInput = v.strictObject({
  token: tokenSymbol,
  amount: positiveDecimal,
  txHash: v.optional(v.pipe(text(128), v.regex(/^[A-Za-z0-9]+$/, 'must be a transaction hash (letters and digits)'))),
})
const withdrawalInput = v.strictObject({ token: tokenSymbol, amount: positiveDecimal, address: walletAddress })

export type ApiKeyIdInput = v.InferInput<typeof keyInput>
export type DepositInput = v.InferInput<typeof depositInput>
export type WithdrawalInput = v.InferInput<typeof withdrawalInput>

/** Account: reads need read, deposits trade, withdrawals withdraw. */
export const accountOperations = {
  listApiKeys: operation<Page<ApiKeyInfo>, PageQuery>({
    method: 'GET', path: '/api/v1/account/api-keys', auth: 'read', source: 'spec',
    summary: "The account's API keys, without secrets; page list", input: pageQuery, example: { page: 1, pageSize: 20 },
  }),
  getApiKey: operation<ApiKeyInfo, ApiKeyIdInput>({
    method: 'GET', path: '/api/v1/account/api-keys/:id', auth: 'read', source: 'spec',
    summary: 'One API key, without its secret', input: keyInput, example: { id: 'key-1' },
  }),
  listDeposits: operation<Page<Deposit>, PageQuery>({
    method: 'GET', path: '/api/v1/account/deposits', auth: 'read', source: 'spec',
    summary: 'Deposits; page list', input: pageQuery, example: { page: 1, pageSize: 20 },
  }),
  deposit: operation<Deposit, DepositInput>({
    method: 'POST', path: '/api/v1/account/deposits', auth: 'trade', source: 'spec',
    summary: 'Record a deposit', input: depositInput, example: { token: 'USDC', amount: '100' },
  }),
  getOnchainStatus: operation<OnchainStatus>({
    method: 'GET', path: '/api/v1/account/onchain-status', auth: 'read', source: 'spec', summary: 'On-chain state of the account',
  }),
  getOverview: operation<AccountOverview>({
    method: 'GET', path: '/api/v1/account/overview', auth: 'read', source: 'spec',
    summary: 'Equity, balances and risk level',
  }),
  getPerpMargin: operation<PerpMarginSummary>({
    method: 'GET', path: '/api/v1/account/perp/margin', auth: 'read', source: 'spec', summary: 'Perp margin summary',
  }),
  getPerpTradingStats: operation<PerpTradingStats>({
    method: 'GET', path: '/api/v1/account/perp/trading-stats', auth: 'read', source: 'spec', summary: 'Perp trading statistics',
  }),
  getSpotSummary: operation<SpotSummary>({
    method: 'GET', path: '/api/v1/account/spot/summary', auth: 'read', source: 'spec', summary: 'Spot holdings summary',
  }),
  listWithdrawals: operation<Page<Withdrawal>, PageQuery>({
    method: 'GET', path: '/api/v1/account/withdrawals', auth: 'read', source: 'spec',
    summary: 'Withdrawals; page list', input: pageQuery, example: { page: 1, pageSize: 20 },
  }),
  withdraw: operation<Withdrawal, WithdrawalInput>({
    method: 'POST', path: '/api/v1/account/withdrawals', auth: 'withdraw', source: 'spec',
    summary: 'Withdraw to an address; the key needs the withdraw permission',
    input: withdrawalInput, example: { token: 'USDC', amount: '10', address: '0x2c7536E3605D9C16a7a3D7b1898e529396a65c23' },
  }),
}

/** `client.account` on its own. */
export const accountApi = (core: OperationBinder) => core.bind(accountOperations, 'account')
