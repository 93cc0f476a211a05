import type { ExchangeModule, Router } from '../http/router.ts'
import type { Platform } from '../platform.ts'

/** The version the reference exchange reports; the API it serves is v1. */
const REFERENCE_VERSION = '1.0.0-reference'

const MARKET_LISTS = {
  perp: '/api/v1/perp/markets',
  spot: '/api/v1/spot/markets',
  prediction: '/api/v1/prediction/markets',
} as const

/** Items in a list answer: a bare array, or a page list's total. */
function countOf(data: unknown): number {
  if (Array.isArray(data)) return data.length
  const page = data as { items?: unknown[]; pagination?: { totalItems?: number } } | null
  return page?.pagination?.totalItems ?? page?.items?.length ?? 0
}

/** Asks whichever module serves each open market list how many markets it has (0 when none does). */
async function marketCounts(router: Router, now: number): Promise<Record<keyof typeof MARKET_LISTS, number>> {
  const counts = { perp: 0, spot: 0, prediction: 0 }
  for (const [kind, path] of Object.entries(MARKET_LISTS) as [keyof typeof MARKET_LISTS, string][]) {
    const match = router.match('GET', path)
    if (!match || 'methodMismatch' in match || match.route.auth !== 'none') continue
    const context = { method: 'GET', path, params: match.params, query: new URLSearchParams(), body: undefined, now, caller: undefined, clientAddress: '' }
    counts[kind] = countOf(await match.route.handler(context))
  }
  return counts
}

/** System: time, health, info and status. Open, no credential. */
export function systemModule(platform: Platform): ExchangeModule {
  return {
    register(router) {
      router.add('GET', '/api/v1/system/time', 'none', ({ now }) => ({ serverTime: now }))
      router.add('GET', '/api/v1/system/health', 'none', ({ now }) => ({
        status: 'ok',
        services: { api: 'ok', matching: 'ok', database: 'ok' },
        timestamp: now,
      }))
      router.add('GET', '/api/v1/system/info', 'none', async ({ now }) => ({
        name: platform.serviceName,
        serviceName: platform.serviceName,
        version: REFERENCE_VERSION,
        apiVersion: 'v1',
        environment: 'reference',
        markets: await marketCounts(router, now),
        timestamp: now,
      }))
      router.add('GET', '/api/v1/system/status', 'none', ({ now }) => ({
        status: 'operational',
        tradingEnabled: true,
        maintenance: false,
        serverTime: now,
      }))
    },
  }
}
