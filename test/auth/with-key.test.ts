// A core signs only once withKey gave it a key: `new ExchangeCore({ baseUrl })` is the public core, and a
// key given to it directly is refused with a message naming the form that works. Checked with node:crypto.
import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { ExchangeClient, ExchangeCore, ExchangeValidationError, withKey } from '../../src/index.ts'
import { envelopeResponse, fetchDouble } from '../support/fetch-double.ts'
import { TEST_KEYS } from '../support/seed.ts'
import { thrown } from '../support/thrown.ts'

const baseUrl = 'https://api.example.test'
const { apiKey, secretKey } = TEST_KEYS.trader
const overview = { method: 'GET', path: '/api/v1/account/overview' } as const


describe('withKey', () => {
  it('a core given a key directly is refused before anything is sent, naming withKey and ExchangeClient', () => {
    for (const [field, options] of [['apiKey', { apiKey, secretKey }], ['secretKey', { secretKey }], ['sign', { sign: async () => 'x' }]] as const) {
      const error = thrown(() => new ExchangeCore({ baseUrl, ...options }))
      expect(error).toBeInstanceOf(ExchangeValidationError)
      expect(error).toMatchObject({ field, rule: 'with_key', message: expect.stringContaining('withKey(new ExchangeCore({ baseUrl }), { apiKey, secretKey })') })
      expect((error as Error).message).toContain('ExchangeClient')
    }
  })

  it('signs a core\'s calls with the key, as node:crypto computes it; the core without it signs nothing', async () => {
    const { fetch, sent } = fetchDouble(envelopeResponse({}))
    const open = new ExchangeCore({ baseUrl, fetch })
    await expect(open.request(overview)).resolves.toEqual({})
    expect(sent[0]!.headers.get('x-signature')).toBeNull()
    expect(open.hasCredentials).toBe(false)

    const core = withKey(open, { apiKey, secretKey })
    expect(core).toBe(open)
    expect(core.apiKey).toBe(apiKey)
    await core.request(overview)
    const { headers, method, url } = sent[1]!
    expect(headers.get('x-api-key')).toBe(apiKey)
    expect(headers.get('x-signature')).toBe(createHmac('sha256', secretKey).update(`${headers.get('x-timestamp')}${method}${url.pathname}`).digest('hex'))
  })

  it('refuses a second key, a key that is not an object, and options without a key, each naming what to give', () => {
    const core = withKey(new ExchangeCore({ baseUrl }), { apiKey, secretKey })
    expect(thrown(() => withKey(core, { apiKey, secretKey }))).toMatchObject({ field: 'core', message: expect.stringContaining('already signs with a key') })
    expect(thrown(() => withKey(new ExchangeCore({ baseUrl }), 'key' as never))).toMatchObject({ field: 'key', rule: 'type' })
    expect(thrown(() => withKey(new ExchangeCore({ baseUrl }), {}))).toMatchObject({ field: 'apiKey', rule: 'required' })
    expect(thrown(() => withKey({}, { apiKey, secretKey }))).toMatchObject({ field: 'core' })
  })

  it('ExchangeClient still takes the key in its options', () => {
    expect(new ExchangeClient({ baseUrl, apiKey, secretKey }).hasCredentials).toBe(true)
  })
})
