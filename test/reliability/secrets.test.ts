// A whole session (onboarding with a local wallet, signed reads and writes, retries through faults,
// a clock jump, errors of every kind, rotation) with every byte recorded: what the client sent, what
// it received, what reached the console, and every error, result and client as JSON and as Node
// shows them. The secrets appear only where they must: in the two answers that issue them.
import { inspect } from 'node:util'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ExchangeClient, isExchangeError } from '../../src/index.ts'
import { generateEvmWallet } from '../../src/local-signer.ts'
import { startLocalExchange } from '../support/local-exchange.ts'

interface Sent {
  method: string
  url: string
  headers: string
  body: string
}

interface Received {
  path: string
  status: number
  body: string
}

/** The real fetch, recording every request as it goes on the wire and every answer as it comes back. */
function recordingFetch() {
  const sent: Sent[] = []
  const received: Received[] = []
  const fetchAndRecord = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init)
    sent.push({ method: request.method, url: request.url, headers: JSON.stringify([...request.headers]), body: await request.clone().text() })
    const response = await fetch(request)
    received.push({ path: new URL(request.url).pathname, status: response.status, body: await response.clone().text() })
    return response
  }
  return { fetch: fetchAndRecord as typeof globalThis.fetch, sent, received }
}

/** Everything written through console.*, formatted as Node would print it. */
function captureConsole(): string[] {
  const lines: string[] = []
  for (const method of ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      lines.push(args.map((arg) => (typeof arg === 'string' ? arg : inspect(arg, { depth: 8 }))).join(' '))
    })
  }
  return lines
}

/** Every way a value is shown: JSON, Node's inspection (deep, hidden properties too), and an error's message and stack. */
function renderings(value: unknown): string[] {
  const shown = [JSON.stringify(value) ?? '', inspect(value, { depth: 8 }), inspect(value, { depth: 8, showHidden: true })]
  if (value instanceof Error) shown.push(value.message, value.stack ?? '', String(value.cause), (value.cause as Error | undefined)?.stack ?? '')
  return shown
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('secrets in a full session', () => {
  it('never leave the client, never reach a log or an error, and come back only when issued', async () => {
    const { url, exchange } = await startLocalExchange()
    exchange.market.setReferencePrice('perp', 'BTC-USDC', '65000')
    const wallet = generateEvmWallet()
    const wire = recordingFetch()
    const printed = captureConsole()
    const client = new ExchangeClient({ baseUrl: url, fetch: wire.fetch, retry: { limit: 3, backoffLimitMs: 2 } })
    const errors: unknown[] = []
    const failing = (call: () => Promise<unknown>) => call().then(() => expect.fail('expected a failure'), (error: unknown) => {
      errors.push(error)
      console.error('call failed:', error)
    })
    const order = { market: 'BTC-USDC', side: 'buy', type: 'limit', size: '0.001', price: '60000', leverage: 5 } as const

    // Onboarding with a wallet whose key never leaves this process.
    const onboarded = await client.onboard({ signer: wallet.signer, use: true })
    console.log('onboarded', onboarded, 'client', client)

    // Signed reads and writes.
    await client.account.getOverview()
    await client.getKeyInfo()
    await client.account.listApiKeys()
    await client.account.getApiKey({ id: onboarded.apiKeyId })
    const placed = await client.perp.placeOrder(order)
    await client.perp.placeOrders({ orders: [order, { ...order, price: '59000' }] })
    await client.perp.cancelOrder({ orderId: placed.orderId })
    console.info('placed', placed)

    // Retries through faults, and a server clock that jumps.
    exchange.faults.add({ kind: 'error', status: 503, count: 1 })
    exchange.faults.add({ kind: 'rate-limit', retryAfterSeconds: 0, count: 1 })
    exchange.faults.add({ kind: 'drop', when: 'after', count: 1, match: { method: 'POST' } })
    await client.perp.placeOrder(order)
    exchange.faults.clockOffsetMs = 5 * 60_000
    await client.perp.listOpenOrders({ market: 'BTC-USDC' })

    // Errors of every kind.
    await failing(() => client.perp.placeOrder({ ...order, price: '1' }))
    await failing(() => client.account.withdraw({ token: 'USDC', amount: '1', address: `0x${'1'.repeat(40)}` }))
    await failing(() => client.perp.placeOrder({ ...order, size: '-1' }))
    exchange.faults.add({ kind: 'drop', when: 'after', count: 4, match: { method: 'POST' } })
    await failing(() => client.perp.placeOrder(order))
    await failing(async () => new ExchangeClient({ baseUrl: url, apiKey: onboarded.apiKey, secretKey: onboarded.secretKey.reveal().toUpperCase() }))
    await failing(async () => new ExchangeClient({ baseUrl: url, apiKey: onboarded.apiKey, secretKey: `${onboarded.secretKey.reveal()}0` }))

    // Rotation: a new secret, and the old one refused.
    const rotated = await client.rotate()
    console.log('rotated', rotated, 'client', client)
    await client.account.getOverview()
    await client.perp.placeOrder(order)
    const stale = new ExchangeClient({ baseUrl: url, apiKey: onboarded.apiKey, secretKey: onboarded.secretKey, fetch: wire.fetch })
    await failing(() => stale.account.getOverview())

    // The session did what it claims: both secrets were issued and used, and each kind of failure happened.
    const secrets = { 'first secret': onboarded.secretKey.reveal(), 'rotated secret': rotated.secretKey.reveal(), 'wallet private key': wallet.privateKey.replace(/^0x/, '') }
    expect(secrets['first secret']).toMatch(/^[0-9a-f]{64}$/)
    expect(secrets['rotated secret']).not.toBe(secrets['first secret'])
    expect(errors.map((error) => (isExchangeError(error) ? error.kind : String(error)))).toEqual(['api', 'permission', 'validation', 'outcome-unknown', 'validation', 'validation', 'auth'])
    expect(wire.received.some((answer) => answer.status === 503) && wire.received.some((answer) => answer.status === 429)).toBe(true)
    expect(wire.received.filter((answer) => answer.body.includes('AUTH_TIMESTAMP_EXPIRED')).length).toBeGreaterThan(0)

    const shown = [
      ...printed,
      ...errors.flatMap(renderings),
      ...renderings(client),
      ...renderings(stale),
      ...renderings(onboarded),
      ...renderings(rotated),
    ]
    for (const [name, secret] of Object.entries(secrets)) {
      const leaks = [
        ...wire.sent.filter((request) => Object.values(request).some((part) => part.includes(secret))).map((request) => `sent ${request.method} ${request.url}`),
        ...shown.filter((text) => text.includes(secret)).map((text) => `shown: ${text.slice(0, 120)}`),
      ]
      expect(leaks, name).toEqual([])
    }
    // The exchange returned each secret once: when it issued it.
    const carrying = (secret: string) => wire.received.filter((answer) => answer.body.includes(secret)).map((answer) => answer.path)
    expect(carrying(secrets['first secret'])).toEqual(['/api/v1/oauth/onboard'])
    expect(carrying(secrets['rotated secret'])).toEqual(['/api/v1/accounts/me/api-key/rotate'])
    console.table?.({ requests: wire.sent.length, answers: wire.received.length, printed: printed.length, errors: errors.length })
  })
})

describe('secrets at the exchange', () => {
  it('are kept only as non-extractable HMAC keys that can verify, not sign', async () => {
    const { url, exchange } = await startLocalExchange()
    const client = new ExchangeClient({ baseUrl: url })
    const onboarded = await client.onboard({ signer: generateEvmWallet().signer, use: true })
    const rotated = await client.rotate()

    const record = exchange.keys.get(onboarded.apiKey)!
    for (const secret of [onboarded.secretKey.reveal(), rotated.secretKey.reveal()]) {
      expect(JSON.stringify(record)).not.toContain(secret)
      expect(inspect(exchange.keys, { depth: 8, showHidden: true })).not.toContain(secret)
      expect(inspect(exchange, { depth: 4 })).not.toContain(secret)
    }
    const key = await exchange.keys.hmacKey(onboarded.apiKey)!
    expect(key).toMatchObject({ type: 'secret', extractable: false, usages: ['verify'], algorithm: { name: 'HMAC' } })
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow()
    await expect(crypto.subtle.sign('HMAC', key, new Uint8Array(1))).rejects.toThrow()
    // Seeded keys too.
    const { exchange: seeded } = await startLocalExchange()
    const seededKey = await seeded.keys.hmacKey(seeded.keys.list('acc-alice')[0]!.apiKey)!
    expect(seededKey).toMatchObject({ extractable: false, usages: ['verify'] })
  })
})
