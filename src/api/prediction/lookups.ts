// `client.prediction`'s look-ups after an `OrderOutcomeUnknownError`, beside its methods: prediction
// orders are found by clientOrderId in the user's order list (perp's and spot's in api/common/orders.ts).
import * as v from 'valibot'
import type { OrderOutcomeUnknownError } from '../../errors.ts'
import { findWalk, reconcileOrder, type ReconcileOptions, type Reconciliation, type ServerTimeSource } from '../common/reconcile.ts'
import { explained } from '../input-issues.ts'
import { parseInput, type CallOptions } from '../operation.ts'
import { paginate, type PaginateOptions } from '../paginate.ts'
import { clientOrderId, id, type PatternSchema } from '../schemas.ts'
import type { Page } from '../response-shapes.ts'
import type { MyOrdersQuery } from './user.ts'
import type { PredictionOrder } from './trading.ts'

const findInput: v.StrictObjectSchema<{
  readonly clientOrderId: PatternSchema
  readonly marketId: v.OptionalSchema<typeof id, undefined>
}, undefined> = explained(v.strictObject({ clientOrderId, marketId: v.optional(id) }))
export interface FindPredictionOrderInput extends v.InferInput<typeof findInput> {}

/** What the look-ups read: the user's order list. */
export interface PredictionOrderList {
  listMyOrders(input?: MyOrdersQuery, options?: CallOptions): Promise<Page<PredictionOrder>>
}

export interface PredictionLookups {
  /**
   * The order placed with this clientOrderId (any status), or `undefined` if the exchange does not hold it now.
   * Walks at most `maxPages` pages (default 100).
   */
  findOrder(input: FindPredictionOrderInput, options?: PaginateOptions): Promise<PredictionOrder | undefined>
  /** After an `OrderOutcomeUnknownError`: `found`, `absent` (final) or `pending`, as perp's and spot's. */
  reconcile(error: OrderOutcomeUnknownError, options?: ReconcileOptions & { marketId?: FindPredictionOrderInput['marketId'] }): Promise<Reconciliation<PredictionOrder>>
}

/** The prediction methods plus `findOrder` and `reconcile`. */
export function withPredictionLookups<A extends PredictionOrderList>(api: A, time: ServerTimeSource): A & PredictionLookups {
  const prediction: A & PredictionLookups = {
    ...api,
    async findOrder(input, options) {
      const query = parseInput(findInput, input)
      // The list holds every status; walk its pages in case the service ignores the clientOrderId filter.
      for await (const order of paginate(api.listMyOrders, { ...query, pageSize: 100 }, findWalk(options))) {
        if (order.clientOrderId === query.clientOrderId && (query.marketId ?? order.marketId) === order.marketId) return order
      }
      return undefined
    },
    reconcile: (error, options) =>
      reconcileOrder((clientOrderId, call) => prediction.findOrder({ clientOrderId, marketId: options?.marketId }, call), time, error, options),
  }
  return prediction
}
