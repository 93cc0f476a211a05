// Light response checks of every spot operation (`exchange-client/strict`).
import * as v from 'valibot'
import { marketDataResponses, orderHistoryResponses, orderResponses } from '../common/responses.ts'
import type { ResponseTable } from '../operation.ts'
import { withStrings } from '../response-shapes.ts'
import type { spotOperations } from './index.ts'

const tokenShape = withStrings('symbol')
const balanceShape = withStrings('token', 'available', 'locked', 'total')

export const spotResponses: ResponseTable<typeof spotOperations> = {
  ...marketDataResponses,
  listTokens: v.array(tokenShape),
  getToken: tokenShape,
  ...orderResponses,
  listBalances: v.array(balanceShape),
  getBalance: balanceShape,
  ...orderHistoryResponses,
}
