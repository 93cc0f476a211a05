// The operations a signing proxy can forward, each found by method and path template: the client's own
// operation table, so the proxy knows every route, its permission and its input schema.
import { operationCatalog } from '../api/catalog.ts'
import { keysOperations, onboardingOperations } from '../api/keys.ts'
import { PATH_VALUE, type Operation } from '../api/operation.ts'

export interface ProxiedOperation {
  /** `group.method`, as the client names it: `perp.placeOrder`. */
  readonly name: string
  readonly group: string
  readonly op: Operation<any, unknown>
  /** The path template's segments after `/api/v1/`: literals, or `:name` parameters. */
  readonly segments: readonly string[]
}

export interface Match {
  readonly operation: ProxiedOperation
  readonly params: Readonly<Record<string, string>>
}

const API_ROOT = '/api/v1/'

/**
 * Every operation of the exchange, the key calls included: onboarding and rotation are matched only to be
 * refused by name (their answer is a new secret, which must never travel through a page).
 */
export function proxiedOperations(): ProxiedOperation[] {
  const table = operationCatalog.flatMap(({ group, operations }) => Object.entries(operations).map(([method, op]) => ({ group, method, op })))
  for (const [method, op] of Object.entries({ ...keysOperations, ...onboardingOperations })) table.push({ group: 'keys' as never, method, op })
  return table.map(({ group, method, op }) => ({ name: `${group}.${method}`, group, op, segments: op.path.slice(API_ROOT.length).split('/') }))
}

/** Literal segments first: `/orders/batch` is the batch, not the order whose id is "batch". */
const literals = (operation: ProxiedOperation) => operation.segments.filter((segment) => segment[0] !== ':').length

/**
 * The one operation `method` and the URL path name, with its path parameters; none for any other
 * path. The path is read from `/api/v1/` on (the proxy may be mounted under a prefix); a parameter
 * must be unreserved characters, not `.` or `..` (so no encoded slash or dot segment gets through).
 */
export function matchOperation(table: readonly ProxiedOperation[], method: string, pathname: string): Match | undefined {
  const at = pathname.indexOf(API_ROOT)
  if (at === -1) return undefined
  const parts = pathname.slice(at + API_ROOT.length).split('/')
  let best: Match | undefined
  for (const operation of table) {
    if (operation.op.method !== method || operation.segments.length !== parts.length) continue
    const params: Record<string, string> = {}
    const fits = operation.segments.every((segment, i) => {
      if (segment[0] !== ':') return segment === parts[i]
      params[segment.slice(1)] = parts[i]!
      return PATH_VALUE.test(parts[i]!)
    })
    if (fits && (!best || literals(operation) > literals(best.operation))) best = { operation, params }
  }
  return best
}
