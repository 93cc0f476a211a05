// Light response checks of every perp operation (`exchange-client/strict`).
import * as v from 'valibot'
import { marketDataResponses, orderHistoryResponses, orderResponses, orderShape } from '../common/responses.ts'
import type { ResponseTable } from '../operation.ts'
import { cursorOf, withStrings } from '../response-shapes.ts'
import type { perpOperations } from './index.ts'

const positionShape = withStrings('market', 'size')
const leverageShape = v.looseObject({ leverage: v.number() })

export const perpResponses: ResponseTable<typeof perpOperations> = {
  getInsuranceFund: withStrings('balance'),
  ...marketDataResponses,
  listFundingRateHistory: v.array(withStrings('fundingRate')),
  getFundingRate: withStrings('fundingRate'),
  getIndexPrice: withStrings('indexPrice'),
  getMarkPrice: withStrings('markPrice'),
  getOpenInterest: withStrings('openInterest'),
  ...orderResponses,
  listPositions: v.array(positionShape),
  getPosition: positionShape,
  closePosition: v.looseObject({ order: orderShape, position: v.nullable(positionShape) }),
  getLeverage: leverageShape,
  setLeverage: leverageShape,
  adjustMargin: positionShape,
  setTpsl: positionShape,
  modifyTpsl: positionShape,
  cancelTpsl: positionShape,
  listFundingHistory: cursorOf(withStrings('fundingId', 'market', 'payment')),
  listLiquidationHistory: cursorOf(withStrings('liquidationId', 'market', 'size')),
  listPnlHistory: cursorOf(withStrings('pnlId', 'market', 'realizedPnl')),
  ...orderHistoryResponses,
}
