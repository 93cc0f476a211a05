// Behind trusted proxies, the caller is the X-Forwarded-For entry the outermost trusted proxy
// added (counted from the right); what the client wrote further left never reaches the allowlist.
import { describe, expect, it } from 'vitest'
import { createReferenceExchange } from '../../src/testing/index.ts'
import { authHeaders } from '../support/raw-request.ts'
import { ELSEWHERE, TEST_KEYS, TEST_SEED } from '../support/seed.ts'

const PROXY = '127.0.0.1'
const REAL_CLIENT = '198.51.100.9'
const OVERVIEW = '/api/v1/account/overview'

/** A signed read by a key whose allowlist is ELSEWHERE and 10.0.0.0/8, arriving from the proxy's socket. */
async function statusThrough(trustProxy: boolean | number | undefined, forwardedFor: string | undefined): Promise<number> {
  const exchange = createReferenceExchange({ seed: TEST_SEED, trustProxy })
  const headers = { ...authHeaders({ path: OVERVIEW, key: TEST_KEYS.elsewhereOnly }), ...(forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor }) }
  const response = await exchange.fetch(`http://exchange.test${OVERVIEW}`, { headers, clientAddress: PROXY })
  return response.status
}

describe('--trust-proxy and the IP allowlist', () => {
  it('one trusted proxy: a spoofed allowed entry before the real address does not pass', async () => {
    expect(await statusThrough(true, `${ELSEWHERE}, ${REAL_CLIENT}`)).toBe(403)
    expect(await statusThrough(1, `${ELSEWHERE}, ${REAL_CLIENT}`)).toBe(403)
    expect(await statusThrough(true, `${REAL_CLIENT}, ${ELSEWHERE}`)).toBe(200)
    expect(await statusThrough(true, ELSEWHERE)).toBe(200)
  })

  it('N trusted proxies: the Nth entry from the right is the caller', async () => {
    expect(await statusThrough(2, `${ELSEWHERE}, ${REAL_CLIENT}, 10.0.0.5`)).toBe(403)
    expect(await statusThrough(2, `${REAL_CLIENT}, ${ELSEWHERE}, 10.0.0.5`)).toBe(200)
    // Fewer entries than proxies: the request skipped a proxy; the socket's address is used.
    expect(await statusThrough(2, ELSEWHERE)).toBe(403)
  })

  it('untrusted: X-Forwarded-For is ignored, the socket address is the caller', async () => {
    expect(await statusThrough(undefined, ELSEWHERE)).toBe(403)
    expect(await statusThrough(false, ELSEWHERE)).toBe(403)
    expect(await statusThrough(0, ELSEWHERE)).toBe(403)
    expect(await statusThrough(true, undefined)).toBe(403)
  })

  it('refuses a malformed trustProxy', () => {
    expect(() => createReferenceExchange({ trustProxy: -1 })).toThrow(/trustProxy/)
    expect(() => createReferenceExchange({ trustProxy: 1.5 })).toThrow(/trustProxy/)
  })
})
