// What a caller without types reads when an input is wrong: a missing field, an unknown one, a wrong
// type and "not an object" are told apart (their own `rule` and words), every problem is listed, and an
// unknown field close to a known one names it. Nothing is sent. Expected messages are literals.
import { describe, expect, it } from 'vitest'
import { ExchangeValidationError } from '../../src/index.ts'
import { recordingFetch, testClient } from './support.ts'

/** What a call rejects with, and what it sent (nothing, for a validation error). */
async function refusal(call: (client: any) => Promise<unknown>) {
  const { fetch, requests: sent } = recordingFetch()
  const error = await call(testClient(fetch)).then(() => undefined, (caught: unknown) => caught)
  expect(error).toBeInstanceOf(ExchangeValidationError)
  expect(sent).toHaveLength(0)
  return error as ExchangeValidationError
}

const limitOrder = { market: 'BTC-USDC', side: 'buy', type: 'limit', size: '0.01', price: '60000' }

describe('validation messages tell the truth', () => {
  it('a required field left out is missing, not unknown', async () => {
    expect(await refusal((client) => client.perp.cancelOrder({}))).toMatchObject({
      field: 'orderId', rule: 'missing', message: 'orderId: missing (required)',
      issues: [{ field: 'orderId', rule: 'missing', message: 'orderId: missing (required)' }],
    })
    const { size: _, ...withoutSize } = limitOrder
    expect(await refusal((client) => client.perp.placeOrder(withoutSize))).toMatchObject({ field: 'size', rule: 'missing', message: 'size: missing (required)' })
    // A field given as undefined is left out too.
    expect(await refusal((client) => client.perp.placeOrder({ ...limitOrder, size: undefined }))).toMatchObject({ field: 'size', rule: 'missing' })
  })

  it('an unknown field in place of a required one: both are named, the unknown one as unknown', async () => {
    const error = await refusal((client) => client.perp.getOrderbook({ symbol: 'BTC-USDC' }))
    expect(error.message).toBe('market: missing (required); symbol: unknown field; did you mean market?')
    expect(error.issues).toEqual([
      { field: 'market', rule: 'missing', message: 'market: missing (required)' },
      { field: 'symbol', rule: 'unknown_field', message: 'symbol: unknown field; did you mean market?' },
    ])
  })

  it('no input where an object is needed is "not an object", naming the fields it needs', async () => {
    expect(await refusal((client) => client.perp.getTicker())).toMatchObject({
      field: '', rule: 'not_object', message: 'input: must be an object with market; got undefined',
    })
    expect(await refusal((client) => client.perp.getTicker('BTC-USDC'))).toMatchObject({ rule: 'not_object', message: 'input: must be an object with market; got "BTC-USDC"' })
    expect(await refusal((client) => client.perp.placeOrder([limitOrder]))).toMatchObject({ field: '', rule: 'not_object', message: 'input: must be an object with market, side, type, size; got an array' })
    expect(await refusal((client) => client.perp.placeOrders({ orders: [5] }))).toMatchObject({
      field: 'orders.0', rule: 'not_object', message: 'orders.0: must be an object with market, side, type, size; got 5',
    })
  })

  it('a value of the wrong type is "type"; a value that breaks a rule keeps that rule', async () => {
    expect(await refusal((client) => client.perp.placeOrder({ ...limitOrder, size: 0.01 }))).toMatchObject({
      field: 'size', rule: 'type', message: 'size: must be a decimal string such as "0.01" (a number is refused: no float rounding), without sign, exponent, NaN or Infinity',
    })
    expect(await refusal((client) => client.perp.placeOrder({ ...limitOrder, size: '-1' }))).toMatchObject({ field: 'size', rule: 'regex' })
    // A value outside an enumeration: of the wrong type, as valibot sees it (a literal union).
    expect(await refusal((client) => client.perp.placeOrder({ ...limitOrder, side: 'long' }))).toMatchObject({ field: 'side', rule: 'type', message: 'side: must be "buy" or "sell"' })
    expect(await refusal((client) => client.perp.placeOrder({ ...limitOrder, leverage: 0 }))).toMatchObject({ field: 'leverage', rule: 'check', message: 'leverage: must be a whole number of at least 1' })
  })

  it('every problem of an input is listed, and the message names them all', async () => {
    const error = await refusal((client) => client.perp.placeOrder({ market: 7, side: 'buy', type: 'limit', price: '1', sise: '1', reduce_only: true, extra: 1 }))
    expect(error.issues.map(({ field, rule }) => `${field} ${rule}`)).toEqual([
      'market type', 'size missing', 'sise unknown_field', 'reduce_only unknown_field', 'extra unknown_field',
    ])
    expect(error.message).toBe(
      'market: must be a market symbol <BASE>-<QUOTE> of letters and digits, such as "BTC-USDC"; size: missing (required); sise: unknown field; did you mean size?; '
        + 'reduce_only: unknown field; did you mean reduceOnly?; extra: unknown field',
    )
    expect(error).toMatchObject({ field: 'market', rule: 'type' })
  })

  it('a rule across fields is reported on its field, in a batch too', async () => {
    const { price: _, ...withoutPrice } = limitOrder
    expect(await refusal((client) => client.perp.placeOrder(withoutPrice))).toMatchObject({ field: 'price', rule: 'check', message: 'price: a limit order needs a price' })
    expect(await refusal((client) => client.spot.placeOrders({ orders: [limitOrder, withoutPrice] }))).toMatchObject({
      field: 'orders.1.price', rule: 'check', message: 'orders.1.price: a limit order needs a price',
    })
    expect(await refusal((client) => client.perp.modifyOrder({ orderId: '1' }))).toMatchObject({ field: 'price', rule: 'check', message: 'price: give a new price, a new size or both' })
  })

  it('the orders of a batch are checked the same way, each problem under its path', async () => {
    const error = await refusal((client) => client.spot.placeOrders({ orders: [limitOrder, { ...limitOrder, size: undefined, sizes: '1', reduceOnly: true }] }))
    expect(error.issues).toEqual([
      { field: 'orders.1.size', rule: 'missing', message: 'orders.1.size: missing (required)' },
      { field: 'orders.1.sizes', rule: 'unknown_field', message: 'orders.1.sizes: unknown field; did you mean size?' },
      { field: 'orders.1.reduceOnly', rule: 'unknown_field', message: 'orders.1.reduceOnly: unknown field' },
    ])
  })

  it('an unknown field close to a known one gets "did you mean": a typo, snake_case, a short name', async () => {
    expect((await refusal((client) => client.perp.getTicker({ markte: 'BTC-USDC' }))).message).toBe('market: missing (required); markte: unknown field; did you mean market?')
    expect((await refusal((client) => client.perp.placeOrder({ ...limitOrder, client_order_id: 'c-1' }))).message).toBe('client_order_id: unknown field; did you mean clientOrderId?')
    expect((await refusal((client) => client.perp.cancelOrder({ id: '1001' }))).message).toBe('orderId: missing (required); id: unknown field; did you mean orderId?')
    expect((await refusal((client) => client.spot.cancelOrders({ ids: ['1001'] }))).message).toBe('orderIds: missing (required); ids: unknown field; did you mean orderIds?')
    // Far from every field not given (size is): no guess.
    expect((await refusal((client) => client.perp.placeOrder({ ...limitOrder, quantity: '1' }))).message).toBe('quantity: unknown field')
    // The names other SDKs and the service's own clients use point at ours.
    const { size: _size, market: _market, ...unsized } = limitOrder
    expect((await refusal((client) => client.perp.placeOrder({ ...unsized, symbol: 'BTC-USDC', qty: '1' } as never))).message)
      .toBe('market: missing (required); size: missing (required); symbol: unknown field; did you mean market?; qty: unknown field; did you mean size?')
    expect((await refusal((client) => client.perp.placeOrder({ ...unsized, market: 'BTC-USDC', quantity: '1' } as never))).message).toBe('size: missing (required); quantity: unknown field; did you mean size?')
  })
})

describe('one name for an order id', () => {
  it('getOrder, modifyOrder and cancelOrder take orderId (perp and spot), sent in the path', async () => {
    const { fetch, requests: sent } = recordingFetch()
    const client = testClient(fetch)
    await client.perp.getOrder({ orderId: '1001' })
    await client.spot.modifyOrder({ orderId: '1002', price: '3000' })
    await client.perp.cancelOrder({ orderId: 1003 })
    expect(sent.map((request) => `${request.method} ${request.url.pathname} ${request.body}`)).toEqual([
      'GET /api/v1/perp/orders/1001 ',
      'PUT /api/v1/spot/orders/1002 {"price":"3000"}',
      'DELETE /api/v1/perp/orders/1003 ',
    ])
  })
})

describe('prediction orders take leverage and marginMode', () => {
  const prediction = { marketId: '1001', side: 0 as const, outcomeIndex: 0, priceE6: 550_000, amount: 10 }

  it('are sent as given', async () => {
    const { fetch, requests: sent } = recordingFetch()
    await testClient(fetch).prediction.placeOrder({ ...prediction, clientOrderId: 'p-1', leverage: 2, marginMode: 'cross' })
    expect(JSON.parse(sent[0]!.body)).toEqual({ ...prediction, clientOrderId: 'p-1', leverage: 2, marginMode: 'cross' })
  })

  it('are checked: a whole leverage from 1, a margin mode of cross or isolated', async () => {
    expect(await refusal((client) => client.prediction.placeOrder({ ...prediction, leverage: 0 }))).toMatchObject({ field: 'leverage', rule: 'check' })
    expect(await refusal((client) => client.prediction.placeOrder({ ...prediction, leverage: '2' }))).toMatchObject({ field: 'leverage', rule: 'type' })
    expect(await refusal((client) => client.prediction.placeMultiOutcomeOrder({ ...prediction, marginMode: 'CROSS' }))).toMatchObject({
      field: 'marginMode', rule: 'type', message: 'marginMode: must be "cross" or "isolated"',
    })
  })
})

describe('ids', () => {
  it('an id of the wrong type is type; a string or number of another form is check; both say what an id is', async () => {
    const what = 'must be an id: 1 to 128 characters of [A-Za-z0-9_.~:-], a letter or digit first, or a non-negative safe integer'
    expect(await refusal((client) => client.perp.getOrder({ orderId: true }))).toMatchObject({ field: 'orderId', rule: 'type', message: `orderId: ${what}` })
    expect(await refusal((client) => client.perp.getOrder({ orderId: 'a/b' }))).toMatchObject({ field: 'orderId', rule: 'check', message: `orderId: ${what}` })
    expect(await refusal((client) => client.perp.getOrder({ orderId: -1 }))).toMatchObject({ field: 'orderId', rule: 'check' })
    expect(await refusal((client) => client.spot.cancelOrders({ orderIds: ['1', 2 ** 53] }))).toMatchObject({ field: 'orderIds.1', rule: 'check' })
  })
})
