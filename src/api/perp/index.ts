import { perpHistoryOperations } from './history.ts'
import { perpMarketDataOperations } from './market-data.ts'
import { perpPositionOperations } from './positions.ts'
import { perpTradingOperations } from './trading.ts'

/** Every perp operation: market data, trading, positions, history. */
export const perpOperations = {
  ...perpMarketDataOperations,
  ...perpTradingOperations,
  ...perpPositionOperations,
  ...perpHistoryOperations,
}

