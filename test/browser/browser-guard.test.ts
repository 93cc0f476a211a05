// In a real page (Chromium): a secret as text needs dangerouslyAllowBrowser for any client; the
// credential store's non-extractable CryptoKey and a sign function need nothing. The verifier
// checks every signature with node:crypto.
import { afterEach, describe, expect, inject, it } from 'vitest'
import { credentialStore, ExchangeClient, ExchangeCore, ExchangeValidationError, withKey } from '../../src/index.ts'
import { inBrowser } from '../../src/auth/browser-guard.ts'

// The verifying server's key (test/support/verifying-server.ts; that module is Node-only).
const KEY = { apiKey: `test_${'ab'.repeat(32)}`, secretKey: 'cd'.repeat(32) }
const DATABASE = 'browser-guard-test'
const SIGNED = { method: 'POST', path: '/signed/orders', body: { market: 'BTC-USDC' } } as const

afterEach(async () => {
  await credentialStore({ database: DATABASE }).clear()
})

describe('the browser guard in Chromium', () => {
  it('knows a page', () => {
    expect(inBrowser()).toBe(true)
  })

  it('refuses a secret as text, for ExchangeCore (withKey) and ExchangeClient, naming dangerouslyAllowBrowser', () => {
    const builds = [() => withKey(new ExchangeCore({ baseUrl: inject('verifierUrl') }), KEY), () => new ExchangeClient({ baseUrl: inject('verifierUrl'), ...KEY })]
    for (const build of builds) {
      let refusal: unknown
      try {
        build()
      } catch (caught) {
        refusal = caught
      }
      expect(refusal).toBeInstanceOf(ExchangeValidationError)
      expect(refusal).toMatchObject({ field: 'dangerouslyAllowBrowser' })
    }
  })

  it('signs with a secret as text once opted in', async () => {
    const client = withKey(new ExchangeCore({ baseUrl: inject('verifierUrl') }), { ...KEY, dangerouslyAllowBrowser: true })
    expect(await client.request<{ body: string }>(SIGNED)).toMatchObject({ body: '{"market":"BTC-USDC"}' })
  })

  it('signs with the credential store\'s CryptoKey without any opt-in', async () => {
    await credentialStore({ database: DATABASE }).save(KEY)
    const stored = (await credentialStore({ database: DATABASE }).load())!
    const client = new ExchangeClient({ baseUrl: inject('verifierUrl'), apiKey: stored.apiKey, secretKey: stored.secretKey })
    expect(await client.request<{ body: string }>(SIGNED)).toMatchObject({ body: '{"market":"BTC-USDC"}' })
  })

  it('needs nothing for a sign function (a backend that signs)', async () => {
    const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(KEY.secretKey), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
    const sign = async (payload: string) => Array.from(new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(payload))), (byte) => byte.toString(16).padStart(2, '0')).join('')
    const client = withKey(new ExchangeCore({ baseUrl: inject('verifierUrl') }), { apiKey: KEY.apiKey, sign })
    expect(await client.request<{ body: string }>(SIGNED)).toMatchObject({ body: '{"market":"BTC-USDC"}' })
  })

  it('a sign function beside a secret as text does not waive the opt-in for the text', () => {
    const sign = async () => 'f'.repeat(64)
    expect(() => new ExchangeClient({ baseUrl: inject('verifierUrl'), ...KEY, sign })).toThrow(expect.objectContaining({ field: 'dangerouslyAllowBrowser' }))
  })

  it('refuses an extractable CryptoKey, whose secret any script could export', async () => {
    const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(KEY.secretKey), { name: 'HMAC', hash: 'SHA-256' }, true, ['sign'])
    expect(() => new ExchangeClient({ baseUrl: inject('verifierUrl'), apiKey: KEY.apiKey, secretKey: key })).toThrow(expect.objectContaining({ field: 'secretKey', message: expect.stringContaining('non-extractable') }))
  })
})
