/** Library errors in plain words, with the code a developer can look up. */

export interface ErrorView {
  /** What happened, for anyone. */
  summary: string
  /** The service's code (`TRADE_INSUFFICIENT_BALANCE 13001`) or the SDK's error kind. */
  code: string
  /** The technical message. */
  detail: string
}

interface ErrorLike {
  kind?: string
  code?: string
  codeNum?: number
  field?: string
  message?: string
}

const BY_CODE: Record<string, string> = {
  AUTH_INVALID_KEY: 'The exchange does not know this API key any more (revoked, or from another exchange).',
  AUTH_INVALID_SIGNATURE: 'The exchange did not accept the request signature: the secret may have been rotated elsewhere.',
  AUTH_TIMESTAMP_EXPIRED: 'Your computer\'s clock is too far from the exchange\'s.',
  AUTH_KEY_EXPIRED: 'This API key has expired. Create a new one.',
  AUTH_REPLAY_DETECTED: 'The same signed request arrived twice, so the exchange refused the copy.',
  PERM_NO_TRADING: 'This key is read-only: it cannot place or cancel orders.',
  PERM_NO_READ: 'This key may not read account data.',
  TRADE_INSUFFICIENT_BALANCE: 'Not enough balance for this.',
  TRADE_PRICE_DEVIATION: 'That price is too far from the market.',
  ORDER_NOT_FOUND: 'That order does not exist.',
  ORDER_NOT_OPEN: 'That order is no longer open (already filled or cancelled).',
  REQ_INVALID_PARAMS: 'The exchange refused one of the values.',
  REQ_INVALID_PRICE: 'That price is not valid for this market.',
  RATE_LIMITED: 'Too many requests: wait a moment and try again.',
  ONBOARD_BAD_SIGNATURE: 'The exchange could not verify the wallet signature.',
  ONBOARD_STALE_TIMESTAMP: 'The signed login message is too old. Sign a new one.',
  ONBOARD_BAD_MESSAGE: 'The wallet signed a message for another service.',
  NOT_FOUND: 'The exchange does not have that.',
}

const BY_KIND: Record<string, string> = {
  'signing-cancelled': 'You declined the request in your wallet. Nothing was sent.',
  'signing-failed': 'The wallet could not sign.',
  timeout: 'No answer came in time. Try again.',
  network: 'Cannot reach the exchange.',
  aborted: 'The request was cancelled.',
  'outcome-unknown': 'The request left but no answer came back: check your open orders before trying again.',
  'crypto-unavailable': 'This browser cannot sign here (WebCrypto is missing: use HTTPS or localhost).',
  storage: 'The browser could not store the key.',
  'rate-limit': 'Too many requests: wait a moment and try again.',
  auth: 'The exchange did not accept this API key.',
  permission: 'This key is not allowed to do that.',
  response: 'The exchange answered with something unexpected.',
}

export function describeError(error: unknown): ErrorView {
  const e = (error ?? {}) as ErrorLike
  const detail = typeof e.message === 'string' && e.message !== '' ? e.message : String(error)
  if (typeof e.code === 'string') {
    const code = !e.codeNum ? e.code : `${e.code} ${e.codeNum}`
    return { summary: BY_CODE[e.code] ?? BY_KIND[e.kind ?? ''] ?? 'The exchange refused the request.', code, detail }
  }
  if (e.kind === 'validation') {
    return { summary: e.field ? `Please check “${e.field}”.` : 'Please check the form.', code: 'validation', detail }
  }
  if (typeof e.kind === 'string') return { summary: BY_KIND[e.kind] ?? 'Something went wrong.', code: e.kind, detail }
  return { summary: 'Something went wrong.', code: 'unexpected', detail }
}
