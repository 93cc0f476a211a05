// A client group read by a caller without types: a near-miss method name is a typed error naming the
// methods meant; every other name reads as on a plain object, so awaiting, printing or probing a group
// (what test runners and inspectors do) behaves as before.
import { inspect } from 'node:util'
import { describe, expect, it } from 'vitest'
import { ExchangeClient, ExchangeValidationError } from '../../src/index.ts'
import { thrown } from '../support/thrown.ts'

const client = new ExchangeClient({ baseUrl: 'http://127.0.0.1:1' })
const untyped = (group: object) => group as Record<string, unknown>

describe('method names an untyped caller gets wrong', () => {
  it.each([
    ['perp', 'listOrders', 'listOpenOrders'],
    ['perp', 'getTicket', 'getTicker'],
    ['perp', 'placeorder', 'placeOrder'],
    ['spot', 'cancelOrderz', 'cancelOrders or cancelOrder'],
    ['account', 'overview', 'getOverview'],
  ])('%s.%s: "did you mean %s?"', (group, name, meant) => {
    const method = untyped(untyped(client)[group]!)[name] as () => unknown
    expect(method).toBeTypeOf('function')
    const error = thrown(method)
    expect(error).toBeInstanceOf(ExchangeValidationError)
    expect(error).toMatchObject({ field: `${group}.${name}`, rule: 'unknown_method', message: `${group} has no method ${name}; did you mean ${meant}?` })
  })

  it('a name close to no method reads as undefined; a group still awaits, prints and serializes as a plain object', async () => {
    expect(untyped(client.perp).then).toBeUndefined()
    expect(untyped(client.perp).toJSON).toBeUndefined()
    expect(untyped(client.perp).asymmetricMatch).toBeUndefined()
    expect(await Promise.resolve(client.perp)).toBe(client.perp)
    expect(JSON.stringify(client.perp)).toBe('{}')
    expect(inspect(client.perp)).toContain('placeOrder')
    expect(typeof client.perp.placeOrder).toBe('function')
    expect('listOrders' in client.perp).toBe(false)
  })
})
