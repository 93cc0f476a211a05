// Decimals are refused by length before any arithmetic: at most 40 digits in all, 18 after the point.
import { describe, expect, it } from 'vitest'
import { formatDecimal, parseDecimal } from '../../src/testing/market/decimal.ts'
import { startLocalExchange } from '../support/local-exchange.ts'
import { rawRequest } from '../support/raw-request.ts'
import { TEST_KEYS } from '../support/seed.ts'

describe('decimal length', () => {
  it('reads 40 digits with 18 places, and refuses 41 digits or 19 places', () => {
    const forty = `${'9'.repeat(22)}.${'1'.repeat(18)}`
    expect(formatDecimal(parseDecimal(forty)!)).toBe(forty)
    expect(parseDecimal(`${'9'.repeat(23)}.${'1'.repeat(18)}`)).toBeUndefined()
    expect(parseDecimal(`1.${'1'.repeat(19)}`)).toBeUndefined()
    expect(parseDecimal('0'.repeat(41))).toBeUndefined()
  })

  it('answers a 900,000-digit deposit amount with 400 naming amount, and keeps answering others', async () => {
    const { url, exchange } = await startLocalExchange()
    const before = exchange.market.balances(TEST_KEYS.full.accountId!).USDC
    const huge = rawRequest(url, { method: 'POST', path: '/api/v1/account/deposits', body: JSON.stringify({ token: 'USDC', amount: '9'.repeat(900_000) }), key: TEST_KEYS.full })
    const other = rawRequest(url, { path: '/api/v1/system/time' })
    const [refused, answered] = await Promise.all([huge, other])
    expect(refused.status).toBe(400)
    expect(refused.json.error).toMatchObject({ code: 'REQ_INVALID_PARAMS', details: { field: 'amount' } })
    expect(refused.text.length).toBeLessThan(2000)
    expect(answered.status).toBe(200)
    expect(exchange.market.balances(TEST_KEYS.full.accountId!).USDC).toEqual(before)
    const small = await rawRequest(url, { method: 'POST', path: '/api/v1/account/deposits', body: JSON.stringify({ token: 'USDC', amount: `1.${'0'.repeat(17)}1` }), key: TEST_KEYS.full })
    expect(small.json.data).toMatchObject({ amount: '1.000000000000000001' })
  })
})
