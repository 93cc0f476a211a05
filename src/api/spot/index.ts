import { withFindOrder, type WithFindOrder } from '../common/orders.ts'
import type { SpotMethods } from '../api.generated.ts'
import type { ServerTimeSource } from '../common/reconcile.ts'
import type { OperationBinder } from '../operation.ts'
import { spotBalanceOperations } from './balances.ts'
import { spotHistoryOperations } from './history.ts'
import { spotMarketDataOperations } from './market-data.ts'
import { spotTradingOperations, type SpotOrder } from './trading.ts'

/** Every spot operation: market data, trading, balances, history. */
export const spotOperations = {
  ...spotMarketDataOperations,
  ...spotTradingOperations,
  ...spotBalanceOperations,
  ...spotHistoryOperations,
}

/** `client.spot`: a method per operation (documented in api.generated.ts), and `findOrder`. */
export type SpotApi = WithFindOrder<SpotMethods, SpotOrder>

/** `client.spot` on its own: `spotApi(new ExchangeCore(options))` bundles only the spot schemas. */
export function spotApi(core: OperationBinder & ServerTimeSource): SpotApi {
  return withFindOrder<SpotOrder, SpotMethods>(core.bind(spotOperations, 'spot'), core)
}
