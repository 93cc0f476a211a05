import type { Routes } from './routes.ts'

/**
 * Where the real service's public clients call operations that the spec puts elsewhere, for the
 * `routes` option: `new ExchangeClient({ baseUrl, ...key, routes: realServiceRoutes })`.
 *
 * Taken from public clients of the service (the official skill's Python client, 2026, and the older
 * quant1024 SDK, whose paths are more likely to still exist than its field names). NOT verified against the live service. Only method and
 * path move: field names (snake_case bodies, `page_size`) are not changed by a route.
 */
export const realServiceRoutes: Routes = {
  // Account paths are /accounts/me/… (the skill's client for the overview; the quant1024 SDK for the rest).
  'account.getOverview': { method: 'GET', path: '/api/v1/accounts/me/overview' },
  'account.listApiKeys': { method: 'GET', path: '/api/v1/accounts/me/api-keys' },
  'account.getApiKey': { method: 'GET', path: '/api/v1/accounts/me/api-keys/:id' },
  'account.listDeposits': { method: 'GET', path: '/api/v1/accounts/me/deposits' },
  'account.deposit': { method: 'POST', path: '/api/v1/accounts/me/deposits' },
  'account.getOnchainStatus': { method: 'GET', path: '/api/v1/accounts/me/onchain-status' },
  'account.getPerpMargin': { method: 'GET', path: '/api/v1/accounts/me/perp/margin' },
  'account.getPerpTradingStats': { method: 'GET', path: '/api/v1/accounts/me/perp/trading-stats' },
  'account.getSpotSummary': { method: 'GET', path: '/api/v1/accounts/me/spot/summary' },
  'account.listWithdrawals': { method: 'GET', path: '/api/v1/accounts/me/withdrawals' },
  'account.withdraw': { method: 'POST', path: '/api/v1/accounts/me/withdrawals' },
  // Order history under /orders (the skill's client for perp; the quant1024 SDK for spot).
  'perp.listOrderHistory': { method: 'GET', path: '/api/v1/perp/orders/history' },
  'spot.listOrderHistory': { method: 'GET', path: '/api/v1/spot/orders/history' },
  // The insurance fund under /markets (the quant1024 SDK).
  'perp.getInsuranceFund': { method: 'GET', path: '/api/v1/perp/markets/insurance-fund' },
  // Health at the root of /api/v1 (the quant1024 SDK).
  'system.getHealth': { method: 'GET', path: '/api/v1/health' },
  // Cancelling one prediction order is a DELETE with a JSON body (the skill's client).
  'prediction.cancelOrder': { method: 'DELETE', path: '/api/v1/prediction/orders/cancel' },
}
