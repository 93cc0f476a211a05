import { ExchangeValidationError } from '../errors.ts'

/**
 * A page (a `document` exists), where any script that runs can read what the page holds. Node,
 * Deno (2 has no `window`; 1 had one, never a `document`), Bun, workers and edge runtimes are not.
 */
export function inBrowser(): boolean {
  return typeof (globalThis as { document?: unknown }).document !== 'undefined'
}

/**
 * In a page, refuses to hold a secret as text (given to a client, or arriving from onboarding or
 * rotation) unless the integrator opted in, as the OpenAI and Anthropic SDKs do: any script in the
 * page (an extension, a compromised dependency, an XSS) could read it and use it from anywhere.
 * A non-extractable `CryptoKey` (the credential store's) or a `sign` function needs no opt-in.
 */
export function refuseSecretTextInBrowser(dangerouslyAllowBrowser: boolean | undefined, what: string): void {
  if (dangerouslyAllowBrowser === true || !inBrowser()) return
  throw new ExchangeValidationError(
    'dangerouslyAllowBrowser',
    'browser-secret-text',
    `Refused to ${what} in a browser page, where any script could read the secret: `
      + 'let a backend sign (`sign`), use the CryptoKey credentialStore() keeps, or opt in with dangerouslyAllowBrowser: true',
  )
}
