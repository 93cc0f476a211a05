// A flood of identical signed requests runs ahead of the clock by at most MAX_LEAD_MS: each needs its
// own millisecond, and the one that would go further ahead is held until it no longer would, while a
// different request goes at once. Frozen clocks, and a server whose clock stands still too.
import { describe, expect, it } from 'vitest'
import { ExchangeClient } from '../../src/index.ts'
import { envelopeResponse, fetchDouble } from '../support/fetch-double.ts'

const T = Date.UTC(2027, 0, 1)
const MAX_LEAD_MS = 5000

describe('identical signed requests at one instant', () => {
  it(`the first ${MAX_LEAD_MS + 1} go at once on as many milliseconds; the next is held, and a different request overtakes it`, async () => {
    const { fetch, sent } = fetchDouble(envelopeResponse({ ok: true }, { serverTime: T }))
    const client = new ExchangeClient({ baseUrl: 'https://api.example.test', apiKey: `1024_${'a1'.repeat(32)}`, secretKey: 'b2'.repeat(32), fetch, now: () => T, monotonicNow: () => 0 })
    const poll = () => client.request({ method: 'GET', path: '/api/v1/account/overview' })
    for (let i = 0; i <= MAX_LEAD_MS; i++) await poll()
    expect(sent.map((request) => Number(request.headers.get('x-timestamp')))).toEqual(Array.from({ length: MAX_LEAD_MS + 1 }, (_, i) => T + i))

    // Started first, but held a millisecond: the other request reaches the wire before it.
    await Promise.all([poll(), client.request({ method: 'GET', path: '/api/v1/account/balances' })])
    expect(sent.slice(-2).map((request) => [request.url.pathname, request.headers.get('x-timestamp')])).toEqual([
      ['/api/v1/account/balances', String(T)],
      ['/api/v1/account/overview', String(T + MAX_LEAD_MS + 1)],
    ])
  })
})
