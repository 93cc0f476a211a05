// What the key calls (exchange-client/keys, and ExchangeClient's own key methods) reach inside a
// core: its transport, its browser policy, and the swap of its credentials. Held in this module, not
// on the object, so no user code can read or replace them.
import type { IssuedSecret } from './auth/hidden-secret.ts'
import { ExchangeValidationError } from './errors.ts'
import type { Transport } from './transport/http.ts'

export interface CoreAccess {
  readonly transport: Transport
  readonly serviceName: string
  /** May hold a secret as text in a browser page (`dangerouslyAllowBrowser`). */
  readonly dangerouslyAllowBrowser: boolean
  /** Signs with this key from now on, the old secret dropped; a malformed pair throws and keeps the old one. */
  useCredentials(apiKey: string, secretKey: string | IssuedSecret): void
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
