// The response schemas of the perp operations by name, checked against their descriptors' outputs
// (a schema and the type it is the source of cannot drift apart): `exchange-client/strict`.
import * as v from 'valibot'
import type { ResponseTable } from '../api/operation.ts'
import type { perpOperations } from '../api/perp/index.ts'
import { marketDataResponses, orderHistoryResponses, orderResponses } from '../api/common/responses.ts'
import { closedPositionSchema, fundingPaymentSchema, fundingRateSchema, indexPriceSchema, insuranceFundSchema, leverageSchema, liquidationSchema, markPriceSchema, openInterestSchema, perpMarketSchema, perpOrderSchema, perpTickerSchema, pnlRecordSchema, positionSchema } from '../api/perp/responses.ts'
import { cursorOf } from '../api/response-shapes.ts'

export const perpResponses: ResponseTable<typeof perpOperations> = {
  getInsuranceFund: insuranceFundSchema,
  ...marketDataResponses(perpMarketSchema, perpTickerSchema),
  listFundingRateHistory: v.array(fundingRateSchema),
  getFundingRate: fundingRateSchema,
  getIndexPrice: indexPriceSchema,
  getMarkPrice: markPriceSchema,
  getOpenInterest: openInterestSchema,
  ...orderResponses(perpOrderSchema),
  listPositions: v.array(positionSchema),
  getPosition: positionSchema,
  closePosition: closedPositionSchema,
  getLeverage: leverageSchema,
  setLeverage: leverageSchema,
  adjustMargin: positionSchema,
  setTpsl: positionSchema,
  modifyTpsl: positionSchema,
  cancelTpsl: positionSchema,
  listFundingHistory: cursorOf(fundingPaymentSchema),
  listLiquidationHistory: cursorOf(liquidationSchema),
  listPnlHistory: cursorOf(pnlRecordSchema),
  ...orderHistoryResponses(perpOrderSchema),
}
