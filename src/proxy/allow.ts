// The proxy's `allow` option: operation names, and classes of operations by their effect (each
// operation's descriptor declares it: src/api/operation.ts, `Effect`). Least authority: what moves value
// out of the account or locks it for a third party is in no class, and passes only when named; what
// answers with a new secret never passes.
import { ExchangeValidationError } from '../errors.ts'
import type { ProxiedOperation } from './operations.ts'

/**
 * `public`: open market data and system calls; `read`: the account's own data; `trade`: placing, changing
 * and cancelling orders and TP/SL, leverage and position margin, within the account.
 */
export type OperationClass = 'public' | 'read' | 'trade'

const CLASSES: readonly string[] = ['public', 'read', 'trade']
/** The page's client reads the server's clock here (and reconciliation re-measures it): always open. */
const ALWAYS = 'system.getTime'

/** Why an entry names nothing that may pass, said so the integrator knows what to write instead. */
function unknownEntry(entry: unknown, table: readonly ProxiedOperation[]): ExchangeValidationError {
  const named = table.find((operation) => operation.name === entry)
  const movesValue = table.filter((operation) => operation.op.effect === 'moves-value').map((operation) => operation.name)
  const hint = named?.op.effect === 'issues-secret'
    ? ' (it answers with a new secret, which must never travel through a page: never proxied; do it on the backend that holds the key)'
    : entry === 'withdraw' || entry === 'moves-value'
      ? ` (what moves value out of the account or locks it is in no class: name each one, e.g. ${movesValue.slice(0, 3).join(', ')})`
      : ''
  return new ExchangeValidationError('allow', 'unknown', `allow: ${JSON.stringify(entry)} is no operation or class${hint}; classes are 'public', 'read' and 'trade'`)
}

/** The names of the operations `allow` lets through; an unknown name or class is refused. */
export function allowedOperations(allow: unknown, table: readonly ProxiedOperation[]): Set<string> {
  if (!Array.isArray(allow)) throw new ExchangeValidationError('allow', 'type', "allow: must be a list of operation names ('perp.placeOrder') and classes ('public', 'read', 'trade')")
  const allowed = new Set([ALWAYS])
  for (const entry of allow as unknown[]) {
    const byName = table.find((operation) => operation.name === entry && operation.op.effect !== 'issues-secret')
    const inClass = CLASSES.includes(entry as string) ? table.filter((operation) => operation.op.effect === entry) : []
    if (!byName && inClass.length === 0) throw unknownEntry(entry, table)
    for (const operation of byName ? [byName] : inClass) allowed.add(operation.name)
  }
  return allowed
}
