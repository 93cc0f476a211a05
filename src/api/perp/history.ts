import type * as v from 'valibot'
import { orderHistoryOperations, historyQuery, type Fill, type HistoryQuery, type OrderHistoryQuery } from '../common/orders.ts'
import { operation, type Operation } from '../operation.ts'
import type { CursorPage } from '../response-shapes.ts'
import type * as schemas from './responses.ts'
import type { PerpOrder } from './trading.ts'

/** A funding payment of the caller: positive received, negative paid. */
export interface FundingPayment extends v.InferOutput<typeof schemas.fundingPaymentSchema> {}
export interface Liquidation extends v.InferOutput<typeof schemas.liquidationSchema> {}
export interface PnlRecord extends v.InferOutput<typeof schemas.pnlRecordSchema> {}

const market = 'BTC-USDC'

/** Perp History: the caller's records, cursor lists, need read. */
export const perpHistoryOperations: {
  listOrderHistory: Operation<OrderHistoryQuery, CursorPage<PerpOrder>>
  listTradeHistory: Operation<HistoryQuery, CursorPage<Fill>>
  listFundingHistory: Operation<HistoryQuery, CursorPage<FundingPayment>>
  listLiquidationHistory: Operation<HistoryQuery, CursorPage<Liquidation>>
  listPnlHistory: Operation<HistoryQuery, CursorPage<PnlRecord>>
} = {
  listFundingHistory: operation<CursorPage<FundingPayment>, HistoryQuery>({
    method: 'GET', path: '/api/v1/perp/history/funding', auth: 'read', effect: 'read', source: 'spec',
    summary: "The caller's funding payments; cursor list", input: historyQuery, example: { market, limit: 20 },
  }),
  listLiquidationHistory: operation<CursorPage<Liquidation>, HistoryQuery>({
    method: 'GET', path: '/api/v1/perp/history/liquidations', auth: 'read', effect: 'read', source: 'spec',
    summary: "The caller's liquidations; cursor list", input: historyQuery, example: { limit: 20 },
  }),
  listPnlHistory: operation<CursorPage<PnlRecord>, HistoryQuery>({
    method: 'GET', path: '/api/v1/perp/history/pnl', auth: 'read', effect: 'read', source: 'spec',
    summary: "The caller's realized PnL; cursor list", input: historyQuery, example: { market, limit: 20 },
  }),
  ...orderHistoryOperations<PerpOrder>('perp', market),
}
