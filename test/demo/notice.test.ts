// @vitest-environment happy-dom
// Each action's message region: announced (role=status, aria-live), the latest outcome only, the
// reason in words with the code beside it, and an action the reader can take.
import { describe, expect, it } from 'vitest'
import { describeError } from '../../demo/src/errors.ts'
import { notice } from '../../demo/src/notice.ts'
import { ExchangeApiError } from '../../src/index.ts'

describe('an action\'s notice', () => {
  it('is a live region that screen readers announce, named after its action', () => {
    const region = notice('Order form').element
    expect(region.getAttribute('role')).toBe('status')
    expect(region.getAttribute('aria-live')).toBe('polite')
    expect(region.getAttribute('aria-label')).toBe('Order form')
    expect(region.dataset.test).toBe('notice')
  })

  it('shows the reason in words, the code and the detail, all visible (nothing folded away)', () => {
    const shown = notice('Open orders')
    const error = new ExchangeApiError(404, { code: 'ORDER_NOT_FOUND', codeNum: 13004, message: 'no such order' })
    shown.error(describeError(error))
    expect(shown.element.querySelector('[data-test="error-summary"]')!.textContent).toBe('That order does not exist.')
    expect(shown.element.querySelector('[data-test="error-code"]')!.textContent).toBe('ORDER_NOT_FOUND 13004')
    expect(shown.element.querySelector('.detail')!.textContent).toBe(error.message)
    expect(shown.element.querySelector('details')).toBeNull()
  })

  it('a success replaces the error it follows', () => {
    const shown = notice('Order form')
    shown.error({ summary: 'Not enough balance for this.', code: 'TRADE_INSUFFICIENT_BALANCE 13001', detail: 'd' })
    shown.success('Order open.')
    expect(shown.element.children).toHaveLength(1)
    expect(shown.element.textContent).toBe('Order open.')
    expect(shown.element.querySelector('[data-test="error"]')).toBeNull()
  })

  it('offers a retry button or a link with the error', () => {
    const shown = notice('Wallet')
    let retried = 0
    shown.error({ summary: 's', code: 'signing-cancelled', detail: 'd' }, { label: 'Try again', onClick: () => retried++ })
    shown.element.querySelector<HTMLButtonElement>('[data-test="try-again"]')!.click()
    expect(retried).toBe(1)
    shown.error({ summary: 's', code: 'wallet-missing', detail: 'd' }, { label: 'Get Phantom', href: 'https://phantom.com/download' })
    const link = shown.element.querySelector<HTMLAnchorElement>('a')!
    expect([link.textContent, link.getAttribute('href'), link.getAttribute('rel')]).toEqual(['Get Phantom', 'https://phantom.com/download', 'noopener noreferrer'])
  })

  it('clear empties it', () => {
    const shown = notice('Portfolio')
    shown.pending('Working…')
    shown.clear()
    expect(shown.element.childElementCount).toBe(0)
  })
})

describe('notices on one page', () => {
  it('a later event clears the success it supersedes elsewhere ("Order cancelled." after a later fill); errors stay', () => {
    const orders = notice('Open orders')
    const form = notice('Order form')
    const wallet = notice('Wallet')
    document.body.append(orders.element, form.element, wallet.element)
    wallet.error({ summary: 'The wallet refused.', code: 'signing-cancelled', detail: 'd' })
    orders.success('Order cancelled.')
    form.pending('Working…')
    expect(orders.element.textContent).toBe('')
    form.success('Filled: buy 0.001 BTC-USDC at 65,000.0')
    expect(form.element.textContent).toBe('Filled: buy 0.001 BTC-USDC at 65,000.0')
    expect(wallet.element.querySelector('[data-test="error"]')).not.toBeNull()
    orders.element.remove()
    form.element.remove()
    wallet.element.remove()
  })
})
