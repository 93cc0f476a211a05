// The floors the request cases are judged against: hand-written clients of a few lines built from the
// parts the SDK is built on (WebCrypto with a cached key; fetch, or ONE ky instance), signing each call
// afresh over exactly the bytes sent. What the SDK costs on top of the ky floor is the SDK's own.
import ky from 'ky'
import { importSecretKey } from '../../src/auth/signer.ts'
import { BENCH_KEY } from '../fixtures/keys.ts'
import { bodyOf, distinct, floorHeaders, queryOf, type Call } from './http.ts'

type Send = (href: string, method: string, headers: Record<string, string>, body: string | undefined) => Promise<unknown>

/** Signs with the cached key (when `signed`) and hands the call to `send`; each signed call gets its own path, as the SDK's do. */
async function floor(baseUrl: string, given: Call, signed: boolean, send: Send): Promise<() => Promise<unknown>> {
  const key = await importSecretKey(BENCH_KEY.secretKey)
  let n = 0
  return async () => {
    const call = signed ? distinct(given, n++) : given
    const body = bodyOf(call)
    const headers = await floorHeaders(key, call, body, signed)
    return send(baseUrl + call.path + queryOf(call), call.method, headers, body)
  }
}

/** fetch + WebCrypto: sign, fetch, parse. */
export function viaFetchFloor(baseUrl: string, call: Call, signed = true) {
  return floor(baseUrl, call, signed, async (href, method, headers, body) => {
    const response = await fetch(href, { method, headers, body })
    if (!response.ok) throw new Error(`fetch floor: HTTP ${response.status}`)
    return response.json()
  })
}

/** ky + WebCrypto: sign, then one ky instance (created once, its defaults fixed) sends and parses. */
export function viaKyFloor(baseUrl: string, call: Call, signed = true) {
  const api = ky.create({ redirect: 'manual', timeout: 10_000 })
  return floor(baseUrl, call, signed, (href, method, headers, body) => api(href, { method, headers, body }).json())
}
