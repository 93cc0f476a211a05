// The signing check the fetch-double tests share: computed with node:crypto, independently of the
// SDK's signer, over exactly the bytes that went on the wire (never the query).
import { expect } from 'vitest'
import type { Sent } from './fetch-double.ts'
import { hmac } from './raw-request.ts'

/** `signedPath`: the PATH part the spec asks for, when it is not the wire path (a base URL with a path, a route). */
export function expectSignedAsSent(sent: Sent, credentials: { apiKey: string; secretKey: string }, signedPath = sent.url.pathname): void {
  const timestamp = sent.headers.get('x-timestamp')!
  expect(timestamp).toMatch(/^\d{13}$/)
  expect(sent.headers.get('x-api-key')).toBe(credentials.apiKey)
  expect(sent.headers.get('x-signature')).toBe(hmac(credentials.secretKey, timestamp + sent.method + signedPath + sent.body))
}
