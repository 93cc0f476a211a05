// The two ways the request cases reach the loopback server: the SDK, and a bare fetch of a request
// signed ahead of time (the floor: no URL building, no clock, no signing, no hooks).
import { ExchangeClient } from '../../src/client.ts'
import { hmacHex, importSecretKey, signingPayload } from '../../src/auth/signer.ts'
import { BENCH_KEY } from '../fixtures/keys.ts'

export interface Call {
  method: 'GET' | 'POST'
  path: string
  query?: Record<string, string | number>
  /** A string is sent verbatim; an object is serialized (by the SDK per call, by the baseline once). */
  body?: unknown
}

export const sdkClient = (baseUrl: string) => new ExchangeClient({ baseUrl, ...BENCH_KEY })

/**
 * Real traffic rarely repeats one signed request many times a millisecond, and the service's rules
 * (millisecond timestamps, single-use signatures) cap any one request at 1,000 a second, which the
 * client enforces by pacing. So each call gets its own path (a trailing id), as orders have their ids.
 */
export const distinct = (call: Call, n: number): Call => ({ ...call, path: `${call.path}/${n}` })

export function viaSdk(client: ExchangeClient, call: Call, signed = true): () => Promise<unknown> {
  let n = 0
  if (!signed) return () => client.request({ ...call, auth: false })
  return () => client.request(distinct(call, n++))
}

export const queryOf = (call: Call) => (call.query ? `?${new URLSearchParams(Object.entries(call.query).map(([k, v]) => [k, String(v)]))}` : '')
export const bodyOf = (call: Call) => (call.body === undefined ? undefined : typeof call.body === 'string' ? call.body : JSON.stringify(call.body))

/** The headers a hand-written client sends: signed now with the cached `key` when `signed`, content-type with a body. */
export async function floorHeaders(key: CryptoKey, call: Call, body: string | undefined, signed: boolean): Promise<Record<string, string>> {
  const timestamp = String(Date.now())
  const headers: Record<string, string> = signed
    ? {
      'X-API-KEY': BENCH_KEY.apiKey,
      'X-TIMESTAMP': timestamp,
      'X-SIGNATURE': await hmacHex(key, signingPayload(timestamp, call.method, call.path, body ?? '')),
    }
    : {}
  if (body !== undefined) headers['content-type'] = 'application/json'
  return headers
}

/** The same request as `viaSdk`'s first, signed once ahead of time: the floor. */
export async function viaPresignedFetch(baseUrl: string, given: Call, signed = true): Promise<() => Promise<unknown>> {
  const call = signed ? distinct(given, 0) : given
  const body = bodyOf(call)
  const headers = await floorHeaders(await importSecretKey(BENCH_KEY.secretKey), call, body, signed)
  const href = baseUrl + call.path + queryOf(call)
  return async () => {
    const response = await fetch(href, { method: call.method, headers, body })
    if (!response.ok) throw new Error(`bare fetch: HTTP ${response.status}`)
    return response.json()
  }
}
