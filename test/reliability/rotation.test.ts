// rotate() against the reference exchange, with the rotation answer altered after the service really
// rotated (a masked or missing key, a malformed or missing secret, a schema that fails): the new
// secret stays reachable through the error, never shows in its renderings, and the client switches
// only to a whole pair. The check that a secret works is an HMAC of node:crypto, not the SDK's.
import { createHmac } from 'node:crypto'
import { inspect } from 'node:util'
import { describe, expect, it } from 'vitest'
import { ExchangeClient, ExchangeKeyRotationError, isExchangeError } from '../../src/index.ts'
import { generateEvmWallet } from '../../src/local-signer.ts'
import { responseSchemas } from '../../src/strict.ts'
import { startLocalExchange } from '../support/local-exchange.ts'

const { url } = await startLocalExchange()
const INTROSPECT = '/api/v1/accounts/me/api-key/introspect'

/** A fresh key of its own for each test: rotating it touches no other test. */
async function freshKey() {
  const key = await new ExchangeClient({ baseUrl: url }).onboard({ signer: generateEvmWallet().signer })
  return { apiKey: key.apiKey, secretKey: key.secretKey.reveal() }
}

/** Whether the service takes `secretKey` for `apiKey` now: a signed introspect, signed by node:crypto. */
async function accepted(apiKey: string, secretKey: string): Promise<boolean> {
  const timestamp = String(Date.now())
  const signature = createHmac('sha256', secretKey).update(`${timestamp}GET${INTROSPECT}`).digest('hex')
  const response = await fetch(url + INTROSPECT, { headers: { 'x-api-key': apiKey, 'x-timestamp': timestamp, 'x-signature': signature } })
  return response.ok
}

/** The network as it is, but the rotation's answer (a real one: the service did rotate) altered by `alter`. */
function alteringRotation(alter: (data: Record<string, unknown>) => unknown) {
  const issued: Record<string, unknown>[] = []
  const altered: typeof fetch = async (input, init) => {
    const response = await fetch(input, init)
    if (!new Request(input, init).url.endsWith('/api-key/rotate')) return response
    const envelope = await response.json() as { data: Record<string, unknown> }
    issued.push(envelope.data)
    return new Response(JSON.stringify({ ...envelope, data: alter({ ...envelope.data }) }), { status: response.status, headers: { 'content-type': 'application/json' } })
  }
  return { fetch: altered, issued }
}

async function rotationError(client: ExchangeClient): Promise<ExchangeKeyRotationError> {
  const error = await client.rotate().then(() => undefined, (caught: unknown) => caught)
  expect(error).toBeInstanceOf(ExchangeKeyRotationError)
  expect(isExchangeError(error, 'response')).toBe(true)
  return error as ExchangeKeyRotationError
}

describe('rotate() on an honest answer', () => {
  it('returns the new secret and signs with it; the old secret is refused from then on', async () => {
    const key = await freshKey()
    const client = new ExchangeClient({ baseUrl: url, ...key })
    const rotated = await client.rotate()
    expect(rotated.apiKey).toBe(key.apiKey)
    expect(await accepted(key.apiKey, rotated.secretKey.reveal())).toBe(true)
    expect(await accepted(key.apiKey, key.secretKey)).toBe(false)
    expect((await client.getKeyInfo()).valid).toBe(true)
  })
})

describe('rotate() on an answer it cannot use as it is keeps the new secret reachable', () => {
  it('a masked apiKey: the error holds the new secret, the client keeps its pair, and the message says what to do', async () => {
    const key = await freshKey()
    const { fetch, issued } = alteringRotation((data) => ({ ...data, apiKey: `${String(data.apiKey).slice(0, 9)}****` }))
    const client = new ExchangeClient({ baseUrl: url, fetch, ...key })
    const error = await rotationError(client)
    const secret = issued[0]!.secretKey as string
    expect(error.secretKey!.reveal()).toBe(secret)
    expect(await accepted(key.apiKey, error.secretKey!.reveal())).toBe(true)
    expect(error.inUse).toBe(false)
    expect(error.message).toMatch(/apiKey must be/)
    expect(error.message).toMatch(/secretKey\.reveal\(\)/)
    expect(client.apiKey).toBe(key.apiKey)
    expect(client.hasCredentials).toBe(true)
    // Nothing but reveal() shows it.
    for (const view of [error.message, JSON.stringify(error), inspect(error, { showHidden: true, depth: Infinity }), String(error.stack)]) {
      expect(view).not.toContain(secret)
    }
  })

  it('no apiKey at all: an error, never a client that silently lost its credentials', async () => {
    const key = await freshKey()
    const { fetch, issued } = alteringRotation(({ apiKey: _dropped, ...data }) => data)
    const client = new ExchangeClient({ baseUrl: url, fetch, ...key })
    const error = await rotationError(client)
    expect(error.secretKey!.reveal()).toBe(issued[0]!.secretKey)
    expect(client.hasCredentials).toBe(true)
    expect(client.apiKey).toBe(key.apiKey)
  })

  it('a secret with a trailing newline, or not text at all: carried as it came (text, or its JSON)', async () => {
    for (const [alter, expected] of [
      [(data: Record<string, unknown>) => ({ ...data, secretKey: `${String(data.secretKey)}\n` }), (secret: string) => `${secret}\n`],
      [(data: Record<string, unknown>) => ({ ...data, secretKey: { value: data.secretKey } }), (secret: string) => JSON.stringify({ value: secret })],
    ] as const) {
      const key = await freshKey()
      const { fetch, issued } = alteringRotation(alter)
      const client = new ExchangeClient({ baseUrl: url, fetch, ...key })
      const error = await rotationError(client)
      expect(error.secretKey!.reveal()).toBe(expected(issued[0]!.secretKey as string))
      expect(error.inUse).toBe(false)
      expect(client.apiKey).toBe(key.apiKey)
    }
  })

  it('no secretKey field (the secret under another name): the error holds the whole answer, hidden, and says what to do; the client keeps its pair', async () => {
    const key = await freshKey()
    const { fetch, issued } = alteringRotation(({ secretKey, ...data }) => ({ ...data, secret_key: secretKey }))
    const client = new ExchangeClient({ baseUrl: url, fetch, ...key })
    const error = await rotationError(client)
    const secret = issued[0]!.secretKey as string
    expect(error.secretKey).toBeUndefined()
    expect(JSON.parse(error.answer.reveal())).toMatchObject({ secret_key: secret })
    expect(error.message).toMatch(/no secretKey.*answer\.reveal\(\).*onboard again/)
    expect(client.apiKey).toBe(key.apiKey)
    for (const view of [error.message, JSON.stringify(error), inspect(error, { showHidden: true, depth: Infinity })]) expect(view).not.toContain(secret)
  })

  it('an answer that breaks the response schema (validateResponses) but holds a whole pair: the error holds the secret and the client signs with it', async () => {
    const key = await freshKey()
    const { fetch, issued } = alteringRotation(({ rotatedAt: _dropped, ...data }) => ({ ...data, apiKeyId: null }))
    const client = new ExchangeClient({ baseUrl: url, fetch, validateResponses: responseSchemas, ...key })
    const error = await rotationError(client)
    expect(error.secretKey!.reveal()).toBe(issued[0]!.secretKey)
    expect(error.message).toMatch(/keys\.rotate: data\.apiKeyId/)
    expect(error.inUse).toBe(true)
    expect((await client.getKeyInfo()).valid).toBe(true)
  })

  it('a secret that is not text, under validateResponses: the schema failure names no part of it', async () => {
    const key = await freshKey()
    const { fetch } = alteringRotation((data) => ({ ...data, secretKey: 987654321987 }))
    const client = new ExchangeClient({ baseUrl: url, fetch, validateResponses: responseSchemas, ...key })
    const error = await rotationError(client)
    expect(error.secretKey!.reveal()).toBe('987654321987')
    expect(error.message).toMatch(/keys\.rotate: data\.secretKey must be string/)
    for (const view of [error.message, JSON.stringify(error), inspect(error, { showHidden: true, depth: Infinity }), String(error.stack)]) expect(view).not.toContain('987654321987')
    expect(client.apiKey).toBe(key.apiKey)
  })

  it('a schema failure and a masked key together: both named, the secret held, the old pair kept', async () => {
    const key = await freshKey()
    const { fetch, issued } = alteringRotation((data) => ({ ...data, apiKey: '1024_****' }))
    const client = new ExchangeClient({ baseUrl: url, fetch, validateResponses: responseSchemas, ...key })
    const error = await rotationError(client)
    expect(error.secretKey!.reveal()).toBe(issued[0]!.secretKey)
    expect(error.inUse).toBe(false)
    expect(client.apiKey).toBe(key.apiKey)
  })
})
