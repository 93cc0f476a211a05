import { ExchangeError } from '../errors.ts'

/**
 * A journal store could not read or write its storage, or found it damaged. Kind `storage`, as the
 * credential store's failures: `isExchangeError(e, 'storage')` catches both. The message names the
 * journal (its file or database) and what failed; `cause` keeps the runtime's own error.
 */
export class ExchangeJournalError extends ExchangeError {
  declare readonly kind: 'storage'
  constructor(message: string, options?: { cause?: unknown }) {
    super('storage', message, options)
    this.name = 'ExchangeJournalError'
  }
}

/** The runtime's words for a failure (a DOMException, a Node error with its code), for a message. */
export function reason(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause)
}
