import { ExchangeRedirectError } from '../errors.ts'

/**
 * The redirect an answer stands for, if it is one: a 3xx (Node, Deno, Bun and edge runtimes give it
 * with its Location), an opaque redirect (browsers, status 0), or a response a caller-plugged fetch
 * reached by following one anyway. 304 is not a redirect.
 */
export function redirectOf(response: Response): ExchangeRedirectError | undefined {
  const isRedirect = response.type === 'opaqueredirect'
    || (response.status >= 300 && response.status < 400 && response.status !== 304)
    || response.redirected
  if (!isRedirect) return undefined
  void response.body?.cancel().catch(() => undefined)
  const location = response.headers.get('location') ?? (response.redirected && response.url ? response.url : undefined)
  return new ExchangeRedirectError(response.status, location ?? undefined)
}
