import { ExchangeError } from '../errors.ts'

/** WebCrypto, or a typed error that says why it is missing. */
export function requireSubtle(): SubtleCrypto {
  const subtle = globalThis.crypto?.subtle
  if (subtle) return subtle
  const insecurePage = (globalThis as { isSecureContext?: boolean }).isSecureContext === false
  throw new ExchangeError(
    'crypto-unavailable',
    insecurePage
      ? 'globalThis.crypto.subtle is missing because this page is not a secure context: browsers expose WebCrypto only over HTTPS or on http://localhost. Serve the page over HTTPS (or localhost), or sign on a backend.'
      : 'globalThis.crypto.subtle is missing: this runtime has no WebCrypto (Node >= 20, Deno, Bun, browsers in secure contexts and edge runtimes have it).',
  )
}

/**
 * At construction, whether WebCrypto is missing, where that is cheap to know: no `crypto`, a `crypto` value
 * without `subtle`, or a page that is not a secure context. An accessor is not read (Node's makes Node load its
 * WebCrypto, about 2.5 ms of CPU): the first signature finds out, and throws the same error.
 */
export function refuseMissingSubtle(): void {
  if ((globalThis as { isSecureContext?: boolean }).isSecureContext === false || !Object.getOwnPropertyDescriptor(globalThis, 'crypto')?.get) requireSubtle()
}
