// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { describeError } from '../../demo/src/errors.ts'
import { ExchangeApiError, ExchangeNetworkError, ExchangeValidationError, SigningCancelledError } from '../../src/index.ts'

describe('errors in plain words, with their code', () => {
  it('explains a service error and shows its code and number', () => {
    const error = new ExchangeApiError(400, { code: 'TRADE_INSUFFICIENT_BALANCE', codeNum: 13001, message: 'need 61.75 USDC' })
    expect(describeError(error)).toEqual({
      summary: 'Not enough balance for this.',
      code: 'TRADE_INSUFFICIENT_BALANCE 13001',
      detail: error.message,
    })
  })

  it('falls back on the error kind for codes it has no words for', () => {
    const error = new ExchangeApiError(401, { code: 'AUTH_SOMETHING_NEW', codeNum: 11099 })
    expect(describeError(error).summary).toBe('The exchange did not accept this API key.')
  })

  it('explains SDK errors by kind: a declined signature, an unreachable exchange, a bad field', () => {
    expect(describeError(new SigningCancelledError('0xabc', { code: 4001 }))).toMatchObject({ code: 'signing-cancelled', summary: expect.stringMatching(/declined/) })
    expect(describeError(new ExchangeNetworkError('network', 'fetch failed'))).toMatchObject({ code: 'network', summary: 'Cannot reach the exchange.' })
    expect(describeError(new ExchangeValidationError('size', 'format', 'size: must be a decimal'))).toMatchObject({ code: 'validation', summary: 'Please check “size”.' })
  })

  it('still says something for a foreign error', () => {
    expect(describeError(new TypeError('boom'))).toEqual({ summary: 'Something went wrong.', code: 'unexpected', detail: 'boom' })
  })
})

