import { predictionDiscoveryOperations } from './discovery.ts'
import { predictionMarketOperations } from './markets.ts'
import { predictionOracleOperations } from './oracle.ts'
import { predictionTradingOperations } from './trading.ts'
import { predictionUserOperations } from './user.ts'

/** Every prediction operation: discovery, markets, user, trading, oracle. */
export const predictionOperations = {
  ...predictionDiscoveryOperations,
  ...predictionMarketOperations,
  ...predictionUserOperations,
  ...predictionTradingOperations,
  ...predictionOracleOperations,
}
