// Response schemas of every account operation (`exchange-client/strict`), and the source of their types (account.ts).
import * as v from 'valibot'
import { decimalString, idString, ms, openString, type Open } from './response-shapes.ts'

/** An API key as listed: the key masked, never its secret. */
export const apiKeyInfoSchema: v.ObjectSchema<{
  readonly apiKeyId: typeof idString
  readonly apiKey: v.OptionalSchema<v.StringSchema<undefined>, undefined>
  readonly label: v.NullishSchema<v.StringSchema<undefined>, undefined>
  readonly accountId: v.OptionalSchema<typeof idString, undefined>
  readonly permissions: v.ObjectSchema<{
    readonly canRead: v.BooleanSchema<undefined>
    readonly canTrade: v.BooleanSchema<undefined>
    readonly canWithdraw: v.BooleanSchema<undefined>
  }, undefined>
  readonly ipAllowlist: v.NullishSchema<v.ArraySchema<v.StringSchema<undefined>, undefined>, undefined>
  readonly status: v.GenericSchema<Open<'active' | 'expired' | 'inactive' | 'revoked'>>
  readonly createdAt: v.OptionalSchema<typeof ms, undefined>
  readonly lastUsedAt: v.NullishSchema<typeof ms, undefined>
  readonly expiresAt: v.NullishSchema<typeof ms, undefined>
  readonly usageCount: v.OptionalSchema<v.NumberSchema<undefined>, undefined>
}, undefined> = v.object({
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

export const depositSchema: v.ObjectSchema<{
  readonly id: typeof idString
  readonly token: v.StringSchema<undefined>
  readonly amount: typeof decimalString
  readonly status: v.GenericSchema<Open<TransferStatus>>
  readonly txHash: v.NullableSchema<v.StringSchema<undefined>, undefined>
  readonly address: v.NullishSchema<v.StringSchema<undefined>, undefined>
  readonly createdAt: typeof ms
}, undefined> = v.object({
  id: idString,
  token: v.string(),
  amount: decimalString,
  status: openString<TransferStatus>(),
  txHash: v.nullable(v.string()),
  address: v.nullish(v.string()),
  createdAt: ms,
})

export const withdrawalSchema: v.ObjectSchema<{
  readonly id: typeof idString
  readonly token: v.StringSchema<undefined>
  readonly amount: typeof decimalString
  readonly address: v.StringSchema<undefined>
  readonly status: v.GenericSchema<Open<TransferStatus>>
  readonly txHash: v.NullishSchema<v.StringSchema<undefined>, undefined>
  readonly createdAt: typeof ms
}, undefined> = v.object({
  id: idString,
  token: v.string(),
  amount: decimalString,
  address: v.string(),
  status: openString<TransferStatus>(),
  txHash: v.nullish(v.string()),
  createdAt: ms,
})

export const onchainStatusSchema: v.ObjectSchema<{
  readonly accountId: typeof idString
  readonly synced: v.BooleanSchema<undefined>
  readonly lastSyncedAt: v.OptionalSchema<typeof ms, undefined>
  readonly pendingDeposits: v.OptionalSchema<v.NumberSchema<undefined>, undefined>
  readonly pendingWithdrawals: v.OptionalSchema<v.NumberSchema<undefined>, undefined>
}, undefined> = v.object({
  accountId: idString,
  synced: v.boolean(),
  lastSyncedAt: v.optional(ms),
  pendingDeposits: v.optional(v.number()),
  pendingWithdrawals: v.optional(v.number()),
})

type RiskLevel = 'safe' | 'warning' | 'danger'

/** Perp margin of the account; decimals as strings. */
export const perpMarginSummarySchema: v.ObjectSchema<{
  readonly accountId: typeof idString
  readonly positionMargin: typeof decimalString
  readonly orderMargin: typeof decimalString
  readonly availableMargin: typeof decimalString
  readonly unrealizedPnl: v.OptionalSchema<typeof decimalString, undefined>
  readonly maintenanceMargin: v.OptionalSchema<typeof decimalString, undefined>
  readonly marginRatio: v.OptionalSchema<typeof decimalString, undefined>
  readonly positions: v.OptionalSchema<v.NumberSchema<undefined>, undefined>
  readonly riskLevel: v.OptionalSchema<v.GenericSchema<Open<RiskLevel>>, undefined>
}, undefined> = v.object({
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

export const perpTradingStatsSchema: v.ObjectSchema<{
  readonly accountId: typeof idString
  readonly totalTrades: v.NumberSchema<undefined>
  readonly totalVolume: typeof decimalString
  readonly totalFees: v.OptionalSchema<typeof decimalString, undefined>
  readonly realizedPnl: v.OptionalSchema<typeof decimalString, undefined>
  readonly winningTrades: v.OptionalSchema<v.NumberSchema<undefined>, undefined>
  readonly losingTrades: v.OptionalSchema<v.NumberSchema<undefined>, undefined>
  readonly winRate: v.OptionalSchema<typeof decimalString, undefined>
}, undefined> = v.object({
  accountId: idString,
  totalTrades: v.number(),
  totalVolume: decimalString,
  totalFees: v.optional(decimalString),
  realizedPnl: v.optional(decimalString),
  winningTrades: v.optional(v.number()),
  losingTrades: v.optional(v.number()),
  winRate: v.optional(decimalString),
})

export const spotSummarySchema: v.ObjectSchema<{
  readonly accountId: typeof idString
  readonly totalValue: typeof decimalString
  readonly openOrders: v.OptionalSchema<v.NumberSchema<undefined>, undefined>
  readonly totalTrades: v.OptionalSchema<v.NumberSchema<undefined>, undefined>
  readonly totalVolume: v.OptionalSchema<typeof decimalString, undefined>
  readonly totalFees: v.OptionalSchema<typeof decimalString, undefined>
}, undefined> = v.object({
  accountId: idString,
  totalValue: decimalString,
  openOrders: v.optional(v.number()),
  totalTrades: v.optional(v.number()),
  totalVolume: v.optional(decimalString),
  totalFees: v.optional(decimalString),
})

/** The account at a glance; amounts are decimal strings. */
export const accountOverviewSchema: v.ObjectSchema<{
  readonly accountId: typeof idString
  readonly totalEquity: typeof decimalString
  readonly availableBalance: typeof decimalString
  readonly balance: typeof decimalString
  readonly riskLevel: v.GenericSchema<Open<RiskLevel>>
}, undefined> = v.object({
  accountId: idString,
  totalEquity: decimalString,
  availableBalance: decimalString,
  balance: decimalString,
  riskLevel: openString<RiskLevel>(),
})
