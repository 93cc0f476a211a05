// Runs in a real browser (Chromium): IndexedDB, structured clone of CryptoKeys, WebCrypto.
import { afterEach, describe, expect, inject, it } from 'vitest'
import { hmacHex, importSecretKey } from '../../src/advanced.ts'
import { credentialStore, ExchangeClient, ExchangeValidationError, IssuedSecret } from '../../src/index.ts'
import { failure } from '../support/failure.ts'
import { allValues } from './support/indexed-db.ts'

// The verifying server's key (test/support/verifying-server.ts; that module is Node-only).
const KEY = { apiKey: `test_${'ab'.repeat(32)}`, secretKey: 'cd'.repeat(32) }
const DATABASE = 'credential-store-test'


/** Every value IndexedDB holds for the test database, read without the store. */
const rawRecords = () => allValues(DATABASE, 'credentials')

afterEach(async () => {
  await credentialStore({ database: DATABASE }).clear()
  await credentialStore({ database: DATABASE, name: 'second' }).clear()
})

describe('the browser credential store', () => {
  it('keeps the secret only as a non-extractable HMAC CryptoKey that survives a new store instance', async () => {
    await credentialStore({ database: DATABASE }).save({ ...KEY, accountId: 'acc_1', walletAddress: '0xabc', expiresAt: null })
    const loaded = await credentialStore({ database: DATABASE }).load()
    expect(loaded).toMatchObject({ apiKey: KEY.apiKey, accountId: 'acc_1', walletAddress: '0xabc', expiresAt: null })
    const key = loaded!.secretKey
    expect(key).toBeInstanceOf(CryptoKey)
    expect(key).toMatchObject({ type: 'secret', extractable: false, algorithm: { name: 'HMAC' } })
    expect(await failure(crypto.subtle.exportKey('raw', key))).toBeInstanceOf(DOMException)
    // It still signs exactly as the secret does.
    const payload = '1700000000000GET/api/v1/perp/orders'
    expect(await hmacHex(key, payload)).toBe(await hmacHex(await importSecretKey(KEY.secretKey), payload))
  })

  it('writes no secret text anywhere: not in IndexedDB, localStorage or sessionStorage', async () => {
    localStorage.clear()
    sessionStorage.clear()
    await credentialStore({ database: DATABASE }).save(KEY)
    const records = await rawRecords()
    expect(records).toHaveLength(1)
    const strings = Object.values(records[0] as Record<string, unknown>).filter((value) => typeof value === 'string')
    expect(strings).toContain(KEY.apiKey)
    expect(strings.some((value) => (value as string).includes(KEY.secretKey))).toBe(false)
    expect(localStorage.length).toBe(0)
    expect(sessionStorage.length).toBe(0)
  })

  it('builds a client whose signatures an independent verifier accepts', async () => {
    await credentialStore({ database: DATABASE }).save(KEY)
    const stored = (await credentialStore({ database: DATABASE }).load())!
    const client = new ExchangeClient({ baseUrl: inject('verifierUrl'), apiKey: stored.apiKey, secretKey: stored.secretKey })
    const echoed = await client.request<{ body: string }>({ method: 'POST', path: '/signed/orders', body: { market: 'BTC-USDC' } })
    expect(echoed.body).toBe('{"market":"BTC-USDC"}')
  })

  it('saves an onboarding result as it comes (its secret an IssuedSecret), and the stored key signs', async () => {
    const onboarded = { apiKey: KEY.apiKey, secretKey: new IssuedSecret(KEY.secretKey), accountId: 'acc_1', apiKeyId: 'key_1', isNewUser: true }
    await credentialStore({ database: DATABASE }).save(onboarded)
    const stored = (await credentialStore({ database: DATABASE }).load())!
    expect(stored).toMatchObject({ apiKey: KEY.apiKey, accountId: 'acc_1', secretKey: { extractable: false } })
    expect(JSON.stringify(await rawRecords())).not.toContain(KEY.secretKey)
    const client = new ExchangeClient({ baseUrl: inject('verifierUrl'), apiKey: stored.apiKey, secretKey: stored.secretKey })
    expect(await client.request<{ body: string }>({ method: 'POST', path: '/signed/orders', body: { market: 'BTC-USDC' } })).toMatchObject({ body: '{"market":"BTC-USDC"}' })
  })

  it('clears, and keeps named records apart', async () => {
    await credentialStore({ database: DATABASE }).save(KEY)
    await credentialStore({ database: DATABASE, name: 'second' }).save({ ...KEY, accountId: 'other' })
    await credentialStore({ database: DATABASE }).clear()
    expect(await credentialStore({ database: DATABASE }).load()).toBeUndefined()
    expect((await credentialStore({ database: DATABASE, name: 'second' }).load())?.accountId).toBe('other')
  })

  it('refuses an extractable key, a malformed secret or API key, naming the field', async () => {
    const store = credentialStore({ database: DATABASE })
    const extractable = await crypto.subtle.importKey('raw', new TextEncoder().encode(KEY.secretKey), { name: 'HMAC', hash: 'SHA-256' }, true, ['sign'])
    const cases: [Promise<unknown>, string][] = [
      [store.save({ apiKey: KEY.apiKey, secretKey: extractable }), 'secretKey'],
      [store.save({ apiKey: KEY.apiKey, secretKey: 'not-hex' }), 'secretKey'],
      [store.save({ apiKey: 'short', secretKey: KEY.secretKey }), 'apiKey'],
    ]
    for (const [attempt, field] of cases) {
      const error = await failure(attempt)
      expect(error, field).toBeInstanceOf(ExchangeValidationError)
      expect((error as ExchangeValidationError).field).toBe(field)
    }
    expect(await store.load()).toBeUndefined()
  })
})
