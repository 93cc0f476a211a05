// Every operation the client binds as a group method, by the spec's groups (onboarding, rotation
// and introspection, in keys.ts, have methods of their own). The operations table of the docs and
// the API tests are derived from it.
import { accountOperations } from './account.ts'
import { championshipOperations } from './championship.ts'
import type { ApiGroup, Operation } from './operation.ts'
import { perpHistoryOperations } from './perp/history.ts'
import { perpMarketDataOperations } from './perp/market-data.ts'
import { perpPositionOperations } from './perp/positions.ts'
import { perpTradingOperations } from './perp/trading.ts'
import { predictionDiscoveryOperations } from './prediction/discovery.ts'
import { predictionMarketOperations } from './prediction/markets.ts'
import { predictionOracleOperations } from './prediction/oracle.ts'
import { predictionTradingOperations } from './prediction/trading.ts'
import { predictionUserOperations } from './prediction/user.ts'
import { spotBalanceOperations } from './spot/balances.ts'
import { spotHistoryOperations } from './spot/history.ts'
import { spotMarketDataOperations } from './spot/market-data.ts'
import { spotTradingOperations } from './spot/trading.ts'
import { systemOperations } from './system.ts'

export interface CatalogSection {
  /** The client field the methods hang off: `client.perp`. */
  readonly group: ApiGroup
  /** The spec's group. */
  readonly section: string
  readonly operations: Readonly<Record<string, Operation<any, any>>>
}

export const operationCatalog: readonly CatalogSection[] = [
  { group: 'system', section: 'System', operations: systemOperations },
  { group: 'account', section: 'Account', operations: accountOperations },
  { group: 'perp', section: 'Perp Market Data', operations: perpMarketDataOperations },
  { group: 'perp', section: 'Perp Trading', operations: perpTradingOperations },
  { group: 'perp', section: 'Perp Positions', operations: perpPositionOperations },
  { group: 'perp', section: 'Perp History', operations: perpHistoryOperations },
  { group: 'spot', section: 'Spot Market Data', operations: spotMarketDataOperations },
  { group: 'spot', section: 'Spot Trading', operations: spotTradingOperations },
  { group: 'spot', section: 'Spot Balances', operations: spotBalanceOperations },
  { group: 'spot', section: 'Spot History', operations: spotHistoryOperations },
  { group: 'prediction', section: 'Prediction Discovery', operations: predictionDiscoveryOperations },
  { group: 'prediction', section: 'Prediction Markets', operations: predictionMarketOperations },
  { group: 'prediction', section: 'Prediction User', operations: predictionUserOperations },
  { group: 'prediction', section: 'Prediction Trading', operations: predictionTradingOperations },
  { group: 'championship', section: 'Championship', operations: championshipOperations },
  { group: 'prediction', section: 'Prediction Oracle', operations: predictionOracleOperations },
]
