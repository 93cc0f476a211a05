import * as v from 'valibot'
import type { OrderOutcomeUnknownError } from '../../errors.ts'
import type { PredictionMethods } from '../api.generated.ts'
import { FIND_PAGES, reconcileOrder, type ReconcileOptions, type Reconciliation, type ServerTimeSource } from '../common/reconcile.ts'
import { explained } from '../input-issues.ts'
import { parseInput, type CallOptions, type OperationBinder } from '../operation.ts'
import { paginate } from '../paginate.ts'
import { clientOrderId, id, type PatternSchema } from '../schemas.ts'
import { predictionDiscoveryOperations } from './discovery.ts'
import { predictionMarketOperations } from './markets.ts'
import { predictionOracleOperations } from './oracle.ts'
import { predictionTradingOperations, type PredictionOrder } from './trading.ts'
import { predictionUserOperations } from './user.ts'

/** Every prediction operation: discovery, markets, user, trading, oracle. */
export const predictionOperations = {
  ...predictionDiscoveryOperations,
  ...predictionMarketOperations,
  ...predictionUserOperations,
  ...predictionTradingOperations,
  ...predictionOracleOperations,
}

const findInput: v.StrictObjectSchema<{
  readonly clientOrderId: PatternSchema
  readonly marketId: v.OptionalSchema<typeof id, undefined>
}, undefined> = explained(v.strictObject({ clientOrderId, marketId: v.optional(id) }))
export interface FindPredictionOrderInput extends v.InferInput<typeof findInput> {}

/** `client.prediction`: a method per operation (documented in api.generated.ts), `findOrder` and `reconcile`. */
export type PredictionApi = PredictionMethods & {
  /** The order placed with this clientOrderId (any status), or `undefined` if the exchange does not hold it now. */
  findOrder(input: FindPredictionOrderInput, options?: CallOptions): Promise<PredictionOrder | undefined>
  /** After an `OrderOutcomeUnknownError`: `found`, `absent` (final) or `pending`, as perp's and spot's. */
  reconcile(error: OrderOutcomeUnknownError, options?: ReconcileOptions & { marketId?: FindPredictionOrderInput['marketId'] }): Promise<Reconciliation<PredictionOrder>>
}

/** `client.prediction` on its own: `predictionApi(new ExchangeCore(options))`. */
export function predictionApi(core: OperationBinder & ServerTimeSource): PredictionApi {
  const api: PredictionMethods = core.bind(predictionOperations, 'prediction')
  const prediction: PredictionApi = {
    ...api,
    async findOrder(input, options) {
      const query = parseInput(findInput, input)
      // The list holds every status; walk its pages in case the service ignores the clientOrderId filter.
      for await (const order of paginate(api.listMyOrders, { ...query, pageSize: 100 }, { ...options, maxPages: FIND_PAGES })) {
        if (order.clientOrderId === query.clientOrderId && (query.marketId ?? order.marketId) === order.marketId) return order
      }
      return undefined
    },
    reconcile: (error, options) =>
      reconcileOrder((clientOrderId, call) => prediction.findOrder({ clientOrderId, marketId: options?.marketId }, call), core, error, options),
  }
  return prediction
}
