/**
 * Which browser origins may read the exchange's answers. By default only pages served from this
 * machine (localhost, 127.0.0.1, [::1], any port, http or https), which covers the demo and browser
 * tests; a list names others; `'*'` allows any origin and is never the default, since the exchange
 * holds accounts a page on another site should not drive through a visitor's browser.
 */
import { ReferenceExchangeError } from '../setup-error.ts'

export type CorsOrigins = readonly string[] | '*'

const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]']

function isLocalOrigin(origin: string): boolean {
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return false
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && LOCAL_HOSTS.includes(url.hostname) && url.origin === origin
}

/** A bad `corsOrigins` option throws naming it: each entry must be an origin such as `https://app.example`. */
export function checkCorsOrigins(origins: CorsOrigins | undefined): void {
  if (origins === undefined || origins === '*') return
  if (!Array.isArray(origins)) throw new ReferenceExchangeError('corsOrigins', 'list', 'corsOrigins must be a list of origins or "*"')
  origins.forEach((origin, index) => {
    let canonical: string | undefined
    try {
      canonical = new URL(origin).origin
    } catch {
      canonical = undefined
    }
    if (canonical !== origin) throw new ReferenceExchangeError(`corsOrigins.${index}`, 'origin', `corsOrigins.${index} must be an origin like https://app.example (scheme, host, optional port; no path)`)
  })
}

/** The `Access-Control-Allow-Origin` (and `Vary`) headers for a request from `origin`. */
export function allowOriginHeaders(allowed: CorsOrigins | undefined, origin: string | null): Record<string, string> {
  if (allowed === '*') return { 'access-control-allow-origin': '*' }
  const permitted = origin !== null && (allowed === undefined ? isLocalOrigin(origin) : allowed.includes(origin))
  return permitted ? { 'access-control-allow-origin': origin, vary: 'Origin' } : { vary: 'Origin' }
}
