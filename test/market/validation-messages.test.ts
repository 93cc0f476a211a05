// The reference exchange's answers to a bad body tell the truth: a field left out, an unknown field, a
// wrong type and a body that is not an object are different rules (`details.rule`) with different words;
// every shape problem of a body is listed in `details.issues` and named in the message; an unknown field
// close to one the route takes names it. Nothing changes. Expected answers are literals.
import { describe, expect, it } from 'vitest'
import { createReferenceExchange } from '../../src/testing/index.ts'
import { harness } from './harness.ts'

const order = { market: 'BTC-USDC', side: 'buy', type: 'limit', price: '60000', size: '0.01' }
const prediction = { marketId: '1001', side: 0, outcomeIndex: 0, priceE6: 650_000, amount: 10 }

describe('the exchange names every problem of a body, each with its rule', () => {
  it('a required field left out is missing; an unknown one unknown; both are listed', () => {
    const h = harness()
    const { size: _, ...withoutSize } = order
    expect(h.call('POST', '/api/v1/perp/orders', withoutSize).error).toMatchObject({
      code: 'REQ_INVALID_PARAMS',
      message: 'size: size is required',
      details: { field: 'size', rule: 'missing', issues: [{ field: 'size', rule: 'missing', reason: 'size is required' }] },
    })
    const both = h.call('POST', '/api/v1/perp/orders', { ...withoutSize, sise: '0.01', symbol: 'BTC-USDC' }).error
    expect(both?.details?.issues).toEqual([
      { field: 'sise', rule: 'unknown_field', reason: 'sise is not a field of this route; did you mean size?' },
      { field: 'symbol', rule: 'unknown_field', reason: expect.stringMatching(/^symbol is not a field of this route; this route takes market, side, /) },
      { field: 'size', rule: 'missing', reason: 'size is required' },
    ])
    expect(both?.message).toMatch(/^sise: sise is not a field of this route; did you mean size\?; symbol: symbol is not a field .*; size: size is required$/)
    expect(h.market.orders('alice').perp).toEqual([])
  })

  it('a body that is not an object is not_object, saying what it is', () => {
    const h = harness()
    expect(h.call('POST', '/api/v1/perp/orders', [order]).error).toMatchObject({
      message: 'body: the body must be a JSON object, not an array', details: { field: 'body', rule: 'not_object' },
    })
    expect(h.call('POST', '/api/v1/perp/orders', 'x').error?.details).toMatchObject({ field: 'body', rule: 'not_object', reason: 'the body must be a JSON object, not string' })
  })

  it('a value of the wrong type is type; one of the right type that breaks a rule is value', () => {
    const h = harness()
    expect(h.call('POST', '/api/v1/perp/orders', { ...order, size: 0.01 }).error?.details).toMatchObject({ field: 'size', rule: 'type' })
    expect(h.call('POST', '/api/v1/perp/orders', { ...order, size: '-1' }).error?.details).toMatchObject({ field: 'size', rule: 'value' })
    expect(h.call('POST', '/api/v1/perp/orders', { ...order, postOnly: 'yes' }).error?.details).toMatchObject({ field: 'postOnly', rule: 'type' })
    expect(h.call('POST', '/api/v1/prediction/orders', { ...prediction, side: '0' }).error?.details).toMatchObject({ field: 'side', rule: 'type' })
  })

  it('an unknown field close to one the route takes gets "did you mean": a typo, the other case style, a short name', () => {
    const h = harness()
    const meant = (path: string, body: unknown) => (h.call('POST', path, body).error?.details?.issues as { reason: string }[] | undefined)?.[0]?.reason
    expect(meant('/api/v1/perp/orders', { ...order, market: undefined, markte: 'BTC-USDC' })).toBe('markte is not a field of this route; did you mean market?')
    expect(meant('/api/v1/prediction/orders/cancel', { marketId: '1001', id: '1' })).toBe('id is not a field of this route; did you mean orderId?')
    expect(meant('/api/v1/prediction/orders', { ...prediction, price_e6: 650_000 })).toBe('price_e6 is not a field of this route; did you mean priceE6?')
  })

  it('the orders of a batch are named by their place', () => {
    const h = harness()
    const error = h.call('POST', '/api/v1/perp/orders/batch', { orders: [order, { ...order, size: undefined, sise: '1' }] }).error
    expect(error?.details?.issues).toEqual([
      { field: 'orders[1].sise', rule: 'unknown_field', reason: 'sise is not a field of this route; did you mean size?' },
      { field: 'orders[1].size', rule: 'missing', reason: 'size is required' },
    ])
  })

  it('onboarding lists every field left out or unknown', async () => {
    const exchange = createReferenceExchange()
    const answer = await exchange.fetch(new Request('http://exchange.test/api/v1/oauth/onboard', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ walletAdress: '0x', walletType: 'evm' }),
    }))
    const { error } = await answer.json() as { error: { code: string; details: { issues: { field: string; rule: string }[] } } }
    expect(error.code).toBe('REQ_INVALID_PARAMS')
    expect(error.details.issues.map(({ field, rule }) => `${field} ${rule}`)).toEqual([
      'walletAdress unknown_field', 'walletAddress missing', 'message missing', 'signature missing', 'timestamp missing',
    ])
  })
})

describe('prediction orders take leverage and marginMode', () => {
  it('accepts them, and refuses a bad value naming the field', () => {
    const h = harness()
    expect(h.ok('POST', '/api/v1/prediction/orders', { ...prediction, leverage: 2, marginMode: 'cross' })).toMatchObject({ txSignature: expect.any(String) })
    expect(h.call('POST', '/api/v1/prediction/orders', { ...prediction, leverage: 0 }).error?.details).toMatchObject({ field: 'leverage', rule: 'value' })
    expect(h.call('POST', '/api/v1/prediction/orders', { ...prediction, marginMode: 'portfolio' }).error?.details).toMatchObject({ field: 'marginMode', rule: 'value' })
  })
})
