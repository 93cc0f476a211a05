// No request follows a redirect, signed or not: the redirect target (a second loopback server) must
// record nothing, and the caller gets a typed error naming the status and the Location.
import { describe, expect, it } from 'vitest'
import { ExchangeClient, OrderOutcomeUnknownError, isExchangeError } from '../../src/index.ts'
import { startLocalExchange } from '../support/local-exchange.ts'
import { startProxy, startTrap } from '../support/loopback-proxy.ts'
import { TEST_KEYS } from '../support/seed.ts'

const STATUSES = [301, 302, 303, 307, 308]
const order = { market: 'BTC-USDC', side: 'buy', type: 'limit', size: '0.001', price: '60000', leverage: 5 } as const

describe('redirects are never followed', async () => {
  const trap = await startTrap()
  const { url: exchangeUrl } = await startLocalExchange()
  let status = 302
  // The service's origin answering a redirect to another origin, for every request.
  const origin = await startProxy(exchangeUrl, ({ path }) => ({ kind: 'redirect', status, location: trap.url + path, forward: false }))
  const signed = (fetch?: typeof globalThis.fetch) =>
    new ExchangeClient({ baseUrl: origin.url, ...TEST_KEYS.bob, fetch, retry: { limit: 2, backoffLimitMs: 1 } })

  describe.each([
    ['the default fetch', undefined],
    ['a fetch the caller plugs in', (input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init)],
  ])('through %s', (_, fetch) => {
    it.each(STATUSES)('a signed GET answered %i is a redirect error naming the status and Location; nothing reaches the target', async (code) => {
      status = code
      const error = await signed(fetch).account.getOverview().catch((caught: unknown) => caught)
      expect(isExchangeError(error, 'redirect')).toBe(true)
      expect(error).toMatchObject({ name: 'ExchangeRedirectError', status: code, location: `${trap.url}/api/v1/account/overview` })
      expect((error as Error).message).toContain(String(code))
      expect((error as Error).message).toContain(trap.url)
      expect(trap.recorded).toEqual([])
    })

    it.each(STATUSES)('a signed placement answered %i is an unknown outcome whose cause is the redirect; nothing reaches the target', async (code) => {
      status = code
      const error = await signed(fetch).perp.placeOrder({ ...order, clientOrderId: `redirected-${code}` }).catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(OrderOutcomeUnknownError)
      expect(error).toMatchObject({ clientOrderId: `redirected-${code}`, cause: { kind: 'redirect', status: code, location: `${trap.url}/api/v1/perp/orders` } })
      expect(typeof (error as OrderOutcomeUnknownError).lastSignedAt).toBe('number')
      expect(trap.recorded).toEqual([])
    })
  })

  it('an unsigned read is not followed either', async () => {
    status = 307
    const error = await new ExchangeClient({ baseUrl: origin.url }).perp.listMarkets().catch((caught: unknown) => caught)
    expect(error).toMatchObject({ kind: 'redirect', status: 307 })
    expect(trap.recorded).toEqual([])
  })

  it('a plugged-in fetch is handed a Request that says redirect: manual', async () => {
    const modes: string[] = []
    const fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      modes.push((input as Request).redirect)
      return globalThis.fetch(input, init)
    }
    status = 301
    await signed(fetch).account.getOverview().catch(() => undefined)
    expect(modes).toEqual(['manual'])
  })

  it('an opaque redirect (what a browser gives for a manual redirect: type opaqueredirect, status 0) is a redirect error', async () => {
    // Node cannot build one: a Response whose type and status say what a browser's would.
    const opaque = () => Object.defineProperties(new Response(null, { status: 200 }), { type: { value: 'opaqueredirect' }, status: { value: 0 }, ok: { value: false } })
    const error = await signed(async () => opaque()).account.getOverview().catch((caught: unknown) => caught)
    expect(error).toMatchObject({ kind: 'redirect', status: 0, location: undefined })
  })

  it('a plugged-in fetch that follows a redirect anyway is caught after the fact', async () => {
    const followed = Object.defineProperties(new Response('{"success":true,"data":{},"error":null}', { status: 200 }), {
      redirected: { value: true },
      url: { value: `${trap.url}/elsewhere` },
    })
    const error = await signed(async () => followed).account.getOverview().catch((caught: unknown) => caught)
    expect(error).toMatchObject({ kind: 'redirect', location: `${trap.url}/elsewhere` })
  })
})
