// The proxy's `allow` option: operation names, and classes of them by the permission they need.
// A withdrawal moves funds out: it is never part of a class, only allowed when named.
import { ExchangeValidationError } from '../errors.ts'
import type { ProxiedOperation } from './operations.ts'

/** `public`: open market data and system calls; `read`: the account's own data; `trade`: orders and positions. */
export type OperationClass = 'public' | 'read' | 'trade'

const CLASS_OF: Record<string, OperationClass | undefined> = { none: 'public', any: 'read', read: 'read', trade: 'trade' }
/** The page's client reads the server's clock here (and reconciliation re-measures it): always open. */
const ALWAYS = 'system.getTime'

/** The names of the operations `allow` lets through; an unknown name or class is refused. */
export function allowedOperations(allow: unknown, table: readonly ProxiedOperation[]): Set<string> {
  if (!Array.isArray(allow)) throw new ExchangeValidationError('allow', 'type', "allow: must be a list of operation names ('perp.placeOrder') and classes ('public', 'read', 'trade')")
  const allowed = new Set([ALWAYS])
  for (const entry of allow as unknown[]) {
    const byName = table.find((operation) => operation.name === entry)
    const inClass = table.filter((operation) => CLASS_OF[operation.op.auth] === entry)
    if (!byName && inClass.length === 0) {
      const hint = entry === 'keys.rotate' ? ' (rotation is never proxied: it would hand out the new secret)' : entry === 'withdraw' ? ' (withdrawals are allowed one by one, by name)' : ''
      throw new ExchangeValidationError('allow', 'unknown', `allow: ${JSON.stringify(entry)} is no operation or class${hint}`)
    }
    for (const operation of byName ? [byName] : inClass) allowed.add(operation.name)
  }
  return allowed
}
