import * as v from 'valibot'
import { operation } from '../operation.ts'
import { tokenSymbol } from '../schemas.ts'

/** One token's balance; every amount is a decimal string. */
export interface Balance {
  token: string
  available: string
  locked: string
  total: string
  usdValue: string
  [field: string]: unknown
}

const balanceInput = v.strictObject({ token: tokenSymbol })
export type BalanceInput = v.InferInput<typeof balanceInput>

/** Spot Balances: need read. */
export const spotBalanceOperations = {
  listBalances: operation<Balance[]>({
    method: 'GET', path: '/api/v1/spot/balances', auth: 'read', source: 'spec',
    summary: 'Every token balance: available, locked, total, USD value',
  }),
  getBalance: operation<Balance, BalanceInput>({
    method: 'GET', path: '/api/v1/spot/balances/:token', auth: 'read', source: 'spec',
    summary: 'One token balance', input: balanceInput, example: { token: 'USDC' },
  }),
}
