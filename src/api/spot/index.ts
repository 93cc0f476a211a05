import { spotBalanceOperations } from './balances.ts'
import { spotHistoryOperations } from './history.ts'
import { spotMarketDataOperations } from './market-data.ts'
import { spotTradingOperations } from './trading.ts'

/** Every spot operation: market data, trading, balances, history. */
export const spotOperations = {
  ...spotMarketDataOperations,
  ...spotTradingOperations,
  ...spotBalanceOperations,
  ...spotHistoryOperations,
}

