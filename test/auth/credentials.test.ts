import { inspect } from 'node:util'
import { describe, expect, it } from 'vitest'
import { ExchangeClient, ExchangeValidationError } from '../../src/index.ts'

const baseUrl = 'http://127.0.0.1:9'
const apiKey = `1024_${'a1'.repeat(32)}`
const secretKey = 'b2'.repeat(32)

function refusal(options: Record<string, unknown>): ExchangeValidationError {
  try {
    new ExchangeClient({ baseUrl, ...options })
  } catch (error) {
    expect(error).toBeInstanceOf(ExchangeValidationError)
    return error as ExchangeValidationError
  }
  throw new Error('the client was built')
}

describe('credentials are checked when the client is built', () => {
  it('accepts a well-formed key pair', () => {
    expect(new ExchangeClient({ baseUrl, apiKey, secretKey }).hasCredentials).toBe(true)
  })

  it.each([
    ['too short', apiKey.slice(0, 68)],
    ['too long', `${apiKey}0`],
    ['no underscore', apiKey.replace('_', '-')],
    ['5-character prefix', `10245_${'a1'.repeat(32)}`],
    ['non-hex body', `1024_${'zz'.repeat(32)}`],
  ])('refuses an apiKey that is %s, naming the field', (_, bad) => {
    const error = refusal({ apiKey: bad, secretKey })
    expect(error.field).toBe('apiKey')
    expect(error.message).toContain('69')
  })

  it.each([
    ['63 characters', secretKey.slice(0, 63)],
    ['uppercase hex', secretKey.toUpperCase()],
    ['non-hex', `${secretKey.slice(0, 62)}zz`],
  ])('refuses a secretKey of %s without echoing it', (_, bad) => {
    const error = refusal({ apiKey, secretKey: bad })
    expect(error.field).toBe('secretKey')
    expect(error.message).not.toContain(bad)
    expect(error.message).not.toContain(bad.slice(0, 16))
    expect(JSON.stringify(error)).not.toContain(bad.slice(0, 16))
  })

  it('refuses an apiKey without a secret', () => {
    expect(refusal({ apiKey }).field).toBe('secretKey')
  })

  it('refuses a base URL that is not http(s)', () => {
    expect(refusal({ baseUrl: 'ftp://example.com' }).field).toBe('baseUrl')
    expect(refusal({ baseUrl: 'not a url' }).field).toBe('baseUrl')
  })

  it('keeps no readable copy of the secret', () => {
    const client = new ExchangeClient({ baseUrl, apiKey, secretKey })
    for (const view of [JSON.stringify(client), inspect(client, { depth: 10, showHidden: true }), String(Object.values(client))]) {
      expect(view).not.toContain(secretKey)
    }
  })
})

describe('without credentials', () => {
  it('fails an authenticated call before any I/O', async () => {
    let calls = 0
    const client = new ExchangeClient({ baseUrl, fetch: async () => { calls++; return new Response('{}') } })
    await expect(client.request({ method: 'GET', path: '/api/v1/account/overview', auth: true })).rejects.toMatchObject({ kind: 'validation', field: 'apiKey' })
    expect(calls).toBe(0)
  })
})

describe('without WebCrypto', () => {
  it('says why crypto.subtle is missing', () => {
    const original = Object.getOwnPropertyDescriptor(globalThis, 'crypto')!
    Object.defineProperty(globalThis, 'crypto', { value: { getRandomValues: crypto.getRandomValues.bind(crypto) }, configurable: true })
    Object.defineProperty(globalThis, 'isSecureContext', { value: false, configurable: true })
    try {
      expect(() => new ExchangeClient({ baseUrl, apiKey, secretKey })).toThrow(/secure context.*HTTPS|HTTPS.*localhost/s)
    } finally {
      Object.defineProperty(globalThis, 'crypto', original)
      delete (globalThis as { isSecureContext?: boolean }).isSecureContext
    }
  })
})
