// A fetch `Request` signed through a gate (signRequest's way): the Request's body read once and signed
// byte for byte, and the copy returned never follows a redirect. The signature itself is the gate's.
import { refuse, type SigningGate } from './gate.ts'

/** Strict UTF-8 that keeps a byte-order mark: the text signed re-encodes to exactly the bytes sent. */
const utf8 = /* @__PURE__ */ new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

/**
 * A copy of `request` with X-API-KEY, X-TIMESTAMP and X-SIGNATURE set by `gate`, and `redirect:
 * 'manual'` (a redirect would carry the key, the signature and the body to wherever it points). Refuses,
 * before reading the body, a URL the gate does not sign for and a body already read; then a body that
 * is not UTF-8; the gate refuses a method other than GET, POST, PUT and DELETE.
 */
export async function signedRequest(gate: SigningGate, request: Request): Promise<Request> {
  const url = new URL(request.url)
  gate.signedPath(url)
  if (request.bodyUsed) refuse('body', 'used', 'body: already read; sign the request before anything reads its body')
  const bytes = request.body === null ? undefined : new Uint8Array(await request.arrayBuffer())
  let body = ''
  try {
    body = bytes === undefined ? '' : utf8.decode(bytes)
  } catch {
    refuse('body', 'utf8', 'body: not UTF-8 text; the signature covers the body as text')
  }
  const { apiKey, timestamp, signature } = await gate.sign(request.method, url, body)
  const headers = new Headers(request.headers)
  headers.set('X-API-KEY', apiKey)
  headers.set('X-TIMESTAMP', timestamp)
  headers.set('X-SIGNATURE', signature)
  // A body read here must be given again (even empty): the original's is used up.
  return new Request(request, bytes === undefined ? { headers, redirect: 'manual' } : { headers, body: bytes, redirect: 'manual' })
}
