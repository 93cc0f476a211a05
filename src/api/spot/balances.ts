import * as v from 'valibot'
import { operation, type Operation } from '../operation.ts'
import { tokenSymbol, type PatternSchema } from '../schemas.ts'
import type * as schemas from './responses.ts'

/** One token's balance; every amount is a decimal string. */
export interface Balance extends v.InferOutput<typeof schemas.balanceSchema> {}

const balanceInput: v.StrictObjectSchema<{
  readonly token: PatternSchema
}, undefined> = v.strictObject({ token: tokenSymbol })
export interface BalanceInput extends v.InferInput<typeof balanceInput> {}

/** Spot Balances: need read. */
export const spotBalanceOperations: {
  listBalances: Operation<undefined, Balance[]>
  getBalance: Operation<BalanceInput, Balance>
} = {
  listBalances: operation<Balance[]>({
    method: 'GET', path: '/api/v1/spot/balances', auth: 'read', effect: 'read', source: 'spec',
    summary: 'Every token balance: available, locked, total, USD value',
  }),
  getBalance: operation<Balance, BalanceInput>({
    method: 'GET', path: '/api/v1/spot/balances/:token', auth: 'read', effect: 'read', source: 'spec',
    summary: 'One token balance', input: balanceInput, example: { token: 'USDC' },
  }),
}
