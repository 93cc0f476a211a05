import type { KeyPermissions } from '../api/keys.ts'
import { ExchangeValidationError } from '../transport/errors.ts'

/** A page (document present), where any script that runs could use a key the page holds. */
export function inBrowser(): boolean {
  return typeof (globalThis as { document?: unknown }).document !== 'undefined'
}

/**
 * In a browser, refuses a key that can move funds unless the integrator opted in. A read-only key,
 * or a backend that signs (the client's `sign` option), keeps trading rights out of the page.
 */
export function refuseTradingKeyInBrowser(permissions: Partial<KeyPermissions> | undefined, allowTradingKeyInBrowser: boolean | undefined): void {
  if (allowTradingKeyInBrowser === true || !inBrowser()) return
  if (permissions?.canTrade !== true && permissions?.canWithdraw !== true) return
  throw new ExchangeValidationError(
    'allowTradingKeyInBrowser',
    'browser-trading-key',
    'Refused to hold a key that can trade in a browser page: any script running there could place orders with it. '
      + 'Ask for a read-only key (permissions: { canTrade: false }), let a backend sign (the `sign` option), '
      + 'or opt in with allowTradingKeyInBrowser: true.',
  )
}
