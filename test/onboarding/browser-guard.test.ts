// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { ExchangeClient, ExchangeValidationError, onboard } from '../../src/index.ts'
import { inBrowser, refuseTradingKeyInBrowser } from '../../src/onboarding/browser-guard.ts'
import { generateEvmWallet } from '../../src/local-signer.ts'
import { failure } from '../support/failure.ts'

const KEY = { apiKey: `1024_${'ab'.repeat(32)}`, secretKey: 'cd'.repeat(32), accountId: 'a', apiKeyId: 'k', isNewUser: false }

/** Records requests; answers the clock and onboarding. */
function fakeService() {
  const paths: string[] = []
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(new Request(input, init).url).pathname
    paths.push(path)
    const data = path.endsWith('/system/time') ? { serverTime: Date.now() } : KEY
    return new Response(JSON.stringify({ success: true, data, error: null, meta: {} }), { headers: { 'content-type': 'application/json' } })
  }) as typeof globalThis.fetch
  return { fetch, paths }
}


describe('the browser guard (a page: document present)', () => {
  it('knows it runs in a page', () => {
    expect(inBrowser()).toBe(true)
  })

  it('refuses to onboard for a trade-capable key before any signature or request', async () => {
    const service = fakeService()
    let asked = false
    const { signer } = generateEvmWallet()
    const watched = { ...signer, signMessage: (m: string) => ((asked = true), signer.signMessage(m)) }
    const error = await failure(onboard({ baseUrl: 'https://x.test', fetch: service.fetch, signer: watched }))
    expect(error).toBeInstanceOf(ExchangeValidationError)
    expect((error as ExchangeValidationError).field).toBe('allowTradingKeyInBrowser')
    expect((error as Error).message).toMatch(/read-only key/)
    expect(asked).toBe(false)
    expect(service.paths).toEqual([])
  })

  it('onboards (always a read+trade key, per the spec) once the integrator opts in', async () => {
    const optedIn = fakeService()
    const client = new ExchangeClient({ baseUrl: 'https://x.test', fetch: optedIn.fetch, allowTradingKeyInBrowser: true })
    await client.onboard({ signer: generateEvmWallet().signer, use: true })
    expect(client.hasCredentials).toBe(true)
  })

  it('decides from the permissions a key reports', () => {
    expect(() => refuseTradingKeyInBrowser({ canRead: true, canTrade: false, canWithdraw: false }, undefined)).not.toThrow()
    expect(() => refuseTradingKeyInBrowser({ canRead: true, canTrade: true, canWithdraw: false }, undefined)).toThrow(ExchangeValidationError)
    expect(() => refuseTradingKeyInBrowser({ canRead: true, canTrade: false, canWithdraw: true }, false)).toThrow(ExchangeValidationError)
    expect(() => refuseTradingKeyInBrowser({ canRead: true, canTrade: true, canWithdraw: false }, true)).not.toThrow()
  })
})
