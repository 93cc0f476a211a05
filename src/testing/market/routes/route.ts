/** How the market's route files add routes: under /api/v1, with the market (and the caller's funding) synced to the request's time. */
import { authFailure } from '../../http/failures.ts'
import type { RouteAuth, RouteContext, Router } from '../../http/router.ts'
import type { MarketState } from '../state.ts'

export type AddRoute = (method: string, path: string, auth: RouteAuth, handler: (context: RouteContext) => unknown) => void

export function routeAdder(router: Router, market: MarketState): AddRoute {
  return (method, path, auth, handler) => {
    router.add(method, `/api/v1${path}`, auth, (context) => {
      market.sync(context.now, context.caller?.accountId)
      return handler(context)
    })
  }
}

/** The caller's account id (the platform has authenticated it). */
export function accountOf(context: RouteContext): string {
  if (!context.caller) throw authFailure('AUTH_MISSING', 'this route needs an API key')
  return context.caller.accountId
}
