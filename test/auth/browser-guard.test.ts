// @vitest-environment happy-dom
// In a page, a secret held as text needs `dangerouslyAllowBrowser: true`: given to any client, or
// arriving from onboarding or rotation. A non-extractable CryptoKey or a `sign` function needs nothing.
import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { importSecretKey } from '../../src/advanced.ts'
import { ExchangeClient, ExchangeCore, ExchangeValidationError, IssuedSecret, onboard, withKey } from '../../src/index.ts'
import { inBrowser } from '../../src/auth/browser-guard.ts'
import { generateEvmWallet } from '../../src/local-signer.ts'
import { failure } from '../support/failure.ts'

const API_KEY = `1024_${'ab'.repeat(32)}`
const SECRET = 'cd'.repeat(32)
const ISSUED = { apiKey: API_KEY, secretKey: SECRET, accountId: 'a', apiKeyId: 'k', isNewUser: false, rotatedAt: 1 }

/** Records requests and their signatures; answers the clock, onboarding, rotation and anything else. */
function fakeService() {
  const sent: { path: string; signature: string | null; timestamp: string | null }[] = []
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init)
    const path = new URL(request.url).pathname
    sent.push({ path, signature: request.headers.get('x-signature'), timestamp: request.headers.get('x-timestamp') })
    const data = path.endsWith('/system/time') ? { serverTime: Date.now() } : path.endsWith('/onboard') || path.endsWith('/rotate') ? ISSUED : {}
    return new Response(JSON.stringify({ success: true, data, error: null, meta: {} }), { headers: { 'content-type': 'application/json' } })
  }) as typeof globalThis.fetch
  return { fetch, sent }
}

function refusal(build: () => unknown): ExchangeValidationError {
  const error = (() => {
    try {
      build()
    } catch (caught) {
      return caught
    }
    throw new Error('expected the guard to refuse')
  })()
  expect(error).toBeInstanceOf(ExchangeValidationError)
  expect((error as ExchangeValidationError).field).toBe('dangerouslyAllowBrowser')
  return error as ExchangeValidationError
}

/** Signs a read and returns the signature that went out, checked against node:crypto. */
async function signsWith(client: ExchangeCore, sent: ReturnType<typeof fakeService>['sent']): Promise<void> {
  await client.request({ method: 'GET', path: '/api/v1/account/overview' })
  const last = sent[sent.length - 1]!
  expect(last.signature).toBe(createHmac('sha256', SECRET).update(`${last.timestamp}GET/api/v1/account/overview`).digest('hex'))
}

describe('the browser guard (a page: document present)', () => {
  it('knows it runs in a page', () => {
    expect(inBrowser()).toBe(true)
  })

  it.each([
    ['ExchangeCore with a key, secret as a string', () => withKey(new ExchangeCore({ baseUrl: 'https://x.test' }), { apiKey: API_KEY, secretKey: SECRET })],
    ['ExchangeClient, secret as a string', () => new ExchangeClient({ baseUrl: 'https://x.test', apiKey: API_KEY, secretKey: SECRET })],
    ['ExchangeClient, secret as onboarding returns it', () => new ExchangeClient({ baseUrl: 'https://x.test', apiKey: API_KEY, secretKey: new IssuedSecret(SECRET) })],
    ['ExchangeClient, explicitly not opted in', () => new ExchangeClient({ baseUrl: 'https://x.test', apiKey: API_KEY, secretKey: SECRET, dangerouslyAllowBrowser: false })],
  ])('refuses a secret as text without the opt-in: %s', (_, build) => {
    const error = refusal(build)
    expect(error.message).toMatch(/any script could read the secret/)
    expect(error.message).not.toContain(SECRET)
  })

  it('a sign function given beside a secret as text does not waive the opt-in for the text', () => {
    const sign = async () => 'f'.repeat(64)
    for (const secretKey of [SECRET, new IssuedSecret(SECRET)]) {
      refusal(() => new ExchangeClient({ baseUrl: 'https://x.test', apiKey: API_KEY, secretKey, sign }))
      refusal(() => withKey(new ExchangeCore({ baseUrl: 'https://x.test' }), { apiKey: API_KEY, secretKey, sign }))
    }
    expect(new ExchangeClient({ baseUrl: 'https://x.test', apiKey: API_KEY, secretKey: SECRET, sign, dangerouslyAllowBrowser: true }).hasCredentials).toBe(true)
  })

  it('the old allowTradingKeyInBrowser option does not opt in (it is gone)', () => {
    refusal(() => new ExchangeClient({ baseUrl: 'https://x.test', apiKey: API_KEY, secretKey: SECRET, ...({ allowTradingKeyInBrowser: true } as object) }))
  })

  it('a malformed secret is refused naming secretKey, before the guard', () => {
    expect(() => new ExchangeClient({ baseUrl: 'https://x.test', apiKey: API_KEY, secretKey: 'not-hex' })).toThrow(expect.objectContaining({ field: 'secretKey' }))
  })

  it('signs with a secret as text once opted in (ExchangeCore and ExchangeClient)', async () => {
    const service = fakeService()
    await signsWith(withKey(new ExchangeCore({ baseUrl: 'https://x.test', fetch: service.fetch }), { apiKey: API_KEY, secretKey: SECRET, dangerouslyAllowBrowser: true }), service.sent)
    await signsWith(new ExchangeClient({ baseUrl: 'https://x.test', fetch: service.fetch, apiKey: API_KEY, secretKey: SECRET, dangerouslyAllowBrowser: true }), service.sent)
  })

  it('needs nothing for a non-extractable CryptoKey or a sign function', async () => {
    const service = fakeService()
    const key = await importSecretKey(SECRET)
    expect(key.extractable).toBe(false)
    await signsWith(withKey(new ExchangeCore({ baseUrl: 'https://x.test', fetch: service.fetch }), { apiKey: API_KEY, secretKey: key }), service.sent)
    await signsWith(new ExchangeClient({ baseUrl: 'https://x.test', fetch: service.fetch, apiKey: API_KEY, secretKey: key }), service.sent)
    const sign = async (payload: string) => createHmac('sha256', SECRET).update(payload).digest('hex')
    await signsWith(new ExchangeClient({ baseUrl: 'https://x.test', fetch: service.fetch, apiKey: API_KEY, sign }), service.sent)
    // Without credentials there is nothing to guard.
    expect(new ExchangeClient({ baseUrl: 'https://x.test' }).hasCredentials).toBe(false)
  })

  it('refuses to onboard (the new secret arrives as text) before any signature or request', async () => {
    const service = fakeService()
    let asked = false
    const { signer } = generateEvmWallet()
    const watched = { ...signer, signMessage: (m: string) => ((asked = true), signer.signMessage(m)) }
    for (const attempt of [
      () => onboard({ baseUrl: 'https://x.test', fetch: service.fetch, signer: watched }),
      () => new ExchangeClient({ baseUrl: 'https://x.test', fetch: service.fetch }).onboard({ signer: watched }),
    ]) {
      const error = await failure(attempt())
      expect(error).toBeInstanceOf(ExchangeValidationError)
      expect((error as ExchangeValidationError).field).toBe('dangerouslyAllowBrowser')
    }
    expect(asked).toBe(false)
    expect(service.sent).toEqual([])
  })

  it('onboards once opted in, on the client or the call, and the client signs with the new key', async () => {
    const optedIn = fakeService()
    const client = new ExchangeClient({ baseUrl: 'https://x.test', fetch: optedIn.fetch, dangerouslyAllowBrowser: true })
    const key = await client.onboard({ signer: generateEvmWallet().signer, use: true })
    expect(key.secretKey.reveal()).toBe(SECRET)
    await signsWith(client, optedIn.sent)
    const standalone = await onboard({ baseUrl: 'https://x.test', fetch: optedIn.fetch, signer: generateEvmWallet().signer, dangerouslyAllowBrowser: true })
    expect(standalone.apiKey).toBe(API_KEY)
  })

  it('refuses to rotate without the opt-in, before any request, even for a client built on a CryptoKey', async () => {
    const service = fakeService()
    const client = new ExchangeClient({ baseUrl: 'https://x.test', fetch: service.fetch, apiKey: API_KEY, secretKey: await importSecretKey(SECRET) })
    expect((await failure(client.rotate())) as ExchangeValidationError).toMatchObject({ field: 'dangerouslyAllowBrowser' })
    expect(service.sent).toEqual([])
    const optedIn = new ExchangeClient({ baseUrl: 'https://x.test', fetch: service.fetch, apiKey: API_KEY, secretKey: await importSecretKey(SECRET), dangerouslyAllowBrowser: true })
    expect((await optedIn.rotate()).secretKey.reveal()).toBe(SECRET)
  })
})
