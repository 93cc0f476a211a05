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

