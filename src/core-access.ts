// What the calls through a core (src/areas/call.ts, the key calls) reach inside it: its transport (and
// through it where a key's gate would sign for: `transport.reach`), response checks and routes, its browser
// policy. Held in this module, not on the object, so no user code can read or replace them.
import type { ResponseChecking } from './api/operation.ts'
import type { Routes } from './api/routes.ts'
import { ExchangeValidationError } from './errors.ts'
import type { Transport } from './transport/http.ts'

export interface CoreAccess {
  readonly transport: Transport
  /** The `validateResponses` option, checked. */
  readonly responses: ResponseChecking
  /** The `routes` option, its shape checked (each route against its operation when first called). */
  readonly routes: Routes
  readonly serviceName: string
  /** May hold a secret as text in a browser page (`dangerouslyAllowBrowser`). */
  readonly dangerouslyAllowBrowser: boolean
}

const cores = new WeakMap<object, CoreAccess>()

export function grantAccess(core: object, access: CoreAccess): void {
  cores.set(core, access)
}

export function accessOf(core: object): CoreAccess {
  const access = cores.get(core)
  if (!access) throw new ExchangeValidationError('core', 'type', 'core must be an ExchangeCore (or an ExchangeClient)')
  return access
}
