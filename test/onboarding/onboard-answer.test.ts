// Onboarding against the reference exchange, with its answer altered after the service really minted
// the key (a masked or missing apiKey, a malformed or missing secret, a schema that fails, a pair the
// client cannot install): the minted secret stays reachable through a typed error, never shows in its
// renderings, and a client switches only to a whole pair. Whether a secret works is checked by an HMAC
// of node:crypto, not the SDK's.
import { createHmac } from 'node:crypto'
import { inspect } from 'node:util'
import { describe, expect, it } from 'vitest'
import { ExchangeClient, ExchangeOnboardingAnswerError, isExchangeError, onboard } from '../../src/index.ts'
import { generateEvmWallet } from '../../src/local-signer.ts'
import { responseSchemas } from '../../src/strict.ts'
import { startLocalExchange } from '../support/local-exchange.ts'
import { TEST_KEYS } from '../support/seed.ts'

const { url } = await startLocalExchange()
const INTROSPECT = '/api/v1/accounts/me/api-key/introspect'

/** Whether the service takes `secretKey` for `apiKey` now: a signed introspect, signed by node:crypto. */
async function accepted(apiKey: string, secretKey: string): Promise<boolean> {
  const timestamp = String(Date.now())
  const signature = createHmac('sha256', secretKey).update(`${timestamp}GET${INTROSPECT}`).digest('hex')
  const response = await fetch(url + INTROSPECT, { headers: { 'x-api-key': apiKey, 'x-timestamp': timestamp, 'x-signature': signature } })
  return response.ok
}

/** The network as it is, but the onboarding answer (a real one: the service did mint the key) altered by `alter`. */
function alteringOnboarding(alter: (data: Record<string, unknown>) => unknown) {
  const minted: Record<string, string>[] = []
  const altered: typeof fetch = async (input, init) => {
    const target = input instanceof Request ? input.url : String(input) // read before the body is sent
    const response = await fetch(input, init)
    if (!target.endsWith('/oauth/onboard')) return response
    const envelope = await response.json() as { data: Record<string, string> }
    minted.push(envelope.data)
    return new Response(JSON.stringify({ ...envelope, data: alter({ ...envelope.data }) }), { status: response.status, headers: { 'content-type': 'application/json' } })
  }
  return { fetch: altered, minted }
}

async function answerError(onboarding: Promise<unknown>): Promise<ExchangeOnboardingAnswerError> {
  const error = await onboarding.then(() => undefined, (caught: unknown) => caught)
  expect(error).toBeInstanceOf(ExchangeOnboardingAnswerError)
  expect(isExchangeError(error, 'response')).toBe(true)
  return error as ExchangeOnboardingAnswerError
}

/** Every rendering of the error but `reveal()`: none may hold the secret. */
function views(error: ExchangeOnboardingAnswerError): string[] {
  return [error.message, String(error), JSON.stringify(error), JSON.stringify({ ...error }), inspect(error, { showHidden: true, depth: Infinity }), String(error.stack), `${error.secretKey}`, `${error.answer}`]
}

const masked = (data: Record<string, unknown>) => ({ ...data, apiKey: `${String(data.apiKey).slice(0, 9)}****` })

describe('onboard() standalone, on an answer it cannot use as it is', () => {
  it('a masked apiKey: the error holds the minted secret (which works with the real key), the masked key, the non-secret fields, and shows the secret nowhere', async () => {
    const { fetch, minted } = alteringOnboarding(masked)
    const error = await answerError(onboard({ baseUrl: url, fetch, signer: generateEvmWallet().signer }))
    const { apiKey, secretKey, accountId, apiKeyId } = minted[0]!
    expect(error.secretKey!.reveal()).toBe(secretKey)
    expect(await accepted(apiKey!, error.secretKey!.reveal())).toBe(true)
    expect(error.apiKey).toBe(`${apiKey!.slice(0, 9)}****`)
    expect(error).toMatchObject({ accountId, apiKeyId, isNewUser: true, inUse: false })
    expect(JSON.parse(error.answer.reveal())).toMatchObject({ secretKey, accountId })
    expect(error.message).toMatch(/onboard\(\).*apiKey must be.*secretKey\.reveal\(\)/)
    for (const view of views(error)) expect(view).not.toContain(secretKey)
  })

  it('no apiKey at all: the error holds the secret and the account it was minted for', async () => {
    const { fetch, minted } = alteringOnboarding(({ apiKey: _dropped, ...data }) => data)
    const error = await answerError(onboard({ baseUrl: url, fetch, signer: generateEvmWallet().signer }))
    expect(error.secretKey!.reveal()).toBe(minted[0]!.secretKey)
    expect(error.apiKey).toBeUndefined()
    expect(error.accountId).toBe(minted[0]!.accountId)
  })

  it('a secret with a trailing newline, in capitals, or not text at all: carried as it came (text, or its JSON)', async () => {
    for (const [alter, expected] of [
      [(data: Record<string, unknown>) => ({ ...data, secretKey: `${String(data.secretKey)}\n` }), (secret: string) => `${secret}\n`],
      [(data: Record<string, unknown>) => ({ ...data, secretKey: String(data.secretKey).toUpperCase() }), (secret: string) => secret.toUpperCase()],
      [(data: Record<string, unknown>) => ({ ...data, secretKey: { value: data.secretKey } }), (secret: string) => JSON.stringify({ value: secret })],
    ] as const) {
      const { fetch, minted } = alteringOnboarding(alter)
      const error = await answerError(onboard({ baseUrl: url, fetch, signer: generateEvmWallet().signer }))
      expect(error.secretKey!.reveal()).toBe(expected(minted[0]!.secretKey!))
      expect(error.apiKey).toBe(minted[0]!.apiKey)
      expect(error.message).toMatch(/secretKey must be/)
      for (const view of views(error)) expect(view).not.toContain(minted[0]!.secretKey)
    }
  })

  it('no secretKey field (the secret under another name): the error holds the whole answer, hidden, and says what to do', async () => {
    const { fetch, minted } = alteringOnboarding(({ secretKey, ...data }) => ({ ...data, secret_key: secretKey }))
    const error = await answerError(onboard({ baseUrl: url, fetch, signer: generateEvmWallet().signer }))
    const secret = minted[0]!.secretKey!
    expect(error.secretKey).toBeUndefined()
    expect(error.apiKey).toBe(minted[0]!.apiKey)
    expect(JSON.parse(error.answer.reveal())).toMatchObject({ secret_key: secret })
    expect(error.message).toMatch(/no secretKey.*answer\.reveal\(\).*revoke the key and onboard again/)
    for (const view of views(error)) expect(view).not.toContain(secret)
  })
})

describe('client.onboard() on an answer it cannot use as it is', () => {
  it('use: true and a masked apiKey: the error holds the secret; the client keeps the pair it had', async () => {
    const { fetch, minted } = alteringOnboarding(masked)
    const client = new ExchangeClient({ baseUrl: url, fetch, ...TEST_KEYS.bob })
    const error = await answerError(client.onboard({ signer: generateEvmWallet().signer, use: true }))
    expect(error.secretKey!.reveal()).toBe(minted[0]!.secretKey)
    expect(error.inUse).toBe(false)
    expect(error.message).toMatch(/no client signs with them yet/)
    expect(client.apiKey).toBe(TEST_KEYS.bob.apiKey)
    for (const view of views(error)) expect(view).not.toContain(minted[0]!.secretKey)
  })

  it('use: true and a malformed secret on a client without credentials: the error holds it; the client still has none', async () => {
    const { fetch, minted } = alteringOnboarding((data) => ({ ...data, secretKey: `${String(data.secretKey)}\n` }))
    const client = new ExchangeClient({ baseUrl: url, fetch })
    const error = await answerError(client.onboard({ signer: generateEvmWallet().signer, use: true }))
    expect(error.secretKey!.reveal().trim()).toBe(minted[0]!.secretKey)
    expect(error.inUse).toBe(false)
    expect(client.hasCredentials).toBe(false)
  })

  it('without use, a malformed answer throws as well: no key is returned that no client takes', async () => {
    const { fetch, minted } = alteringOnboarding(({ apiKey: _dropped, ...data }) => data)
    const error = await answerError(new ExchangeClient({ baseUrl: url, fetch }).onboard({ signer: generateEvmWallet().signer }))
    expect(error.secretKey!.reveal()).toBe(minted[0]!.secretKey)
  })

  it('an answer that breaks the response schema (validateResponses) but holds a whole pair, use: true: the error holds the secret and the client signs with it', async () => {
    const { fetch, minted } = alteringOnboarding((data) => ({ ...data, apiKeyId: null }))
    const client = new ExchangeClient({ baseUrl: url, fetch, validateResponses: responseSchemas })
    const error = await answerError(client.onboard({ signer: generateEvmWallet().signer, use: true }))
    expect(error.secretKey!.reveal()).toBe(minted[0]!.secretKey)
    expect(error.message).toMatch(/keys\.onboard: data\.apiKeyId/)
    expect(error.inUse).toBe(true)
    expect(error.message).toMatch(/the client signs with them/)
    expect(client.apiKey).toBe(minted[0]!.apiKey)
    expect((await client.getKeyInfo()).accountId).toBe(minted[0]!.accountId)
  })

  it('the same schema failure without use: the error holds the pair; the client is untouched', async () => {
    const { fetch, minted } = alteringOnboarding((data) => ({ ...data, isNewUser: 'yes' }))
    const client = new ExchangeClient({ baseUrl: url, fetch, validateResponses: responseSchemas })
    const error = await answerError(client.onboard({ signer: generateEvmWallet().signer }))
    expect(error.message).toMatch(/keys\.onboard: data\.isNewUser/)
    expect(error).toMatchObject({ apiKey: minted[0]!.apiKey, inUse: false, isNewUser: undefined })
    expect(await accepted(error.apiKey!, error.secretKey!.reveal())).toBe(true)
    expect(client.hasCredentials).toBe(false)
  })

  it('a secret that is not text, under validateResponses: the schema failure names no part of it', async () => {
    const { fetch, minted } = alteringOnboarding((data) => ({ ...data, secretKey: 987654321987 }))
    const client = new ExchangeClient({ baseUrl: url, fetch, validateResponses: responseSchemas })
    const error = await answerError(client.onboard({ signer: generateEvmWallet().signer, use: true }))
    expect(error.secretKey!.reveal()).toBe('987654321987')
    expect(error.message).toMatch(/keys\.onboard: data\.secretKey must be string.*secretKey must be 64 lowercase hex/)
    expect(error.apiKey).toBe(minted[0]!.apiKey)
    for (const view of views(error)) expect(view).not.toContain('987654321987')
  })

  it('an honest answer under validateResponses passes, and use: true signs with it', async () => {
    const client = new ExchangeClient({ baseUrl: url, validateResponses: responseSchemas })
    const key = await client.onboard({ signer: generateEvmWallet().signer, use: true })
    expect(key.secretKey.reveal()).toMatch(/^[0-9a-f]{64}$/)
    expect((await client.getKeyInfo()).apiKeyId).toBe(key.apiKeyId)
  })
})
