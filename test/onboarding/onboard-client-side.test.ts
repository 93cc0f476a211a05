// What onboard() does on the client's side, before and around the one POST: a fetch double stands
// in for the service (the reference exchange's end-to-end checks are in onboard-reference.test.ts).
import { inspect } from 'node:util'
import { describe, expect, it } from 'vitest'
import {
  ExchangeClient,
  ExchangeValidationError,
  isExchangeError,
  onboard,
  SigningCancelledError,
  SigningTimeoutError,
  type WalletSigner,
} from '../../src/index.ts'
import { parseLoginMessage } from '../../src/onboarding/message.ts'
import { generateEvmWallet } from '../../src/local-signer.ts'
import { failure } from '../support/failure.ts'
import { SPEC_ONBOARDING_FIELDS } from '../spec/spec-facts.ts'
import { envelopeResponse, fetchDouble } from '../support/fetch-double.ts'

const BASE_URL = 'https://exchange.test'
/** Within the service's tolerance of the local clock: the login message may be dated by it. */
const SERVER_AHEAD_MS = 20_000
const HOUR = 3_600_000
const KEY = {
  apiKey: `1024_${'ab'.repeat(32)}`,
  secretKey: 'cd'.repeat(32),
  accountId: 'acc_1',
  apiKeyId: 'key_1',
  isNewUser: true,
}

/** Answers the clock and onboarding like the service would, and records every request. */
function fakeService(now: () => number, aheadMs = SERVER_AHEAD_MS) {
  return fetchDouble(({ url }) => {
    const serverTime = now() + aheadMs
    if (url.pathname === '/api/v1/system/time') return envelopeResponse({ serverTime }, { serverTime })
    if (url.pathname === '/api/v1/oauth/onboard') return envelopeResponse(KEY, { serverTime })
    return new Response('{}', { status: 404 })
  })
}


describe('onboard() on the client side', () => {
  it('signs "<serviceName> - login - <server time>" and posts exactly the spec\'s five fields: the signed message and its timestamp', async () => {
    const service = fakeService(Date.now)
    const { signer } = generateEvmWallet()
    const signed: string[] = []
    const recording: WalletSigner = { ...signer, signMessage: (message) => (signed.push(message), signer.signMessage(message)) }
    const localBefore = Date.now()
    const key = await onboard({ baseUrl: BASE_URL, fetch: service.fetch, signer: recording, serviceName: 'Test Exchange' })

    expect({ ...key, secretKey: key.secretKey.reveal() }).toEqual(KEY)
    expect(service.sent.map((r) => `${r.method} ${r.url.pathname}`)).toEqual(['GET /api/v1/system/time', 'POST /api/v1/oauth/onboard'])
    const body = JSON.parse(service.sent[1]!.body)
    const parsed = parseLoginMessage(signed[0]!)!
    expect(parsed.serviceName).toBe('Test Exchange')
    // The server's clock, not the local one: the fake server runs 20 s ahead.
    expect(parsed.timestamp).toBeGreaterThanOrEqual(localBefore + SERVER_AHEAD_MS - 1000)
    expect(body).toEqual({
      walletAddress: signer.address,
      walletType: 'evm',
      message: signed[0],
      signature: await signer.signMessage(signed[0]!),
      timestamp: parsed.timestamp,
    })
    expect(Object.keys(body).sort()).toEqual([...SPEC_ONBOARDING_FIELDS].sort())
  })

  it('a measured server time an hour from the local clock: no login message is signed or sent, and the error says why', async () => {
    const service = fakeService(Date.now, HOUR)
    const { signer } = generateEvmWallet()
    let signed = 0
    const counting: WalletSigner = { ...signer, signMessage: (message) => (signed++, signer.signMessage(message)) }
    const error = await failure(onboard({ baseUrl: BASE_URL, fetch: service.fetch, signer: counting }))
    expect(isExchangeError(error, 'clock')).toBe(true)
    expect((error as Error).message).toMatch(/^The login message was not signed: the measured server clock is 3600 s from this host's/)
    expect(signed).toBe(0)
    expect(service.sent.map((r) => r.url.pathname)).toEqual(['/api/v1/system/time'])
  })

  it('with maxUnconfirmedClockOffsetMs (a host whose clock is known wrong), the login message is dated by the measured time', async () => {
    const service = fakeService(Date.now, HOUR)
    const localBefore = Date.now()
    const { signer } = generateEvmWallet()
    await onboard({ baseUrl: BASE_URL, fetch: service.fetch, signer, maxUnconfirmedClockOffsetMs: 2 * HOUR })
    const { timestamp } = JSON.parse(service.sent[1]!.body) as { timestamp: number }
    expect(timestamp).toBeGreaterThanOrEqual(localBefore + HOUR - 1000)
  })

  it('keeps the new secret out of JSON.stringify and console.log while leaving it usable for a client', async () => {
    const service = fakeService(Date.now)
    const key = await onboard({ baseUrl: BASE_URL, fetch: service.fetch, signer: generateEvmWallet().signer })
    expect(JSON.stringify(key)).not.toContain(KEY.secretKey)
    expect(JSON.stringify(key)).toContain('[hidden]')
    expect(inspect(key)).not.toContain(KEY.secretKey)
    expect(inspect(key)).toContain(KEY.apiKey)
    expect(key.secretKey.reveal()).toBe(KEY.secretKey)
    const client = new ExchangeClient({ baseUrl: BASE_URL, fetch: service.fetch, ...key })
    expect(client.apiKey).toBe(KEY.apiKey)
  })

  it('client.onboard({ use: true }) makes the client sign with the new key', async () => {
    const service = fakeService(Date.now)
    const client = new ExchangeClient({ baseUrl: BASE_URL, fetch: service.fetch })
    expect(client.hasCredentials).toBe(false)
    await client.onboard({ signer: generateEvmWallet().signer, use: true })
    expect(client.apiKey).toBe(KEY.apiKey)
    expect(client.hasCredentials).toBe(true)
  })

  it('sends nothing when the wallet owner declines: SigningCancelledError', async () => {
    const service = fakeService(Date.now)
    const refusing: WalletSigner = { address: generateEvmWallet().signer.address, walletType: 'evm', signMessage: async () => { throw { code: 4001, message: 'User rejected the request.' } } }
    const error = await failure(onboard({ baseUrl: BASE_URL, fetch: service.fetch, signer: refusing }))
    expect(error).toBeInstanceOf(SigningCancelledError)
    expect(service.sent.some((r) => r.url.pathname === '/api/v1/oauth/onboard')).toBe(false)
  })

  it('gives up on a wallet that never answers within the signing window, sending nothing', async () => {
    const service = fakeService(Date.now)
    const stuck: WalletSigner = { address: generateEvmWallet().signer.address, walletType: 'evm', signMessage: () => new Promise(() => undefined) }
    const error = await failure(onboard({ baseUrl: BASE_URL, fetch: service.fetch, signer: stuck, signingWindowMs: 20 }))
    expect(error).toBeInstanceOf(SigningTimeoutError)
    expect(isExchangeError(error, 'timeout')).toBe(true)
    expect((error as Error).message).toMatch(/300 s/)
    expect(service.sent.some((r) => r.url.pathname === '/api/v1/oauth/onboard')).toBe(false)
  })

  it('refuses a signature that came back after the window by the clock (a laptop that slept), sending nothing', async () => {
    let now = Date.now()
    const service = fakeService(() => now)
    const { signer } = generateEvmWallet()
    const sleepy: WalletSigner = { ...signer, signMessage: async (message) => { now += 301_000; return signer.signMessage(message) } }
    const error = await failure(onboard({ baseUrl: BASE_URL, fetch: service.fetch, signer: sleepy, now: () => now }))
    expect(error).toBeInstanceOf(SigningTimeoutError)
    expect(service.sent.some((r) => r.url.pathname === '/api/v1/oauth/onboard')).toBe(false)
  })

  it('validates its input before asking the wallet or the network, naming the field', async () => {
    const service = fakeService(Date.now)
    const { signer } = generateEvmWallet()
    const cases: [Record<string, unknown>, string][] = [
      [{ signer: { ...signer, walletType: 'bitcoin' } }, 'walletType'],
      // Not in the spec's body: refused, so nobody counts on a narrower key than the read+trade one minted.
      [{ signer, permissions: { canTrade: false } }, 'permissions'],
      [{ signer, partnerTag: 'acme' }, 'partnerTag'],
      [{ signer: { walletType: 'evm', signMessage: signer.signMessage } }, 'signer.address'],
      [{ signer, signingWindowMs: 301_000 }, 'signingWindowMs'],
    ]
    for (const [params, field] of cases) {
      const error = await failure(onboard({ baseUrl: BASE_URL, fetch: service.fetch, ...params } as Parameters<typeof onboard>[0]))
      expect(error, field).toBeInstanceOf(ExchangeValidationError)
      expect((error as ExchangeValidationError).field, field).toBe(field)
    }
    expect(service.sent).toEqual([])
  })

  it("checks the transport's options as a client does, before asking the wallet or the network", async () => {
    const service = fakeService(Date.now)
    let asked = 0
    const { signer } = generateEvmWallet()
    const counted: WalletSigner = { ...signer, signMessage: (message) => (asked++, signer.signMessage(message)) }
    const cases: [Record<string, unknown>, string][] = [
      [{ baseUrl: 'exchange.test' }, 'baseUrl'],
      [{ baseUrl: `${BASE_URL}/api/v1` }, 'baseUrl'],
      [{ timeoutMs: -1 }, 'timeoutMs'],
      [{ retry: Number.POSITIVE_INFINITY }, 'retry'],
      [{ fetch: 'fetch' }, 'fetch'],
    ]
    for (const [options, field] of cases) {
      const error = await failure(onboard({ baseUrl: BASE_URL, fetch: service.fetch, signer: counted, ...options } as Parameters<typeof onboard>[0]))
      expect(error, field).toBeInstanceOf(ExchangeValidationError)
      expect((error as ExchangeValidationError).field, field).toBe(field)
    }
    expect(service.sent).toEqual([])
    expect(asked).toBe(0)
  })
})
