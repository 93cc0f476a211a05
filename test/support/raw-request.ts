// Hand-built requests, signed with node:crypto (independently of the SDK's signer), so a test can
// break exactly one part: a header, the signed method, path or body, the timestamp.
import { createHmac } from 'node:crypto'
import type { TestKey } from './seed.ts'

export interface RawRequest {
  method?: string
  path: string
  /** Sent after the path, e.g. `market=BTC-USDC`. */
  query?: string
  body?: string
  /** Signs with this key; without it the request carries no auth headers. */
  key?: Pick<TestKey, 'apiKey' | 'secretKey'>
  timestamp?: string
  /** What goes into the payload, when it should differ from what is sent. */
  signed?: { method?: string; path?: string; body?: string; secretKey?: string }
  /** Replaces the signature header's value. */
  signature?: string
  /** Which header carries the key. Default X-API-KEY. */
  keyHeader?: 'X-API-KEY' | 'X-TRADING-API-KEY'
  omit?: ('X-API-KEY' | 'X-TIMESTAMP' | 'X-SIGNATURE')[]
  headers?: Record<string, string>
}

export interface RawAnswer {
  status: number
  headers: Headers
  text: string
  /** The parsed envelope. */
  json: {
    success: boolean
    data: any
    error: { code: string; codeNum: number; message: string; details?: Record<string, unknown> } | null
    meta: { requestId: string; timestamp: number }
  }
}

let lastStamp = 0
/** Now, but never the same value twice: two identical requests in one millisecond would be replays. */
function freshTimestamp(): string {
  lastStamp = Math.max(Date.now(), lastStamp + 1)
  return String(lastStamp)
}

export function hmac(secretKey: string, payload: string): string {
  return createHmac('sha256', secretKey).update(payload).digest('hex')
}

/** The headers of a signed request (or none without a key). */
export function authHeaders(request: RawRequest): Record<string, string> {
  const { key } = request
  if (!key) return {}
  const method = request.method ?? 'GET'
  const timestamp = request.timestamp ?? freshTimestamp()
  const signed = request.signed ?? {}
  const payload = timestamp + (signed.method ?? method) + (signed.path ?? request.path) + (signed.body ?? request.body ?? '')
  const headers: Record<string, string> = {
    [request.keyHeader ?? 'X-API-KEY']: key.apiKey,
    'X-TIMESTAMP': timestamp,
    'X-SIGNATURE': request.signature ?? hmac(signed.secretKey ?? key.secretKey, payload),
  }
  for (const name of request.omit ?? []) delete headers[name]
  return headers
}

export async function rawRequest(baseUrl: string, request: RawRequest, fetcher: typeof fetch = fetch): Promise<RawAnswer> {
  const url = baseUrl + request.path + (request.query ? `?${request.query}` : '')
  const headers = { ...authHeaders(request), ...(request.body === undefined ? {} : { 'content-type': 'application/json' }), ...request.headers }
  const response = await fetcher(url, { method: request.method ?? 'GET', headers, body: request.body })
  const text = await response.text()
  return { status: response.status, headers: response.headers, text, json: JSON.parse(text) }
}
