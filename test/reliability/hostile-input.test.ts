// Property-based: whatever a caller passes to a public method (any JS value, JSON of any shape, deep
// nesting, huge strings, prototype-pollution keys), the answer is an ExchangeValidationError before
// any request, or a well-formed request; never another error, a crash or a polluted prototype.
// test/api/malformed-input.test.ts covers targeted mutations of each example; this covers the rest.
import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import { ExchangeClient, ExchangeValidationError, isExchangeError } from '../../src/index.ts'
import { described, methodOf, recordingFetch, testClient, TEST_CREDENTIALS } from '../api/support.ts'

const HUGE = 'x'.repeat(4 * 1024 * 1024)

/** Objects nested `depth` levels, alternating objects and arrays. */
function nested(depth: number): unknown {
  let value: unknown = 'leaf'
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value }
  return value
}

/** Objects whose own keys would pollute a prototype if copied naively. */
const polluting = (): unknown[] => [
  JSON.parse('{"__proto__":{"polluted":"yes"}}'),
  JSON.parse('{"constructor":{"prototype":{"polluted":"yes"}}}'),
  JSON.parse('{"__proto__":null}'),
  Object.assign(Object.create(null), { polluted: 'yes' }),
]

const anyValue = fc.anything({
  maxDepth: 4,
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withObjectString: true,
  withTypedArray: true,
  withSparseArray: true,
})
const hostile = fc.oneof(
  anyValue,
  fc.jsonValue(),
  fc.constantFrom<unknown>(HUGE, `${HUGE}-USDC`, nested(1_000), nested(100_000), ...polluting()),
)

/** The last argument of every method: `{ signal, timeoutMs }`, or anything else. */
const callOptions = fc.oneof(hostile, fc.record({ signal: hostile, timeoutMs: hostile }, { requiredKeys: [] }))

/** A whole input, or the method's example with one field (or one extra key) made hostile. */
function hostileInput(example: unknown): fc.Arbitrary<unknown> {
  if (!example || typeof example !== 'object') return hostile
  const fields = Object.keys(example)
  const withPollutingKey = (key: string) => fc.constant(Object.assign(JSON.parse(`{"${key}":{"polluted":"yes"}}`), example))
  return fc.oneof(
    hostile,
    fc.tuple(fc.constantFrom(...fields), hostile).map(([field, value]) => ({ ...example, [field]: value })),
    withPollutingKey('__proto__'),
    withPollutingKey('constructor'),
    withPollutingKey('prototype'),
  )
}

/** fc.assert, reporting a failure with its values cut short (a 4 MB counterexample is no help). */
async function check<T extends unknown[]>(property: fc.IAsyncProperty<T>, numRuns: number): Promise<void> {
  await fc.assert(property, {
    numRuns,
    reporter(details) {
      if (!details.failed) return
      const shown = fc.stringify(details.counterexample).replace(/x{40,}/g, (run) => `x…(${run.length})`).slice(0, 600)
      throw new Error(`seed ${details.seed}, counterexample ${shown}…\n${String(details.errorInstance).slice(0, 2000)}`)
    },
  })
}

afterEach(() => {
  expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  expect(Object.prototype).not.toHaveProperty('polluted')
})

/** A time limit so short that it may pass before the request leaves (the call's whole time is bounded by it). */
const tinyTimeout = (options: unknown) => {
  const timeoutMs = (options as { timeoutMs?: unknown } | null)?.timeoutMs
  return typeof timeoutMs === 'number' && timeoutMs < 100
}

/**
 * Calls and classifies: `sent` (the input was taken: a request left, and what the double answered
 * is not this test's concern), the validation error (and nothing left), or, when the caller asked
 * for a tiny `timeoutMs`, that timeout (and nothing left).
 */
async function outcome(call: () => Promise<unknown>, requests: unknown[], options?: unknown): Promise<'sent' | 'timed out' | ExchangeValidationError> {
  const before = requests.length
  const result = await call().then(() => undefined, (error: unknown) => error)
  if (requests.length > before) return 'sent'
  if (tinyTimeout(options) && isExchangeError(result, 'timeout')) return 'timed out'
  expect(result).toBeInstanceOf(ExchangeValidationError)
  // A refusal names the field; it does not echo a 4 MB value back.
  expect((result as Error).message.length).toBeLessThan(2_000)
  return result as ExchangeValidationError
}

describe('any input to any typed method', () => {
  it.each(described.map((entry) => [`${entry.group}.${entry.name}`, entry] as const))('%s', async (_, entry) => {
    const { fetch, requests } = recordingFetch()
    const method = methodOf(testClient(fetch), entry)
    await check(
      fc.asyncProperty(entry.op.input ? hostileInput(entry.op.example) : hostile, callOptions, async (input, options) => {
        if (entry.op.input) {
          await outcome(() => method(input), requests)
          await outcome(() => method(entry.op.example, options), requests, options)
        } else {
          await outcome(() => method(input), requests)
        }
      }),
      30,
    )
  })
})

describe('any input to the methods beyond the catalog', () => {
  type Extra = (client: ExchangeClient, input: unknown, options: unknown) => Promise<unknown>
  const find = { clientOrderId: 'abc-1', market: 'BTC-USDC' }
  const extras: [string, unknown, Extra][] = [
    ['perp.findOrder', find, (client, input, options) => client.perp.findOrder(input as never, options as never)],
    ['spot.findOrder', find, (client, input, options) => client.spot.findOrder(input as never, options as never)],
    ['prediction.findOrder', { clientOrderId: 'abc-1', marketId: '1001' }, (client, input, options) => client.prediction.findOrder(input as never, options as never)],
    ['perp.reconcile', { clientOrderId: 'abc-1', clientOrderIds: ['abc-1'], lastSignedAt: 0 }, (client, input, options) => client.perp.reconcile(input as never, options as never)],
    ['prediction.reconcile', { clientOrderId: 'abc-1', clientOrderIds: ['abc-1'], lastSignedAt: 0 }, (client, input, options) => client.prediction.reconcile(input as never, options as never)],
    ['rotate', undefined, (client, input) => client.rotate(input as never)],
    ['getKeyInfo', undefined, (client, input) => client.getKeyInfo(input as never)],
  ]
  it.each(extras)('%s', async (_, example, call) => {
    const { fetch, requests } = recordingFetch()
    await check(fc.asyncProperty(hostileInput(example), callOptions, async (input, options) => {
      await outcome(() => call(testClient(fetch), input, options), requests, options)
      if (example !== undefined) await outcome(() => call(testClient(fetch), example, options), requests, options)
    }), 30)
  })
})

describe('any input to the escape hatch, the constructor and onboarding', () => {
  it('client.request(spec)', async () => {
    const { fetch, requests } = recordingFetch()
    const client = testClient(fetch)
    const spec = fc.oneof(
      hostile,
      fc.record({ method: fc.oneof(fc.constantFrom('GET', 'post', 'DELETE'), hostile), path: fc.oneof(fc.constantFrom('/api/v1/x'), hostile) }),
      fc.record({ method: fc.constant('POST'), path: fc.constant('/api/v1/x'), body: hostile, query: hostile }, { requiredKeys: ['method', 'path'] }),
      fc.record({ method: fc.constant('GET'), path: fc.constant('/api/v1/x'), query: fc.dictionary(fc.string(), hostile) }),
      fc.record({ method: fc.constant('GET'), path: fc.constant('/api/v1/x'), signal: hostile, timeoutMs: hostile }, { requiredKeys: ['method', 'path'] }),
    )
    await check(fc.asyncProperty(spec, async (input) => {
      await outcome(() => client.request(input as never), requests, input)
    }), 300)
  })

  it('new ExchangeClient(options)', async () => {
    const { fetch, requests } = recordingFetch()
    const options = fc.oneof(
      hostile,
      fc.record({ baseUrl: hostile, apiKey: hostile, secretKey: hostile }, { requiredKeys: [] }),
      fc.record({ baseUrl: fc.constant('http://exchange.test'), apiKey: fc.constant(TEST_CREDENTIALS.apiKey), secretKey: fc.constant(TEST_CREDENTIALS.secretKey), fetch: fc.constant(fetch), timeoutMs: hostile, retry: hostile, maxResponseBytes: hostile, now: hostile, validateResponses: hostile, serviceName: hostile }, { requiredKeys: ['baseUrl', 'apiKey', 'secretKey', 'fetch'] }),
    )
    await check(fc.asyncProperty(options, async (input) => {
      const built = await outcome(async () => {
        const client = new ExchangeClient(input as never)
        await client.system.getTime()
      }, requests, input)
      if (built === 'sent') expect(requests.at(-1)!.url.pathname).toBe('/api/v1/system/time')
    }), 300)
  })

  it('client.onboard(params)', async () => {
    const { fetch, requests } = recordingFetch()
    const client = testClient(fetch)
    const params = fc.oneof(hostile, fc.record({ signer: hostile, walletType: hostile, permissions: hostile, partnerTag: hostile, signingWindowMs: hostile }, { requiredKeys: [] }))
    await check(fc.asyncProperty(params, async (input) => {
      // No hostile value makes a wallet signer, so nothing may leave.
      await outcome(() => client.onboard(input as never), requests)
      expect(requests).toHaveLength(0)
    }), 300)
  })
})

describe('named cases the properties found', () => {
  const { fetch, requests } = recordingFetch()
  const client = testClient(fetch)
  const order = { market: 'BTC-USDC', side: 'buy', type: 'limit', size: '0.01', price: '60000' } as const
  const cases: [string, () => unknown, string][] = [
    ['a signal that is not an AbortSignal (was an unknown outcome for a write)', () => client.perp.placeOrder(order, { signal: 'stop' as never }), 'signal'],
    ['a timeout past what timers take', () => client.perp.getTicker({ market: 'BTC-USDC' }, { timeoutMs: 2 ** 40 }), 'timeoutMs'],
    ['a body JSON cannot carry (was a TypeError)', () => client.request({ method: 'POST', path: '/api/v1/x', body: { amount: 1n } }), 'body'],
    ['a body that serializes to nothing (was signed as "undefined")', () => client.request({ method: 'POST', path: '/api/v1/x', body: () => 1 }), 'body'],
    ['a path that would move the host', () => client.request({ method: 'GET', path: '@evil.example/steal' }), 'path'],
    ['a method fetch refuses (was an unknown outcome)', () => client.request({ method: 'CONNECT' as never, path: '/api/v1/x' }), 'method'],
    ['a query value that is an object', () => client.request({ method: 'GET', path: '/api/v1/x', query: { market: { $ne: 1 } as never } }), 'query.market'],
    ['options that are not an object (was a TypeError)', () => new ExchangeClient(null as never), 'options'],
    ['a fetch that is not a function (was an unknown outcome on first write)', () => new ExchangeClient({ baseUrl: 'http://x', fetch: 'fetch' as never }), 'fetch'],
    ['a clock that is not a function', () => new ExchangeClient({ baseUrl: 'http://x', now: 5 as never }), 'now'],
    ['onboarding params of the wrong type (was a TypeError)', () => client.onboard(null as never), ''],
  ]
  it.each(cases)('%s', async (_, call, field) => {
    const error = await (async () => call())().then(() => undefined, (caught: unknown) => caught)
    expect(error).toBeInstanceOf(ExchangeValidationError)
    expect((error as ExchangeValidationError).field).toBe(field)
    expect(requests).toHaveLength(0)
  })
})
