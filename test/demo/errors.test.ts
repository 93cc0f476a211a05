// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { describeError } from '../../demo/src/errors.ts'
import { notices } from '../../demo/src/notices.ts'
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

describe('the notice strip', () => {
  it('shows the newest first, keeps a few, and prints the code beside the words', () => {
    const strip = notices(2)
    strip.success('first')
    strip.success('second')
    strip.error(describeError(new ExchangeApiError(404, { code: 'ORDER_NOT_FOUND', codeNum: 13004 })))
    const shown = [...strip.element.children]
    expect(shown).toHaveLength(2)
    expect(shown[0]!.querySelector('strong')!.textContent).toBe('That order does not exist.')
    expect(shown[0]!.querySelector('[data-test="error-code"]')!.textContent).toBe('ORDER_NOT_FOUND 13004')
    expect(shown[1]!.textContent).toBe('second')
  })

  it('lets the reader dismiss an error', () => {
    const strip = notices()
    strip.error({ summary: 's', code: 'c', detail: 'd' })
    strip.element.querySelector<HTMLButtonElement>('button')!.click()
    expect(strip.element.children).toHaveLength(0)
  })
})
