// A secret given as text starts its import when the client is built, so that once the import settles no
// copy of the text is left (test/reliability/secret-text-gone.test.ts). Node loads its WebCrypto as
// `globalThis.crypto` is first read, which the cold-start bound (scripts/cold-start.ts) counts. Where
// WebCrypto is missing, building the client says so, before anything is sent.
import { createHmac } from 'node:crypto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ExchangeClient, ExchangeError } from '../../src/index.ts'
import { envelopeResponse, fetchDouble } from '../support/fetch-double.ts'
import { TEST_KEYS } from '../support/seed.ts'
import { thrown } from '../support/thrown.ts'

const baseUrl = 'https://api.example.test'
const { apiKey, secretKey } = TEST_KEYS.trader
const NO_WEBCRYPTO = 'globalThis.crypto.subtle is missing: this runtime has no WebCrypto (Node >= 20, Deno, Bun, browsers in secure contexts and edge runtimes have it).'
const INSECURE_PAGE = 'globalThis.crypto.subtle is missing because this page is not a secure context: browsers expose WebCrypto only over HTTPS or on http://localhost. Serve the page over HTTPS (or localhost), or sign on a backend.'
const realCrypto = globalThis.crypto
const original = Object.getOwnPropertyDescriptor(globalThis, 'crypto')!
const signedRead = { method: 'GET', path: '/api/v1/account/overview' } as const

afterEach(() => {
  Object.defineProperty(globalThis, 'crypto', original)
  delete (globalThis as { isSecureContext?: boolean }).isSecureContext
  vi.restoreAllMocks()
})

/** `crypto` as an accessor (as Node defines it) returning `value`; counts its reads. */
function cryptoAccessor(value: unknown): { reads: number } {
  const counter = { reads: 0 }
  Object.defineProperty(globalThis, 'crypto', { get: () => (counter.reads++, value), configurable: true })
  return counter
}


describe('the key is imported when the client is built', () => {
  it('building a client starts the import, once; the first two signatures, started together, import nothing more and sign as node:crypto does', async () => {
    const importKey = vi.spyOn(realCrypto.subtle, 'importKey')
    const { fetch, sent } = fetchDouble(envelopeResponse({}))
    const client = new ExchangeClient({ baseUrl, apiKey, secretKey, fetch })
    expect(importKey).toHaveBeenCalledTimes(1)
    await Promise.all([client.request(signedRead), client.request({ ...signedRead, path: '/api/v1/account/balances' })])
    expect(importKey).toHaveBeenCalledTimes(1)
    expect(sent).toHaveLength(2)
    for (const { method, url, headers } of sent) {
      const expected = createHmac('sha256', secretKey).update(`${headers.get('x-timestamp')}${method}${url.pathname}`).digest('hex')
      expect(headers.get('x-signature')).toBe(expected)
    }
    await client.request(signedRead)
    expect(importKey).toHaveBeenCalledTimes(1)
  })

  it('behind an accessor whose value has no `subtle`: building the client fails with crypto-unavailable, and nothing is sent', async () => {
    const crypto = cryptoAccessor({ getRandomValues: realCrypto.getRandomValues.bind(realCrypto) })
    const { fetch, sent } = fetchDouble(envelopeResponse({}))
    const error = thrown(() => new ExchangeClient({ baseUrl, apiKey, secretKey, fetch }))
    expect(crypto.reads).toBeGreaterThan(0)
    expect(error).toBeInstanceOf(ExchangeError)
    expect(error).toMatchObject({ kind: 'crypto-unavailable', message: NO_WEBCRYPTO })
    expect(sent).toHaveLength(0)
  })

  it('a key import that fails rejects each signed call with its error, before anything is sent, and never as an unhandled rejection', async () => {
    vi.spyOn(realCrypto.subtle, 'importKey').mockRejectedValue(new Error('import refused'))
    const unhandled: unknown[] = []
    const onUnhandled = (reason: unknown) => unhandled.push(reason)
    process.on('unhandledRejection', onUnhandled)
    try {
      const { fetch, sent } = fetchDouble(envelopeResponse({}))
      const client = new ExchangeClient({ baseUrl, apiKey, secretKey, fetch })
      await Promise.all([
        expect(client.request(signedRead)).rejects.toThrow('import refused'),
        expect(client.request(signedRead)).rejects.toThrow('import refused'),
      ])
      await new Promise((resolve) => setTimeout(resolve, 10))
      expect(sent).toHaveLength(0)
      expect(unhandled).toEqual([])
    } finally {
      process.off('unhandledRejection', onUnhandled)
    }
  })
})

describe('where a missing WebCrypto is cheap to know, the client says so when built', () => {
  it.each([
    ['no `crypto` at all', () => delete (globalThis as { crypto?: unknown }).crypto, NO_WEBCRYPTO],
    ['a `crypto` value without `subtle`', () => Object.defineProperty(globalThis, 'crypto', { value: {}, configurable: true }), NO_WEBCRYPTO],
    ['a page that is not a secure context, `crypto` an accessor', () => {
      cryptoAccessor({})
      Object.defineProperty(globalThis, 'isSecureContext', { value: false, configurable: true })
    }, INSECURE_PAGE],
  ])('%s', (_, arrange, message) => {
    arrange()
    const error = thrown(() => new ExchangeClient({ baseUrl, apiKey, secretKey }))
    expect(error).toBeInstanceOf(ExchangeError)
    expect(error).toMatchObject({ kind: 'crypto-unavailable', message })
  })

  it('a client without a secret as text does not look', () => {
    delete (globalThis as { crypto?: unknown }).crypto
    expect(new ExchangeClient({ baseUrl }).hasCredentials).toBe(false)
    expect(new ExchangeClient({ baseUrl, apiKey, sign: async () => 'signed elsewhere' }).hasCredentials).toBe(true)
  })
})
