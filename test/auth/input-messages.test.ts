// What a caller reads when the credentials, the clocks or WebCrypto are wrong: the field, the rule
// and the message, never the secret.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ServerClock } from '../../src/auth/clock.ts'
import { ExchangeClient, ExchangeError } from '../../src/index.ts'
import { assertSecretKey } from '../../src/auth/credentials.ts'
import { TEST_KEYS } from '../support/seed.ts'

const baseUrl = 'https://api.example.test'
const { apiKey, secretKey } = TEST_KEYS.trader
const built = (options: Record<string, unknown>) => {
  try {
    return new ExchangeClient({ baseUrl, ...options })
  } catch (error) {
    return error
  }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('credentials', () => {
  it('an apiKey of the wrong shape is refused by its length, or its type', () => {
    const shape = 'apiKey must be a 4-character prefix, "_" and 64 hex characters (69 in all); got'
    expect(built({ apiKey: 'abc', secretKey })).toMatchObject({ field: 'apiKey', rule: 'format', message: `${shape} 3 characters` })
    expect(built({ apiKey: 42, secretKey })).toMatchObject({ field: 'apiKey', rule: 'format', message: `${shape} number` })
  })

  // A key pasted or read from a file often ends in a newline: the message says so rather than "got 65 characters".
  const whitespace = (start: string) => `${start} whitespace around it (a trailing newline?): trim it`

  it('an apiKey with whitespace says so', () => {
    expect(built({ apiKey: `${apiKey}\r\n`, secretKey })).toMatchObject({ field: 'apiKey', rule: 'format', message: whitespace('apiKey must be a 4-character prefix, "_" and 64 hex characters (69 in all); got') })
  })

  it('a secretKey that is not a string, too short, or not lowercase hex is refused without echoing it', () => {
    expect(() => assertSecretKey(42)).toThrow(expect.objectContaining({ field: 'secretKey', rule: 'format', message: 'secretKey must be a string of 64 lowercase hex characters; got number' }))
    expect(built({ apiKey, secretKey: 42 })).toMatchObject({ field: 'secretKey', rule: 'format' })
    expect(built({ apiKey, secretKey: secretKey.slice(1) })).toMatchObject({ field: 'secretKey', rule: 'format', message: 'secretKey must be 64 lowercase hex characters; got 63 characters' })
    expect(built({ apiKey, secretKey: `${secretKey}\n` })).toMatchObject({ field: 'secretKey', rule: 'format', message: whitespace('secretKey must be 64 lowercase hex characters; got') })
    expect(built({ apiKey, secretKey: ` ${secretKey.slice(1)}` })).toMatchObject({ field: 'secretKey', message: whitespace('secretKey must be 64 lowercase hex characters; got') })
    expect(built({ apiKey, secretKey: secretKey.toUpperCase() })).toMatchObject({ field: 'secretKey', rule: 'format', message: 'secretKey must be 64 lowercase hex characters; got characters outside 0-9a-f' })
  })
})

describe('clocks', () => {
  it.each(['now', 'monotonicNow'])('a %s that is not a function is refused, naming it', (field) => {
    expect(built({ [field]: 1 })).toMatchObject({ field, rule: 'type', message: `${field}: must be a function` })
  })

  it("a stopwatch counts from the moment it starts, on a monotonic clock that does not start at 0", () => {
    let wall = 1_000_000
    let monotonic = 5000
    const clock = new ServerClock(() => wall, () => monotonic)
    const elapsed = clock.stopwatch()
    monotonic += 250
    expect(elapsed()).toBe(250)
    wall += 400
    expect(elapsed()).toBe(400)
  })

  it('adopts a sample exactly as precise as the one it has (the newer of two equals wins)', () => {
    let monotonic = 0
    const t0 = Date.UTC(2027, 0, 1)
    const clock = new ServerClock(() => t0, () => monotonic)
    clock.observe(t0 + 1000, 0, 20) // ±10 ms, taken at monotonic 10
    clock.observe(t0 + 2003, 1000, 1020) // ±10 ms too, 3 ms off the estimate: within the error bars
    monotonic = 1010
    expect(clock.now()).toBe(t0 + 2003)
    expect(clock.uncertaintyMs).toBe(10)
  })
})

describe('without WebCrypto', () => {
  it.each([
    [false, 'globalThis.crypto.subtle is missing because this page is not a secure context: browsers expose WebCrypto only over HTTPS or on http://localhost. Serve the page over HTTPS (or localhost), or sign on a backend.'],
    [undefined, 'globalThis.crypto.subtle is missing: this runtime has no WebCrypto (Node >= 20, Deno, Bun, browsers in secure contexts and edge runtimes have it).'],
  ])('isSecureContext %s: a crypto-unavailable error that says why', (isSecureContext, message) => {
    vi.stubGlobal('crypto', undefined)
    vi.stubGlobal('isSecureContext', isSecureContext)
    const error = built({ apiKey, secretKey })
    expect(error).toBeInstanceOf(ExchangeError)
    expect(error).toMatchObject({ kind: 'crypto-unavailable', message })
  })
})
