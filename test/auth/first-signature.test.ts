// A secret given as text is imported by the client's first signature, not when the client is built: Node
// defines `globalThis.crypto` as an accessor that loads its WebCrypto when first read, a fifth of a
// process's start. Where WebCrypto is missing, the client still says so at construction whenever that is
// cheap to know (no `crypto`, a `crypto` value without `subtle`, a page that is not a secure context);
// behind an accessor, the first signed call says it, before anything is sent.
import { createHmac } from 'node:crypto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ExchangeClient, ExchangeError } from '../../src/index.ts'
import { envelopeResponse, fetchDouble } from '../support/fetch-double.ts'
import { TEST_KEYS } from '../support/seed.ts'

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

const thrown = (build: () => unknown) => {
  try {
    build()
  } catch (error) {
    return error
  }
  return undefined
}

describe('the key is imported by the first signature', () => {
  it('building a client reads no `crypto` accessor; the first two signatures, started together, import the key once and sign as node:crypto does', async () => {
    const importKey = vi.spyOn(realCrypto.subtle, 'importKey')
    const crypto = cryptoAccessor(realCrypto)
    const { fetch, sent } = fetchDouble(envelopeResponse({}))
    const client = new ExchangeClient({ baseUrl, apiKey, secretKey, fetch })
    expect(crypto.reads).toBe(0)
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

  it('behind an accessor whose value has no `subtle`: the client builds, and its first signed call fails with crypto-unavailable before anything is sent', async () => {
    cryptoAccessor({ getRandomValues: realCrypto.getRandomValues.bind(realCrypto) })
    const { fetch, sent } = fetchDouble(envelopeResponse({}))
    const client = new ExchangeClient({ baseUrl, apiKey, secretKey, fetch })
    for (let call = 0; call < 2; call++) {
      const error = await client.request(signedRead).catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(ExchangeError)
      expect(error).toMatchObject({ kind: 'crypto-unavailable', message: NO_WEBCRYPTO })
    }
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
