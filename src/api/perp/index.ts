import { withFindOrder, type WithFindOrder } from '../common/orders.ts'
import type { ServerTimeSource } from '../common/reconcile.ts'
import type { Api, OperationBinder } from '../operation.ts'
import { perpHistoryOperations } from './history.ts'
import { perpMarketDataOperations } from './market-data.ts'
import { perpPositionOperations } from './positions.ts'
import { perpTradingOperations, type PerpOrder } from './trading.ts'

/** Every perp operation: market data, trading, positions, history. */
export const perpOperations = {
  ...perpMarketDataOperations,
  ...perpTradingOperations,
  ...perpPositionOperations,
  ...perpHistoryOperations,
}

export type PerpApi = WithFindOrder<Api<typeof perpOperations>, PerpOrder>

/** `client.perp` on its own: `perpApi(new ExchangeCore(options))` bundles only the perp schemas. */
export function perpApi(core: OperationBinder & ServerTimeSource): PerpApi {
  return withFindOrder<PerpOrder, Api<typeof perpOperations>>(core.bind(perpOperations, 'perp'), core)
}
