// Signs a fetch `Request` built by any HTTP client, with the same payload rule, clock and stamp memory
// as the client's own calls. A separate entry (exchange-client/sign-request): the core's bundle does
// not carry it.
import { ServerClock } from '../auth/clock.ts'
import { signingPayload } from '../auth/signer.ts'
import { credentialsFrom, ExchangeCore, type ExchangeClientOptions } from '../client.ts'
import { accessOf } from '../core-access.ts'
import { ExchangeValidationError } from '../errors.ts'
import type { Credentials } from '../transport/http.ts'

/** Credentials for a one-off signature: `apiKey` with `secretKey` (or `sign`), as a client takes them. */
export type SignRequestOptions = Pick<ExchangeClientOptions, 'apiKey' | 'secretKey' | 'sign' | 'dangerouslyAllowBrowser'>

/** What a signature needs: the key, its signer, and the clock whose stamp memory keeps timestamps single-use. */
export interface RequestSigner {
  credentials: Credentials
  clock: ServerClock
}

const METHODS = ['GET', 'POST', 'PUT', 'DELETE']
const API_ROOT = '/api/v1/'
/** Strict UTF-8 that keeps a byte-order mark: the text signed re-encodes to exactly the bytes sent. */
const utf8 = /* @__PURE__ */ new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

/** Standalone calls share one clock, so two identical one-off requests never get the same timestamp. */
let sharedClock: ServerClock | undefined

function refuse(field: string, rule: string, message: string): never {
  throw new ExchangeValidationError(field, rule, message)
}

/** The path signed: from `/api/v1/` on (a base URL's own prefix is not signed), never the query. */
export function signedPathOf(url: URL): string {
  const at = url.pathname.indexOf(API_ROOT)
  if (at === -1) refuse('url', 'api_path', `url: ${url.origin}${url.pathname} is not under ${API_ROOT} (only API calls are signed)`)
  return url.pathname.slice(at)
}

/**
 * A copy of `request` with X-API-KEY, X-TIMESTAMP and X-SIGNATURE set, its body read once, signed
 * byte for byte, and sent as it is. Refuses (ExchangeValidationError) a method other than GET, POST,
 * PUT and DELETE, a URL outside /api/v1/, a body already read, and a body that is not UTF-8.
 */
export async function signRequestWith(request: Request, { credentials, clock }: RequestSigner): Promise<Request> {
  const { method } = request
  if (!METHODS.includes(method)) refuse('method', 'method', `method: ${method} is not signed; use GET, POST, PUT or DELETE`)
  const path = signedPathOf(new URL(request.url))
  if (request.bodyUsed) refuse('body', 'used', 'body: already read; sign the request before anything reads its body')
  const bytes = request.body === null ? undefined : new Uint8Array(await request.arrayBuffer())
  let body = ''
  try {
    body = bytes === undefined ? '' : utf8.decode(bytes)
  } catch {
    refuse('body', 'utf8', 'body: not UTF-8 text; the signature covers the body as text')
  }
  const head = signingPayload('', method, path, '')
  const stamp = clock.stamp(head, body)
  // Identical requests faster than one a millisecond: paced, as the client paces its own.
  const lead = clock.lead(stamp)
  if (lead > 0) await new Promise((resolve) => setTimeout(resolve, lead))
  const timestamp = String(stamp)
  const signature = await credentials.sign(timestamp + head + body)
  const headers = new Headers(request.headers)
  headers.set('X-API-KEY', credentials.apiKey)
  headers.set('X-TIMESTAMP', timestamp)
  headers.set('X-SIGNATURE', signature)
  // A body read here must be given again (even empty): the original's is used up.
  return new Request(request, bytes === undefined ? { headers } : { headers, body: bytes })
}

/**
 * Signs `request` for the exchange. With a client (`ExchangeCore` or `ExchangeClient`) as `signer`,
 * with its key, its estimate of the server's clock and its memory of timestamps handed out, so a
 * signature never repeats one of its calls'. With credentials, for one-off use (the machine's clock,
 * a memory shared by such calls).
 */
export function signRequest(request: Request, signer: object | SignRequestOptions): Promise<Request> {
  let resolved: RequestSigner
  try {
    resolved = signerOf(signer)
  } catch (error) {
    return Promise.reject(error)
  }
  return signRequestWith(request, resolved)
}

function signerOf(signer: object | SignRequestOptions): RequestSigner {
  if (typeof signer !== 'object' || signer === null) refuse('signer', 'type', 'signer: must be an ExchangeCore or { apiKey, secretKey }')
  if (signer instanceof ExchangeCore) {
    const { transport } = accessOf(signer)
    if (!transport.credentials) refuse('apiKey', 'required', 'signRequest needs a client with credentials (apiKey and secretKey, or sign)')
    return { credentials: transport.credentials, clock: transport.clock }
  }
  const credentials = credentialsFrom({ baseUrl: 'https://unused.invalid', ...(signer as SignRequestOptions) })
  if (!credentials) refuse('apiKey', 'required', 'signRequest needs apiKey and secretKey (or sign), or a client that has them')
  return { credentials, clock: (sharedClock ??= new ServerClock()) }
}
