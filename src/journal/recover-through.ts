// `client.recover()` and `recover(core)`: the core's journal settles what it kept. Types only of the
// journal itself, so a client that keeps none carries none of it.
import { accessOf } from '../core-access.ts'
import { ExchangeValidationError } from '../errors.ts'
import type { Journal } from './journal.ts'
import type { RecoverOptions, RecoveryReport } from './recover.ts'

export function recoverThrough(core: object, options?: RecoverOptions): Promise<RecoveryReport> {
  const journal = accessOf(core).transport.journal as Journal | undefined
  if (!journal) return Promise.reject(new ExchangeValidationError('journal', 'required', 'recover() settles what a journal kept: give the client (or core) the journal option (exchange-client/journal)'))
  return journal.recover(core, options)
}
