/**
 * The exchange's validation names every fault of an input in one answer, by the same rules the SDK
 * uses: a field left out (`missing`), a field the route does not know (`unknown_field`, with the
 * field probably meant), a wrong type (`type`), a value outside its rules (`value`), a body that is
 * not an object (`not_object`). Over loopback HTTP, signed requests.
 */
import { describe, expect, it } from 'vitest'
import { startLocalExchange } from '../support/local-exchange.ts'
import { rawRequest } from '../support/raw-request.ts'
import { TEST_KEYS } from '../support/seed.ts'

type Issue = { field: string; rule: string; reason: string }

/** A signed POST the exchange should refuse: its status, error and the issues listed (field and rule). */
async function refused(url: string, path: string, fields: unknown) {
  const { status, json } = await rawRequest(url, { method: 'POST', path, key: TEST_KEYS.full, body: JSON.stringify(fields) })
  const issues = (json.error?.details?.issues ?? []) as Issue[]
  return { status, error: json.error!, issues, faults: issues.map(({ field, rule }) => ({ field, rule })) }
}

describe('an input with several faults', () => {
  it('a perp order with a typo\'d field, a side of the wrong value and a size of the wrong type is answered with all three', async () => {
    const { url } = await startLocalExchange()
    const { status, error, issues, faults } = await refused(url, '/api/v1/perp/orders', { market: 'BTC-USDC', side: 'long', type: 'market', size: 0.01, prce: '60000' })
    expect([status, error.code]).toEqual([400, 'REQ_INVALID_PARAMS'])
    expect(faults).toEqual([
      { field: 'prce', rule: 'unknown_field' },
      { field: 'side', rule: 'value' },
      { field: 'size', rule: 'type' },
    ])
    expect(issues[0]!.reason).toMatch(/did you mean price\?/)
    // One message names them all.
    for (const field of ['prce', 'side', 'size']) expect(error.message).toContain(`${field}: `)
    expect(error.details).toMatchObject({ field: 'prce', rule: 'unknown_field' })
  })

  it('a prediction order missing a field, with a wrong type and an unknown field, is answered with all three; nothing is placed', async () => {
    const { exchange, url } = await startLocalExchange()
    const { status, issues, faults } = await refused(url, '/api/v1/prediction/orders', { marketId: '1001', side: 0, outcomeIndex: 'yes', priceE6: 500_000, amount_: 10 })
    expect(status).toBe(400)
    expect(faults).toEqual([
      { field: 'amount_', rule: 'unknown_field' },
      { field: 'amount', rule: 'missing' },
      { field: 'outcomeIndex', rule: 'type' },
    ])
    expect(issues[0]!.reason).toMatch(/did you mean amount\?/)
    expect(exchange.market.orders(TEST_KEYS.full.accountId!).prediction).toHaveLength(0)
  })

  it('a market creation with three bad fields names all three', async () => {
    const { url } = await startLocalExchange()
    const { faults } = await refused(url, '/api/v1/prediction/markets', { question: 7, category: 'c', marketType: 'ternary', tags: ['a', ''], endTime: Date.now() + 3_600_000 })
    expect(faults).toEqual([
      { field: 'question', rule: 'type' },
      { field: 'tags[1]', rule: 'value' },
      { field: 'marketType', rule: 'value' },
    ])
  })

  it('a batch names the faults of every entry, each under its entry; nothing is placed', async () => {
    const { exchange, url } = await startLocalExchange()
    const good = { market: 'BTC-USDC', side: 'buy', type: 'market', size: '0.001' }
    const { status, faults } = await refused(url, '/api/v1/perp/orders/batch', { orders: [{ ...good, side: 'long' }, good, { ...good, size: 1, reduce_only: true }] })
    expect(status).toBe(400)
    expect(faults).toEqual([
      { field: 'orders[0].side', rule: 'value' },
      { field: 'orders[2].reduce_only', rule: 'unknown_field' },
      { field: 'orders[2].size', rule: 'type' },
    ])
    expect(exchange.market.orders(TEST_KEYS.full.accountId!).perp).toHaveLength(0)
  })

  it('a withdrawal, a deposit, a mint and a challenge name every fault too', async () => {
    const { url } = await startLocalExchange()
    expect((await refused(url, '/api/v1/account/withdrawals', { token: 'DOGE', amount: 5, adress: '0xabc' })).faults).toEqual([
      { field: 'adress', rule: 'unknown_field' },
      { field: 'address', rule: 'missing' },
      { field: 'token', rule: 'value' },
      { field: 'amount', rule: 'type' },
    ])
    expect((await refused(url, '/api/v1/account/deposits', { token: 7, amount: '-1' })).faults).toEqual([
      { field: 'token', rule: 'type' },
      { field: 'amount', rule: 'value' },
    ])
    expect((await refused(url, '/api/v1/prediction/mints', { marketId: true, amount: 0 })).faults).toEqual([
      { field: 'marketId', rule: 'type' },
      { field: 'amount', rule: 'value' },
    ])
    expect((await refused(url, '/api/v1/prediction/oracle/challenges', { marketId: '1001', outcomeIndex: 'yes', evidenceHash: 5 })).faults).toEqual([
      { field: 'outcomeIndex', rule: 'type' },
      { field: 'evidenceHash', rule: 'type' },
    ])
  })

  it('a body that is not an object is answered with that alone', async () => {
    const { url } = await startLocalExchange()
    const { error } = await refused(url, '/api/v1/perp/orders', ['BTC-USDC'])
    expect(error.details).toMatchObject({ field: 'body', rule: 'not_object', issues: [{ field: 'body', rule: 'not_object' }] })
  })
})
