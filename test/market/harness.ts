/** Calls the market module through a real Router with hand-built request contexts (no HTTP). */
import { ApiFailure, type RouteContext, Router } from '../../src/testing/http/router.ts'
import { createMarketModule, type MarketModule, type MarketPolicy } from '../../src/testing/market/index.ts'

export const START = Date.UTC(2026, 5, 1, 12, 0, 0)

export interface Answer {
  status: number
  data?: any
  error?: { code: string; codeNum: number; message: string; details: Record<string, unknown> | undefined }
}

export interface Harness {
  market: MarketModule
  router: Router
  clock: { now: number }
  call(method: string, target: string, body?: unknown, accountId?: string): Answer
  /** Like `call`, but throws unless the answer is a success; returns its data. */
  ok(method: string, target: string, body?: unknown, accountId?: string): any
}

export function harness(options: { challengePeriodMs?: number; accounts?: Record<string, Record<string, string>>; policy?: Partial<MarketPolicy> } = {}): Harness {
  const clock = { now: START }
  const market = createMarketModule({ now: () => clock.now, policy: options.policy, ...(options.challengePeriodMs === undefined ? {} : { challengePeriodMs: options.challengePeriodMs }) })
  const router = new Router()
  market.register(router)
  for (const [accountId, balances] of Object.entries(options.accounts ?? { alice: { USDC: '100000', BTC: '2', ETH: '10' } })) market.openAccount(accountId, balances)

  const call = (method: string, target: string, body?: unknown, accountId = 'alice'): Answer => {
    const url = new URL(target, 'http://exchange.test')
    const found = router.match(method, url.pathname)
    if (!found) return { status: 404 }
    if ('methodMismatch' in found) return { status: 405 }
    const context: RouteContext = {
      method,
      path: url.pathname,
      params: found.params,
      query: url.searchParams,
      body,
      now: clock.now,
      caller: found.route.auth === 'none' ? undefined : { apiKey: `key-${accountId}`, accountId },
      clientAddress: '127.0.0.1',
    }
    try {
      // The platform sends data through JSON; so do we, to see exactly what a client would.
      return { status: 200, data: JSON.parse(JSON.stringify(found.route.handler(context))) }
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error
      return { status: error.status, error: { code: error.code, codeNum: error.codeNum, message: error.message, details: error.details } }
    }
  }
  const ok = (method: string, target: string, body?: unknown, accountId?: string) => {
    const answer = call(method, target, body, accountId)
    if (answer.status !== 200) throw new Error(`${method} ${target} → ${answer.status} ${JSON.stringify(answer.error)}`)
    return answer.data
  }
  return { market, router, clock, call, ok }
}
