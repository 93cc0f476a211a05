// What the client believes about the server's clock, against a proxy in front of the reference
// exchange that alters answers (a compromised CDN, a stale cache): a public answer never moves the
// clock, an absurd time never does, and a write or a login message is never dated by an altered
// measurement, so no signature for one can be replayed an hour later.
import { describe, expect, it } from 'vitest'
import { ExchangeClient, OrderOutcomeUnknownError } from '../../src/index.ts'
import { generateEvmWallet } from '../../src/local-signer.ts'
import { startLocalExchange } from '../support/local-exchange.ts'
import { GATEWAY_PAGE, startProxy, type ProxyAction, type Recorded } from '../support/loopback-proxy.ts'
import { TEST_KEYS } from '../support/seed.ts'
import { countingFetch } from './support/counting-fetch.ts'

const HOUR = 3_600_000
const TICKER = '/api/v1/perp/markets/BTC-USDC/ticker'
const TIME = '/api/v1/system/time'
const withdrawal = { token: 'USDC', amount: '1', address: '0x2c7536E3605D9C16a7a3D7b1898e529396a65c23' } as const

/** The answer text with its meta.timestamp (and data.serverTime, if any) set to `time`. */
function retimed(time: number) {
  return (text: string) => {
    const envelope = JSON.parse(text) as { meta?: { timestamp?: number }; data?: { serverTime?: number } }
    if (envelope.meta) envelope.meta.timestamp = time
    if (envelope.data && typeof envelope.data === 'object' && 'serverTime' in envelope.data) envelope.data.serverTime = time
    return JSON.stringify(envelope)
  }
}

/** An exchange behind a proxy that alters the answers `alter` picks (by path and how many of that path came before). */
async function behindProxy(alter: (path: string, nth: number) => ((text: string) => string) | undefined) {
  const { url, exchange } = await startLocalExchange()
  exchange.market.setReferencePrice('perp', 'BTC-USDC', '65000')
  const seenByPath = new Map<string, number>()
  const proxy = await startProxy(url, ({ path }) => {
    const bare = path.split('?')[0]!
    const nth = seenByPath.get(bare) ?? 0
    seenByPath.set(bare, nth + 1)
    const edit = alter(bare, nth)
    return edit ? ({ kind: 'alter', alter: edit } satisfies ProxyAction) : { kind: 'pass' }
  })
  return { exchange, proxy }
}

/** Sends every write and login request the proxy saw again, directly to the exchange: the answers' statuses. */
async function replayWrites(proxy: { seen: Recorded[]; release: (request: Recorded) => Promise<Response> }) {
  const writes = proxy.seen.filter((request) => request.method !== 'GET')
  return Promise.all(writes.map(async (request) => `${request.method} ${request.path} ${(await proxy.release(request)).status}`))
}

describe('an answer altered to an hour ahead', () => {
  it('a public one (a ticker): the login message and the withdrawal are dated by the true time, and an hour later no copy of them is accepted', async () => {
    const { exchange, proxy } = await behindProxy((path, nth) => (path === TICKER && nth === 0 ? retimed(Date.now() + HOUR) : undefined))
    const client = new ExchangeClient({ baseUrl: proxy.url, ...TEST_KEYS.full, retry: false })
    await client.perp.getTicker({ market: 'BTC-USDC' })
    expect(Math.abs(client.clock.offsetMs)).toBeLessThan(1_000)

    const key = await client.onboard({ signer: generateEvmWallet().signer })
    expect(key.apiKey).toBeTruthy()
    await client.account.withdraw(withdrawal)
    const sentWrites = proxy.seen.filter((request) => request.method !== 'GET')
    expect(sentWrites.map((request) => request.path)).toEqual(['/api/v1/oauth/onboard', '/api/v1/account/withdrawals'])

    exchange.faults.clockOffsetMs = HOUR
    const replays = await replayWrites(proxy)
    expect(replays.filter((line) => / 2\d\d$/.test(line))).toEqual([])
  })

  it('the clock measurement itself: the withdrawal waits for a signed read to confirm the time, and an hour later no copy of a write is accepted', async () => {
    const { exchange, proxy } = await behindProxy((path, nth) => (path === TIME && nth === 0 ? retimed(Date.now() + HOUR) : undefined))
    const client = new ExchangeClient({ baseUrl: proxy.url, ...TEST_KEYS.full, retry: false })
    await client.syncClock()
    expect(client.clock.offsetMs).toBeGreaterThan(HOUR - 1_000) // measured, not yet confirmed

    // The confirming read is refused for its time (11004), the clock measured again (truly, within the
    // tolerance of this host's: nothing left to confirm), and only then the withdrawal signed, at the true time.
    await client.account.withdraw(withdrawal)
    expect(Math.abs(client.clock.offsetMs)).toBeLessThan(1_000)
    await client.onboard({ signer: generateEvmWallet().signer })
    expect(proxy.seen.map((request) => `${request.method} ${request.path}`)).toEqual([
      `GET ${TIME}`,
      'GET /api/v1/accounts/me/api-key/introspect',
      `GET ${TIME}`,
      'POST /api/v1/account/withdrawals',
      'POST /api/v1/oauth/onboard',
    ])

    exchange.faults.clockOffsetMs = HOUR
    expect((await replayWrites(proxy)).filter((line) => / 2\d\d$/.test(line))).toEqual([])
  })

  it('every measurement, for good: no write and no login message is signed at all, and the error says why', async () => {
    const { proxy } = await behindProxy((path) => (path === TIME ? retimed(Date.now() + HOUR) : undefined))
    const client = new ExchangeClient({ baseUrl: proxy.url, ...TEST_KEYS.full, retry: false })
    await client.syncClock()
    const withdrawn = await client.account.withdraw(withdrawal).catch((caught: unknown) => caught)
    expect(withdrawn).toMatchObject({ kind: 'clock', message: expect.stringMatching(/^The write was not signed: the measured server clock is 3600 s from this host's/) })
    let signed = 0
    const { signer } = generateEvmWallet()
    const onboarded = await client.onboard({ signer: { ...signer, signMessage: (message) => (signed++, signer.signMessage(message)) } }).catch((caught: unknown) => caught)
    expect(onboarded).toMatchObject({ kind: 'clock' })
    expect(signed).toBe(0)
    expect(proxy.seen.filter((request) => request.method !== 'GET')).toEqual([])
  })
})

describe('a cache in front of public data', () => {
  it('a stale ticker (its timestamp two minutes old) does not pull the clock back: 40 signed calls, none refused for its time', async () => {
    const stale = Date.now() - 120_000
    const { proxy } = await behindProxy((path) => (path === TICKER ? retimed(stale) : undefined))
    const wire = countingFetch()
    const client = new ExchangeClient({ baseUrl: proxy.url, ...TEST_KEYS.bob, fetch: wire.fetch, retry: false })
    for (let i = 0; i < 40; i++) {
      await client.perp.getTicker({ market: 'BTC-USDC' })
      await client.account.getOverview()
    }
    expect(wire.codes.get(11004) ?? 0).toBe(0)
    expect(wire.clockSyncs).toBe(0)
  })
})

describe('an absurd timestamp in an answer', () => {
  it.each([-1e12, 1e21])('%d, in a public answer, a signed answer and the clock measurement: ignored, and every signed call succeeds', async (absurd) => {
    const { proxy } = await behindProxy((path, nth) => (nth === 0 && [TICKER, TIME, '/api/v1/account/overview'].includes(path) ? retimed(absurd) : undefined))
    const wire = countingFetch()
    const client = new ExchangeClient({ baseUrl: proxy.url, ...TEST_KEYS.bob, fetch: wire.fetch, retry: false })
    await client.perp.getTicker({ market: 'BTC-USDC' })
    await client.syncClock()
    for (let i = 0; i < 5; i++) await client.account.getOverview()
    await client.perp.placeOrder({ market: 'BTC-USDC', side: 'buy', type: 'limit', size: '0.001', price: '60000', leverage: 5 })
    expect(Math.abs(client.clock.offsetMs)).toBeLessThan(1_000)
    expect([...wire.codes.keys()]).toEqual([])
  })
})

describe('reconcile against an altered measurement', () => {
  it('a clock pushed an hour ahead by two /system/time answers does not make a held placement "absent"', async () => {
    const { url, exchange } = await startLocalExchange()
    exchange.market.setReferencePrice('perp', 'BTC-USDC', '65000')
    let altered = 0
    let holdPlacements = true
    const proxy = await startProxy(url, ({ method, path }) => {
      if (method === 'POST' && holdPlacements) return { kind: 'fail', status: 502, ...GATEWAY_PAGE, forward: false }
      if (path === TIME && altered > 0) {
        altered--
        return { kind: 'alter', alter: retimed(Date.now() + HOUR) }
      }
      return { kind: 'pass' }
    })
    const client = new ExchangeClient({ baseUrl: proxy.url, ...TEST_KEYS.bob, retry: false })
    await client.account.getOverview()
    const error = await client.perp.placeOrder({ market: 'BTC-USDC', side: 'buy', type: 'limit', size: '0.001', price: '60000', leverage: 5, clientOrderId: 'held-by-proxy' }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(OrderOutcomeUnknownError)

    // The caller's syncClock and reconcile's fresh measurement both get an hour ahead; the look-up's
    // refusal (11004) then gets the true time measured, and the look-up finds nothing yet.
    altered = 2
    await client.syncClock()
    expect(client.clock.confirmed).toBe(false)
    expect(await client.perp.reconcile(error as OrderOutcomeUnknownError)).toMatchObject({ status: 'pending' })
    expect(client.clock.confirmed).toBe(true)

    // The held request is still within its window: it lands. "absent" would have invited a second order.
    holdPlacements = false
    expect((await proxy.release(proxy.held.at(-1)!)).status).toBe(200)
    expect(await client.perp.reconcile(error as OrderOutcomeUnknownError)).toMatchObject({ status: 'found' })
  })
})
