// The response schemas of the spot operations by name, checked against their descriptors' outputs
// (a schema and the type it is the source of cannot drift apart): `exchange-client/strict`.
import * as v from 'valibot'
import type { ResponseTable } from '../api/operation.ts'
import type { spotOperations } from '../api/spot/index.ts'
import { baseOrderSchema, marketDataResponses, marketSchema, orderHistoryResponses, orderResponses, tickerSchema } from '../api/common/responses.ts'
import { balanceSchema, tokenSchema } from '../api/spot/responses.ts'

export const spotResponses: ResponseTable<typeof spotOperations> = {
  ...marketDataResponses(marketSchema, tickerSchema),
  listTokens: v.array(tokenSchema),
  getToken: tokenSchema,
  ...orderResponses(baseOrderSchema),
  listBalances: v.array(balanceSchema),
  getBalance: balanceSchema,
  ...orderHistoryResponses(baseOrderSchema),
}
