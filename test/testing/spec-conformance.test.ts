// The reference exchange held against the spec's facts (test/spec/spec-facts.ts, copied from SPEC.md),
// never against the SDK: its routes, its code table, its credential formats, windows and onboarding body.
import { describe, expect, it } from 'vitest'
import { createReferenceExchange, ONBOARDING_TOLERANCE_MS, OWN_AUTH_CODES, SPEC_AUTH_CODES, TIMESTAMP_TOLERANCE_MS } from '../../src/testing/index.ts'
import { isApiKey, isSecretKey } from '../../src/testing/auth/credentials.ts'
import {
  SPEC_AUTH_CODES as FACT_CODES,
  SPEC_CREDENTIALS,
  SPEC_NAMED_OPERATIONS,
  SPEC_ONBOARDING_FIELDS,
  SPEC_PATH_OPERATIONS,
  SPEC_WINDOWS,
} from '../spec/spec-facts.ts'
import { rawRequest } from '../support/raw-request.ts'
import { startLocalExchange } from '../support/local-exchange.ts'
import { evmWallet, onboardBody } from '../support/wallets.ts'

const exchange = createReferenceExchange()
/** `GET /api/v1/perp/orders/:` : parameter names do not matter, their places do. */
const shape = (method: string, path: string) => `${method} ${path.replace(/:[A-Za-z]+/g, ':')}`
const served = exchange.router.routes.map((route) => shape(route.method, route.pattern))

/**
 * Where the exchange serves each operation the spec names without a path (its choice, after the real
 * service's clients in ../shared/reference/real-service.md §2). The spec fixes the method only.
 */
const NAMED_PATHS: Record<string, string> = {
  'list categories with counts': '/api/v1/prediction/categories',
  'list markets with optional filtering': '/api/v1/prediction/markets',
  'list active markets': '/api/v1/prediction/markets/active',
  'list markets ending soon': '/api/v1/prediction/markets/ending-soon',
  'list recently created markets': '/api/v1/prediction/markets/new',
  'list trending markets by volume': '/api/v1/prediction/markets/trending',
  'search markets': '/api/v1/prediction/search',
  'list popular tags': '/api/v1/prediction/tags',
  'create a prediction market': '/api/v1/prediction/markets',
  'batch get market prices': '/api/v1/prediction/markets/batch-prices',
  'get market details': '/api/v1/prediction/markets/:marketId',
  'get all outcome depths': '/api/v1/prediction/markets/:marketId/all-depths',
  'get depth for one outcome': '/api/v1/prediction/markets/:marketId/depth',
  'get K-line data': '/api/v1/prediction/markets/:marketId/klines',
  'get order book': '/api/v1/prediction/markets/:marketId/orderbook',
  'get market orders': '/api/v1/prediction/markets/:marketId/orders',
  'get market outcomes for multi-outcome markets': '/api/v1/prediction/markets/:marketId/outcomes',
  'get price balance, a CTF constraint check': '/api/v1/prediction/markets/:marketId/price-balance',
  'get price history': '/api/v1/prediction/markets/:marketId/price-history',
  'get market statistics': '/api/v1/prediction/markets/:marketId/stats',
  'get market trades': '/api/v1/prediction/markets/:marketId/trades',
  'get activity feed': '/api/v1/prediction/activity',
  'get market match statistics': '/api/v1/prediction/markets/:marketId/match-stats',
  'get global match history': '/api/v1/prediction/matches',
  "get current user's match history": '/api/v1/prediction/me/matches',
  "get current user's orders": '/api/v1/prediction/me/orders',
  "get current user's positions": '/api/v1/prediction/me/positions',
  "get current user's statistics": '/api/v1/prediction/me/stats',
  "get current user's trades": '/api/v1/prediction/me/trades',
  'batch cancel orders': '/api/v1/prediction/orders/batch-cancel',
  'cancel all orders': '/api/v1/prediction/orders/cancel-all',
  'cancel a single order': '/api/v1/prediction/orders/cancel',
  'claim winnings after resolution': '/api/v1/prediction/claims',
  'mint complete set': '/api/v1/prediction/mints',
  'claim multi-outcome winnings': '/api/v1/prediction/multi-outcome/claims',
  'mint multi-outcome complete set': '/api/v1/prediction/multi-outcome/mints',
  'place multi-outcome order': '/api/v1/prediction/multi-outcome/orders',
  'redeem multi-outcome complete set': '/api/v1/prediction/multi-outcome/redemptions',
  'place a limit order': '/api/v1/prediction/orders',
  'redeem complete set': '/api/v1/prediction/redemptions',
  'list championships': '/api/v1/championships',
  'championship detail': '/api/v1/championships/:slug',
  leaderboard: '/api/v1/championships/:slug/leaderboard',
  'user rank': '/api/v1/championships/:slug/me/rank',
  'top-3 hero data': '/api/v1/championships/:slug/top3',
  'get oracle configuration for a market': '/api/v1/prediction/markets/:marketId/oracle-config',
  'get current proposal for a market': '/api/v1/prediction/markets/:marketId/proposal',
  'get LLM oracle research data for a market': '/api/v1/prediction/markets/:marketId/research',
  'challenge a proposed result': '/api/v1/prediction/oracle/challenges',
  'finalize a market result after the challenge period': '/api/v1/prediction/oracle/finalizations',
}

/** Routes the exchange serves beyond the spec, each with its reason (none today). */
const EXTRAS: readonly string[] = []

const specShapes = SPEC_PATH_OPERATIONS.map(({ method, path }) => shape(method, path))
const namedShapes = SPEC_NAMED_OPERATIONS.map(({ name, method }) => shape(method, NAMED_PATHS[name] ?? `(no path for "${name}")`))

describe('the exchange\'s routes against the spec\'s operations', () => {
  it('serves every path operation of the spec with its method', () => {
    expect(specShapes.filter((operation) => !served.includes(operation))).toEqual([])
  })

  it('serves every named operation of the prediction, championship and oracle groups with the spec\'s method', () => {
    expect(SPEC_NAMED_OPERATIONS.filter(({ name }) => !(name in NAMED_PATHS)).map(({ name }) => name)).toEqual([])
    expect(namedShapes.filter((operation) => !served.includes(operation))).toEqual([])
  })

  it('serves nothing the spec does not list (a new route fails here, named)', () => {
    expect(served.filter((route) => !specShapes.includes(route) && !namedShapes.includes(route) && !EXTRAS.includes(route))).toEqual([])
  })

  it('answers a path next to a spec path with 404 ROUTE_NOT_FOUND, and a spec path with an unlisted method with 405', async () => {
    // A well-formed value for each parameter, by the collection it names.
    const SAMPLE: Record<string, string> = { 'api-keys': 'key_000001', orders: '1', markets: 'BTC-USDC', positions: 'BTC-USDC', balances: 'USDC', tokens: 'USDC' }
    const sample = (path: string) => path.replace(/\/([a-z-]+)\/:[A-Za-z]+/g, (_, collection: string) => `/${collection}/${SAMPLE[collection]}`)
    for (const { method, path } of SPEC_PATH_OPERATIONS) {
      const beside = await exchange.fetch(`http://x${sample(path)}/nope`, { method })
      expect((await beside.json()).error.code, `${method} ${path}/nope`).toBe('ROUTE_NOT_FOUND')
      const listed = SPEC_PATH_OPERATIONS.filter((other) => shape('', other.path) === shape('', path)).map((other) => other.method)
      for (const other of (['GET', 'POST', 'PUT', 'DELETE'] as const).filter((m) => !listed.includes(m))) {
        const wrong = await exchange.fetch(`http://x${sample(path)}`, { method: other })
        expect(wrong.status, `${other} ${path}`).toBe(405)
      }
    }
  })
})

describe('the exchange\'s code table against the spec\'s', () => {
  it('has every spec code with the same number and condition, and no other in the spec\'s table', () => {
    const table = Object.entries(SPEC_AUTH_CODES).map(([name, { codeNum, condition }]) => ({ name, number: codeNum, condition }))
    expect(table).toEqual(expect.arrayContaining(FACT_CODES.map((fact) => ({ ...fact }))))
    expect(table).toHaveLength(FACT_CODES.length)
  })

  it('gives its own codes numbers outside the spec\'s 110xx and 111xx ranges', () => {
    for (const [name, { codeNum }] of Object.entries(OWN_AUTH_CODES)) {
      expect(codeNum >= 11000 && codeNum < 11200, `${name} ${codeNum}`).toBe(false)
    }
  })

  it('answers 401 for the authentication codes and 403 for the permission codes', () => {
    for (const [name, { status }] of Object.entries(SPEC_AUTH_CODES)) expect(status, name).toBe(name.startsWith('PERM_') ? 403 : 401)
  })
})

describe('the exchange\'s credential formats, windows and onboarding body against the spec\'s', () => {
  const { apiKey, secret } = SPEC_CREDENTIALS
  const hex = (length: number, alphabet = '0123456789abcdef') => Array.from({ length }, (_, i) => alphabet[(i * 7) % alphabet.length]).join('')

  it('an API key is a 4-character prefix, "_" and 64 hex characters: 69 in all', () => {
    const good = `${'ab12'.slice(0, apiKey.prefixLength)}${apiKey.separator}${hex(apiKey.hexLength)}`
    expect(good).toHaveLength(apiKey.totalLength)
    expect(isApiKey(good)).toBe(true)
    for (const bad of [good.slice(1), `${good}0`, good.replace('_', '-'), `abc_${hex(65)}`, `${good.slice(0, -1)}g`]) expect(isApiKey(bad), bad).toBe(false)
  })

  it('a secret is 64 lowercase hex characters', () => {
    const good = hex(secret.length, secret.alphabet)
    expect(isSecretKey(good)).toBe(true)
    for (const bad of [good.slice(1), `${good}0`, good.toUpperCase(), `${good.slice(0, -1)}g`]) expect(isSecretKey(bad), bad).toBe(false)
  })

  it('keeps the spec\'s windows: 30 s on a request, 300 s on onboarding, and a signature single-use at least that long', () => {
    expect(TIMESTAMP_TOLERANCE_MS).toBe(SPEC_WINDOWS.timestampToleranceMs)
    expect(ONBOARDING_TOLERANCE_MS).toBe(SPEC_WINDOWS.onboardingToleranceMs)
    // "About 35 s": a signature is remembered until its timestamp + 30 s, so up to 60 s after it arrives.
    expect(exchange.replay.maxRetentionMs).toBeGreaterThanOrEqual(SPEC_WINDOWS.singleUseWindowApproxMs)
  })

  it('onboards with exactly the spec\'s five fields, and names each one left out', async () => {
    const { url } = await startLocalExchange({ seed: {} })
    const body = onboardBody(evmWallet())
    expect(Object.keys(body).sort()).toEqual([...SPEC_ONBOARDING_FIELDS].sort())
    for (const field of SPEC_ONBOARDING_FIELDS) {
      const { [field as keyof typeof body]: _, ...without } = body
      const { status, json } = await rawRequest(url, { method: 'POST', path: '/api/v1/oauth/onboard', body: JSON.stringify(without) })
      expect(status, field).toBe(400)
      expect(json.error?.details, field).toMatchObject({ field })
    }
    const { status } = await rawRequest(url, { method: 'POST', path: '/api/v1/oauth/onboard', body: JSON.stringify(body) })
    expect(status).toBe(200)
  })
})
