// A client holds its secret only as the signer made of it (a non-extractable CryptoKey, or the caller's
// sign function): never the text, never the IssuedSecret. The key's import starts when the client is
// built (or rotate() installs a new secret) and keeps no text; once it settles, nothing holds the text
// (test/reliability/secret-text-gone.test.ts looks at a whole heap snapshot). Proven the way
// a debugger would look: every object reachable from the client through its properties, # fields,
// internal slots and the variables its functions close over (test/support/reachable.ts). Signing
// still works, checked by the reference exchange.
import { describe, expect, it } from 'vitest'
import { ExchangeClient, ExchangeCore, ExchangeValidationError, withKey } from '../../src/index.ts'
import { generateEvmWallet } from '../../src/local-signer.ts'
import { startLocalExchange } from '../support/local-exchange.ts'
import { findReachable } from '../support/reachable.ts'
import { TEST_KEYS } from '../support/seed.ts'

const { url } = await startLocalExchange()

/** Where, under `client`, a debugger finds the text or an IssuedSecret. */
async function holdersOf(client: object, secret: string): Promise<string[]> {
  const { found } = await findReachable(client, (value) => (value.type === 'string' && String(value.value).includes(secret)) || value.className === 'IssuedSecret')
  return found.map(({ path, what }) => `${path} (${what})`)
}

/** Lets the key imports started at construction settle. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 50))

describe('a client keeps no readable copy of its secret', () => {
  it('given as text: the walk finds it nowhere once the import started at construction settled, and the client signs', async () => {
    const { apiKey, secretKey } = TEST_KEYS.full
    for (const client of [withKey(new ExchangeCore({ baseUrl: url }), { apiKey, secretKey }), new ExchangeClient({ baseUrl: url, apiKey, secretKey })]) {
      await settled()
      expect(await holdersOf(client, secretKey)).toEqual([])
      await expect(client.request({ method: 'GET', path: '/api/v1/accounts/me/api-key/introspect' })).resolves.toMatchObject({ valid: true })
      expect(await holdersOf(client, secretKey)).toEqual([])
    }
  })

  it('the walk does find a secret where one is held (it can fail)', async () => {
    const { secretKey } = TEST_KEYS.full
    const holder = { nested: { list: [new Map([['k', { text: `x${secretKey}` }]])] } }
    const closure = (() => () => secretKey)()
    expect(await holdersOf({ holder, closure }, secretKey)).toHaveLength(2)
  })

  it('given as onboarding returns it (an IssuedSecret), and after rotate(): never the IssuedSecret, nor the text once the import settled', async () => {
    const key = await new ExchangeClient({ baseUrl: url }).onboard({ signer: generateEvmWallet().signer })
    const client = new ExchangeClient({ baseUrl: url, ...key })
    await settled()
    expect(await holdersOf(client, key.secretKey.reveal())).toEqual([])
    const rotated = await client.rotate()
    await settled()
    expect(await holdersOf(client, key.secretKey.reveal())).toEqual([])
    expect(await holdersOf(client, rotated.secretKey.reveal())).toEqual([])
    expect((await client.getKeyInfo()).valid).toBe(true)
    expect(await holdersOf(client, rotated.secretKey.reveal())).toEqual([])
  })
})

describe('a CryptoKey the client is given', () => {
  it('is refused when extractable (its secret could be read back), naming the field and what it must be', async () => {
    const { apiKey, secretKey } = TEST_KEYS.full
    const extractable = await crypto.subtle.importKey('raw', new TextEncoder().encode(secretKey), { name: 'HMAC', hash: 'SHA-256' }, true, ['sign'])
    const error = (() => {
      try {
        new ExchangeClient({ baseUrl: url, apiKey, secretKey: extractable })
      } catch (caught) {
        return caught
      }
    })()
    expect(error).toBeInstanceOf(ExchangeValidationError)
    expect(error).toMatchObject({ field: 'secretKey', rule: 'format', message: expect.stringContaining('non-extractable HMAC CryptoKey') })
  })

  it('is taken when non-extractable, and signs', async () => {
    const { apiKey, secretKey } = TEST_KEYS.full
    const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secretKey), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
    const client = new ExchangeClient({ baseUrl: url, apiKey, secretKey: key })
    expect((await client.getKeyInfo()).valid).toBe(true)
  })
})
