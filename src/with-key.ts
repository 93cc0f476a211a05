// A key for a core: what a program imports to sign. `new ExchangeCore({ baseUrl })` alone serves open
// data and carries no signing code (no gate, no stamp memory, no HMAC); `withKey(core, { apiKey, secretKey })`
// attaches the key's signing gate. ExchangeClient, the all-in-one, takes the key in its options and
// comes here itself, as rotation and onboarding with `use: true` do.
import { keyGate, type KeyOptions } from './auth/key-gate.ts'
import { Stamper } from './auth/stamper.ts'
import { accessOf, type CoreAccess } from './core-access.ts'
import { ExchangeValidationError } from './errors.ts'

export type { KeyOptions }

/**
 * Signs with the key `key` carries from now on (the old one dropped; a malformed key throws and keeps
 * it), through a gate for the core's base URL, on the core's clock and its stamp memory.
 * `guarded`: a secret as text is refused in a page unless `dangerouslyAllowBrowser`.
 */
export function installKey(access: CoreAccess, key: KeyOptions, guarded: boolean): void {
  const { transport } = access
  if (transport.signedByProxy) {
    throw new ExchangeValidationError('signedBy', 'with_key', "signedBy: 'proxy' means a backend signs this client's calls: give the key to the proxy, never to the page's client")
  }
  // The gate signs for the base URL alone, and makes its own reads (the server's clock, a confirming read) as the calls go.
  const gate = keyGate(key, transport.gate?.stamper ?? new Stamper(transport.clock), transport.reach, guarded)
  if (!gate) throw new ExchangeValidationError('apiKey', 'required', 'withKey needs apiKey with secretKey (or sign)')
  transport.gate = gate
}

/**
 * Gives `core` a key to sign with: `withKey(new ExchangeCore({ baseUrl }), { apiKey, secretKey })`,
 * or `sign` for a signer elsewhere (a backend, a KMS). Returns the core. A core signs for its own
 * base URL only; a second key is refused (build another core).
 */
export function withKey<Core extends object>(core: Core, key: KeyOptions): Core {
  const access = accessOf(core)
  if (access.transport.gate) throw new ExchangeValidationError('core', 'key', 'core: already signs with a key; build another core for another key')
  if (typeof key !== 'object' || key === null) throw new ExchangeValidationError('key', 'type', 'key: must be { apiKey, secretKey } or { apiKey, sign }')
  installKey(access, key, true)
  return core
}
