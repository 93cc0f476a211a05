// Property-based: malformed input to any method is refused with ExchangeValidationError naming the
// field, and nothing goes on the wire.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ExchangeValidationError } from '../../src/index.ts'
import { described, methodOf, recordingFetch, testClient, type Described } from './support.ts'

const withInput = described.filter(({ op }) => op.input !== undefined)

const ID_FIELDS = ['id', 'marketId', 'orderId']
const DECIMAL_FIELDS = ['size', 'price', 'amount', 'takeProfitPrice', 'stopLossPrice']
const ENUM_FIELDS = ['side', 'type', 'timeInForce', 'interval', 'orderType', 'marketType', 'sortBy', 'period']
const BATCH_FIELDS = ['orders', 'orderIds', 'marketIds']

/** A value of the wrong type for every field. */
const wrongType = fc.constantFrom<unknown>({}, null, Number.NaN, [[1]], () => 1)
/** Numbers where the wire wants decimal text, and decimal-looking text that is not plain. */
const badDecimal = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom('1e5', '-1', '-0.5', 'NaN', 'Infinity', ' 1', '1 ', '1,5', '0x10', '', '.5', '1.', '+1', '0', '0.000', '1_000'),
  fc.string().filter((text) => !/^(?:0|[1-9]\d*)(?:\.\d+)?$/.test(text)),
)
/** Not of the spec's form `<BASE>-<QUOTE>` (the case of a symbol is the service's to judge: not here). */
const badSymbol = fc.oneof(
  fc.constantFrom('BTCUSDC', 'BTC/USDC', 'BTC-USDC/x', '-USDC', 'BTC-', 'BTC-USDC?x', 'BTC-USDC#', 'BTC--USDC', ''),
  fc.string().filter((text) => !/^[A-Za-z0-9]+-[A-Za-z0-9]+$/.test(text)),
)
/** `clientOrderId` → `client_order_id`: how the real service's older Python clients spell fields. */
const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)
/** Strings that would change the path if they reached it unchecked. */
const smuggled = fc
  .tuple(fc.stringMatching(/^[A-Za-z0-9]{0,8}$/), fc.constantFrom('/', '?', '#', '%2F', '/../', '\\', ' '), fc.stringMatching(/^[A-Za-z0-9]{0,8}$/))
  .map(([before, bad, after]) => before + bad + after)
  .chain((text) => fc.constantFrom(text, '.', '..'))
const badClientOrderId = fc.oneof(
  fc.constant(''),
  fc.string({ minLength: 65, maxLength: 100, unit: fc.constantFrom('a', 'B', '7', '_', '-') }),
  fc.tuple(fc.stringMatching(/^[A-Za-z0-9]{0,10}$/), fc.constantFrom(' ', '.', '/', 'é', '+', '=', ':')).map(([ok, bad]) => ok + bad),
  fc.integer(),
)
const badPriceE6 = fc.oneof(
  fc.integer({ min: 1000, max: 999_000 }).filter((n) => n % 1000 !== 0),
  fc.integer({ min: -1_000_000, max: 999 }),
  fc.integer({ min: 999_001, max: 10_000_000 }),
  fc.double({ min: 1000, max: 999_000, noInteger: true }),
  fc.constant('550000'),
)
const badInteger = fc.oneof(fc.constantFrom(-1, 1.5, 2 ** 53, Number.POSITIVE_INFINITY), fc.string().map((text) => `${text}1`))
const badEnum = fc.constantFrom('BUY', 'Limit', 'gtc', '2h', 'none', '', 42)

interface Mutation {
  input: unknown
  /** The field the error must name ('' for the whole input). */
  field: string
}

/** Malformed variants of a method's example, each with the field that must be blamed. */
function mutations({ op }: Described): fc.Arbitrary<Mutation> {
  const example = op.example as Record<string, unknown>
  const pathParams = [...op.path.matchAll(/:(\w+)/g)].map((match) => match[1]!)
  const set = (field: string) => (value: unknown): Mutation => ({ input: { ...example, [field]: value }, field })
  const choices: fc.Arbitrary<Mutation>[] = [
    fc.constantFrom<unknown>(null, 42, 'input', [example], true).map((input) => ({ input, field: '' })),
    fc.stringMatching(/^[a-z]{1,12}$/).map((name) => `zz${name}`).map((name) => ({ input: { ...example, [name]: 1 }, field: name })),
  ]
  for (const [field, value] of Object.entries(example)) {
    // A known field in snake_case is unknown, never dropped.
    if (snakeCase(field) !== field) choices.push(fc.constant({ input: { ...example, [snakeCase(field)]: value }, field: snakeCase(field) }))
    choices.push(wrongType.map(set(field)))
    if (pathParams.includes(field) || ID_FIELDS.includes(field)) choices.push(smuggled.map(set(field)))
    if (field === 'market') choices.push(badSymbol.map(set(field)))
    if (field === 'clientOrderId') choices.push(badClientOrderId.map(set(field)))
    if (field === 'priceE6') choices.push(badPriceE6.map(set(field)))
    else if (DECIMAL_FIELDS.includes(field) && typeof value === 'string') choices.push(badDecimal.map(set(field)))
    else if (typeof value === 'number') choices.push(badInteger.map(set(field)))
    if (ENUM_FIELDS.includes(field)) choices.push(badEnum.map(set(field)))
    if (BATCH_FIELDS.includes(field)) {
      choices.push(fc.constant(set(field)([])))
    }
  }
  // A placement without a clientOrderId gets one; a bad one given is refused.
  if (op.placement === 'order') choices.push(badClientOrderId.map(set('clientOrderId')))
  if (op.placement === 'orders') {
    const orders = example.orders as Record<string, unknown>[]
    choices.push(badClientOrderId.map((bad) => ({ input: { orders: [orders[0], { ...orders[1], clientOrderId: bad }] }, field: 'orders.1.clientOrderId' })))
    choices.push(badDecimal.map((bad) => ({ input: { orders: [{ ...orders[0], size: bad }] }, field: 'orders.0.size' })))
    choices.push(fc.constantFrom('reduce_only', 'client_order_id', 'post_only').map((name) => ({ input: { orders: [orders[0], { ...orders[1], [name]: true }] }, field: `orders.1.${name}` })))
  }
  return fc.oneof(...choices)
}

describe('malformed input is refused before any request (fast-check)', () => {
  it.each(withInput.map((entry) => [`${entry.group}.${entry.name}`, entry] as const))('%s', async (_, entry) => {
    const { fetch, requests } = recordingFetch()
    const method = methodOf(testClient(fetch), entry)
    await fc.assert(
      fc.asyncProperty(mutations(entry), async ({ input, field }) => {
        const error = await method(input).then(() => undefined, (caught: unknown) => caught)
        expect(error).toBeInstanceOf(ExchangeValidationError)
        const named = (error as ExchangeValidationError).field
        expect(named === field || named.startsWith(`${field}.`), `blamed "${named}", expected "${field}"`).toBe(true)
        expect(requests).toHaveLength(0)
      }),
      { numRuns: 40 },
    )
  })
})

describe('rules across fields', () => {
  type Client = ReturnType<typeof testClient>
  const cases: [string, (client: Client) => Promise<unknown>, string][] = [
    ['a limit order without a price', (client) => client.perp.placeOrder({ market: 'BTC-USDC', side: 'buy', type: 'limit', size: '1' }), 'price'],
    ['a spot order with leverage', (client) => client.spot.placeOrder({ market: 'ETH-USDC', side: 'buy', type: 'market', size: '1', leverage: 2 } as never), 'leverage'],
    // Spot has no position to reduce; real-service.md shows reduceOnly for perp only.
    ['a spot order with reduceOnly', (client) => client.spot.placeOrder({ market: 'ETH-USDC', side: 'sell', type: 'limit', size: '1', price: '1', reduceOnly: true } as never), 'reduceOnly'],
    // A market order fills at the book: a price given would be dropped, so it is refused.
    ['a perp market order with a price', (client) => client.perp.placeOrder({ market: 'BTC-USDC', side: 'buy', type: 'market', size: '1', price: '60000' }), 'price'],
    ['a spot market order with a price', (client) => client.spot.placeOrder({ market: 'ETH-USDC', side: 'buy', type: 'market', size: '1', price: '3000' }), 'price'],
    ['reduce_only in snake_case', (client) => client.perp.placeOrder({ market: 'BTC-USDC', side: 'sell', type: 'market', size: '1', reduce_only: true } as never), 'reduce_only'],
    ['client_order_id in a batched order', (client) => client.perp.placeOrders({ orders: [{ market: 'BTC-USDC', side: 'buy', type: 'limit', size: '1', price: '1', client_order_id: 'a' } as never] }), 'orders.0.client_order_id'],
    ['a modify with nothing to change', (client) => client.perp.modifyOrder({ orderId: '1' }), 'price'],
    ['a TP/SL without a price', (client) => client.perp.setTpsl({ market: 'BTC-USDC' }), 'takeProfitPrice'],
    ['a limit close without a price', (client) => client.perp.closePosition({ market: 'BTC-USDC', type: 'limit' }), 'price'],
    ['a multi-outcome market without outcomes', (client) => client.prediction.createMarket({ question: 'q', category: 'c', marketType: 'multi_outcome', endTime: 1 }), 'outcomes'],
    ['an id above 2^53 given as a number', (client) => client.perp.getOrder({ orderId: 2 ** 53 }), 'orderId'],
  ]
  it.each(cases)('refuses %s', async (_, call, field) => {
    const { fetch, requests } = recordingFetch()
    await expect(call(testClient(fetch))).rejects.toMatchObject({ name: 'ExchangeValidationError', field })
    expect(requests).toHaveLength(0)
  })

  it('hints the camelCase name of a snake_case field', async () => {
    const { fetch, requests } = recordingFetch()
    const error = await testClient(fetch).perp.placeOrder({ market: 'BTC-USDC', side: 'buy', type: 'limit', size: '1', price: '1', client_order_id: 'x' } as never).catch((caught: unknown) => caught)
    expect(error).toMatchObject({ field: 'client_order_id', rule: 'unknown_field' })
    expect((error as Error).message).toContain('clientOrderId')
    expect(requests).toHaveLength(0)
  })

  it('turns a safe integer id into its decimal string', async () => {
    const { fetch: recording, requests: sent } = recordingFetch()
    await testClient(recording).prediction.cancelOrder({ marketId: 1001, orderId: 9_007_199_254_740_991 })
    expect(sent[0]!.body).toBe('{"marketId":"1001","orderId":"9007199254740991"}')
  })
})
