// The signer conformance suite: one table of hostile scenarios, run against every way the SDK signs
// (the client, signRequest with a client, signRequest with one-off credentials, signingProxy). Each
// signer talks to the reference exchange through a hostile gateway on loopback that can lie about the
// server's time, walk public answers' timestamps forward, or redirect a signed write elsewhere.
// What must hold for every signer, whatever the gateway does: no write dated more than 30 s from the
// exchange's true clock (so a held copy replayed an hour later is refused), no redirect followed, no
// signature for a foreign origin, no signature twice.
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { build } from 'esbuild'
import { EdgeRuntime } from 'edge-runtime'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { ExchangeClient, ExchangeCore, withKey } from '../../src/index.ts'
import { signRequest } from '../../src/sign-request.ts'
import { signingProxy } from '../../src/proxy.ts'
import { startLocalExchange } from '../support/local-exchange.ts'
import { startTrap } from '../support/loopback-proxy.ts'
import { TEST_KEYS } from '../support/seed.ts'

const { exchange, url: exchangeUrl } = await startLocalExchange()
const key = TEST_KEYS.trader
const trap = await startTrap()
const TOLERANCE_MS = 30_000
const HOUR = 3_600_000

/** What the gateway does to the traffic it carries; reset before each test. */
interface Hostility {
  /** Added to /system/time's serverTime (and that answer's meta.timestamp). */
  timeShiftMs: number
  /** Each unsigned answer's meta.timestamp moves this much further ahead than the last one's. */
  publicWalkMs: number
  /** The next answer to a signed read carries a meta.timestamp this far ahead (once). */
  signedAnswerShiftMs: number
  /** Signed writes are answered 307 to the trap, unforwarded. */
  redirectWrites: boolean
}
const calm = (): Hostility => ({ timeShiftMs: 0, publicWalkMs: 0, signedAnswerShiftMs: 0, redirectWrites: false })
let hostility = calm()
let walked = 0

interface SignedSeen { method: string; path: string; body: string; headers: IncomingMessage['headers']; timestamp: number; trueNow: number }
/** Every signed request the gateway received, with the exchange's true time on arrival. */
const signedSeen: SignedSeen[] = []

const shiftMeta = (text: string, shift: (envelope: any) => void) => {
  try {
    const envelope = JSON.parse(text)
    shift(envelope)
    return JSON.stringify(envelope)
  } catch {
    return text
  }
}

const gateway = createServer((request, response) => {
  const chunks: Buffer[] = []
  request.on('data', (chunk: Buffer) => chunks.push(chunk))
  request.on('end', async () => {
    const body = Buffer.concat(chunks).toString('utf8')
    const method = request.method!
    const path = request.url!
    const signed = typeof request.headers['x-signature'] === 'string'
    if (signed) signedSeen.push({ method, path, body, headers: request.headers, timestamp: Number(request.headers['x-timestamp']), trueNow: exchange.now() })
    if (signed && method !== 'GET' && hostility.redirectWrites) {
      response.writeHead(307, { location: `${trap.url}${path}`, 'content-length': 0 }).end()
      return
    }
    const headers = Object.entries(request.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name)) as [string, string][]
    const answer = await fetch(exchangeUrl + path, { method, headers, body: body === '' ? undefined : body, redirect: 'manual' })
    let text = await answer.text()
    if (path.startsWith('/api/v1/system/time') && hostility.timeShiftMs) {
      text = shiftMeta(text, (envelope) => {
        envelope.data.serverTime += hostility.timeShiftMs
        envelope.meta.timestamp += hostility.timeShiftMs
      })
    } else if (!signed && hostility.publicWalkMs) {
      walked += hostility.publicWalkMs
      text = shiftMeta(text, (envelope) => {
        envelope.meta.timestamp += walked
      })
    } else if (signed && method === 'GET' && hostility.signedAnswerShiftMs) {
      const shift = hostility.signedAnswerShiftMs
      hostility.signedAnswerShiftMs = 0
      text = shiftMeta(text, (envelope) => {
        envelope.meta.timestamp += shift
      })
    }
    response.writeHead(answer.status, { 'content-type': 'application/json' }).end(text)
  })
})
await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve))
afterAll(() => new Promise<void>((resolve) => gateway.close(() => resolve())))
const base = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`

const TICKER = '/api/v1/perp/markets/BTC-USDC/ticker'
const OVERVIEW = '/api/v1/account/overview'
const ORDERS = '/api/v1/perp/orders'
let orderNumber = 0
/** A limit buy well below the market, which the exchange accepts and leaves resting. */
const orderBody = () => JSON.stringify({ market: 'BTC-USDC', side: 'buy', type: 'limit', size: '0.001', price: '60000', clientOrderId: `conf-${Date.now()}-${orderNumber++}` })

/** One signer as a caller drives it. Each call may be refused (it throws, or answers a refusal): what it signed is what counts. */
interface Driver {
  /** Measures the server's clock, where the signer has a way to. */
  sync(): Promise<unknown>
  publicRead(): Promise<unknown>
  signedRead(): Promise<unknown>
  write(body: string): Promise<unknown>
  /** A write with no body: DELETE of one order. */
  cancel(orderId: string): Promise<unknown>
  /** Asks for a signature on a request addressed to `url` (another origin, or one with user:password). */
  signFor(url: string): Promise<unknown>
}

const fetchSigned = async (request: Promise<Request>) => (await fetch(await request)).text()
const oneOff = { apiKey: key.apiKey, secretKey: key.secretKey }

const signers: Record<string, () => Driver> = {
  client: () => {
    const client = new ExchangeClient({ baseUrl: base, apiKey: key.apiKey, secretKey: key.secretKey, retry: false })
    return {
      sync: () => client.syncClock(),
      publicRead: () => client.perp.getTicker({ market: 'BTC-USDC' }),
      signedRead: () => client.request({ method: 'GET', path: OVERVIEW }),
      write: (body) => client.request({ method: 'POST', path: ORDERS, body }),
      cancel: (orderId) => client.request({ method: 'DELETE', path: `${ORDERS}/${orderId}` }),
      // A path cannot leave the base URL's origin: each of these stays on it, or is refused.
      signFor: async (url) => {
        const { host } = new URL(url)
        for (const path of [`//${host}${ORDERS}`, `/..//${host}${ORDERS}`, `/\\\\${host}${ORDERS}`]) {
          await client.request({ method: 'POST', path, body: orderBody() }).catch(() => undefined)
        }
      },
    }
  },
  // A core given its key by withKey: the same gate as ExchangeClient's, installed the other way.
  'a core with withKey': () => {
    const core = withKey(new ExchangeCore({ baseUrl: base, retry: false }), { apiKey: key.apiKey, secretKey: key.secretKey })
    return {
      sync: () => core.syncClock(),
      publicRead: () => core.request({ method: 'GET', path: TICKER, auth: false }),
      signedRead: () => core.request({ method: 'GET', path: OVERVIEW }),
      write: (body) => core.request({ method: 'POST', path: ORDERS, body }),
      cancel: (orderId) => core.request({ method: 'DELETE', path: `${ORDERS}/${orderId}` }),
      signFor: async (url) => {
        const { host } = new URL(url)
        await core.request({ method: 'POST', path: `//${host}${ORDERS}`, body: orderBody() }).catch(() => undefined)
      },
    }
  },
  'signRequest with a client': () => {
    const client = new ExchangeClient({ baseUrl: base, apiKey: key.apiKey, secretKey: key.secretKey, retry: false })
    return {
      sync: () => client.syncClock(),
      publicRead: () => fetch(base + TICKER).then((answer) => answer.text()),
      signedRead: () => fetchSigned(signRequest(new Request(base + OVERVIEW), client)),
      write: (body) => fetchSigned(signRequest(new Request(base + ORDERS, { method: 'POST', headers: { 'content-type': 'application/json' }, body }), client)),
      cancel: (orderId) => fetchSigned(signRequest(new Request(`${base}${ORDERS}/${orderId}`, { method: 'DELETE' }), client)),
      signFor: (url) => fetchSigned(signRequest(new Request(url, { method: 'POST', body: orderBody() }), client)),
    }
  },
  'signRequest with one-off credentials': () => ({
    sync: async () => undefined,
    publicRead: () => fetch(base + TICKER).then((answer) => answer.text()),
    signedRead: () => fetchSigned(signRequest(new Request(base + OVERVIEW), oneOff)),
    write: (body) => fetchSigned(signRequest(new Request(base + ORDERS, { method: 'POST', headers: { 'content-type': 'application/json' }, body }), oneOff)),
    cancel: (orderId) => fetchSigned(signRequest(new Request(`${base}${ORDERS}/${orderId}`, { method: 'DELETE' }), oneOff)),
    // One-off credentials sign for the request's own origin, and only its /api/v1/ path (fetch itself refuses user:password).
    signFor: (url) => fetchSigned(signRequest(new Request(url.replace('/api/v1/', '/elsewhere/'), { method: 'POST', body: orderBody() }), oneOff)),
  }),
  signingProxy: () => {
    const proxy = signingProxy({ target: base, apiKey: key.apiKey, secretKey: key.secretKey, allow: ['public', 'read', 'trade'], authorize: () => true, cors: '*' })
    const page = 'http://proxy.test'
    const json = { 'content-type': 'application/json' }
    return {
      sync: async () => undefined, // it measures the clock itself, on its first signed call
      publicRead: () => proxy(new Request(page + TICKER)).then((answer) => answer.text()),
      signedRead: () => proxy(new Request(page + OVERVIEW)).then((answer) => answer.text()),
      write: (body) => proxy(new Request(page + ORDERS, { method: 'POST', headers: json, body })).then((answer) => answer.text()),
      cancel: (orderId) => proxy(new Request(`${page}${ORDERS}/${orderId}`, { method: 'DELETE' })).then((answer) => answer.text()),
      // A request that arrived addressed to another host still goes to the target alone.
      signFor: (url) => proxy(new Request(new URL(ORDERS, url), { method: 'POST', headers: json, body: orderBody() })).then((answer) => answer.text()),
    }
  },
}

/** The proxy's source bundled as an edge function (as Vercel bundles one), run in the edge-runtime VM: no `process`, no Node built-ins. */
const edgeProxyCode = (await build({
  stdin: {
    contents: `import { signingProxy } from './src/proxy.ts'
const proxy = signingProxy({ ...JSON.parse(globalThis.PROXY_CONFIG), authorize: () => true })
addEventListener('fetch', (event) => event.respondWith(proxy(event.request)))`,
    resolveDir: process.cwd(),
    loader: 'ts',
  },
  bundle: true,
  write: false,
  format: 'iife',
  platform: 'browser',
  conditions: ['edge-light', 'worker', 'browser'],
  logLevel: 'error',
})).outputFiles[0]!.text

signers['signingProxy in edge-runtime'] = () => {
  const config = { target: base, apiKey: key.apiKey, secretKey: key.secretKey, allow: ['public', 'read', 'trade'], cors: '*' }
  const runtime = new EdgeRuntime({ initialCode: `globalThis.PROXY_CONFIG = ${JSON.stringify(JSON.stringify(config))};\n${edgeProxyCode}` })
  if (runtime.evaluate<string>('typeof process') !== 'undefined') throw new Error('the edge VM exposes `process`')
  const call = async (url: string, init: RequestInit = {}) => {
    const answer = await runtime.dispatchFetch(url, init)
    await answer.waitUntil()
    return answer.text()
  }
  const page = 'http://proxy.test'
  const json = { 'content-type': 'application/json' }
  return {
    sync: async () => undefined,
    publicRead: () => call(page + TICKER),
    signedRead: () => call(page + OVERVIEW),
    write: (body) => call(page + ORDERS, { method: 'POST', headers: json, body }),
    cancel: (orderId) => call(`${page}${ORDERS}/${orderId}`, { method: 'DELETE' }),
    signFor: (url) => call(new URL(ORDERS, url).href, { method: 'POST', headers: json, body: orderBody() }),
  }
}

const settle = (work: Promise<unknown>) => work.then(() => undefined, () => undefined)

/** Every signed write the gateway saw was dated within the service's tolerance of the exchange's true clock. */
function expectNoWriteSignedForLater(): void {
  const writes = signedSeen.filter((seen) => seen.method !== 'GET')
  for (const write of writes) expect(Math.abs(write.timestamp - write.trueNow), `${write.method} ${write.path} dated ${write.timestamp - write.trueNow} ms off`).toBeLessThanOrEqual(TOLERANCE_MS)
}

/** A held copy of every signed write, replayed an hour later, is refused by the exchange. */
async function expectHeldWritesRefusedLater(): Promise<void> {
  exchange.faults.clockOffsetMs = HOUR
  try {
    for (const write of signedSeen.filter((seen) => seen.method !== 'GET')) {
      const headers = Object.entries(write.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name)) as [string, string][]
      const answer = await fetch(exchangeUrl + write.path, { method: write.method, headers, body: write.body || undefined })
      const envelope = (await answer.json()) as { success: boolean }
      expect(envelope.success, `${write.method} ${write.path} replayed an hour later`).toBe(false)
    }
  } finally {
    exchange.faults.clockOffsetMs = 0
  }
}

beforeEach(() => {
  hostility = calm()
  walked = 0
  signedSeen.length = 0
  trap.recorded.length = 0
})

describe.each(Object.keys(signers))('signer conformance: %s', (name) => {
  const make = signers[name]!

  it('/system/time answered an hour ahead: no write is signed for later', async () => {
    const driver = make()
    hostility.timeShiftMs = HOUR
    await settle(driver.sync())
    const first = await driver.write(orderBody()).catch((error: unknown) => error)
    // How each signer says it did not sign: the clock it measured could not be confirmed by a signed read.
    if (name === 'signRequest with one-off credentials') expect(String(first)).toContain('"success":true') // it measured nothing: the local clock
    else if (name.startsWith('signingProxy')) expect(String(first)).toContain('PROXY_CLOCK_UNCONFIRMED')
    else expect(first).toMatchObject({ kind: 'clock', message: expect.stringContaining('The write was not signed') })
    await settle(driver.signedRead())
    await settle(driver.write(orderBody()))
    expectNoWriteSignedForLater()
    await expectHeldWritesRefusedLater()
  })

  it("public answers whose meta.timestamp walks 29 s ahead a step, 150 steps: the signer's clock does not follow", async () => {
    const driver = make()
    await settle(driver.signedRead()) // a signer that measures on its first signed call does so now, while all is well
    hostility.publicWalkMs = 29_000
    for (let step = 0; step < 150; step++) await settle(driver.publicRead())
    await settle(driver.write(orderBody()))
    expectNoWriteSignedForLater()
    await expectHeldWritesRefusedLater()
  })

  it('a single far-future sample in a signed answer: no write is signed for later', async () => {
    const driver = make()
    await settle(driver.signedRead())
    hostility.signedAnswerShiftMs = HOUR
    await settle(driver.signedRead())
    await settle(driver.write(orderBody()))
    await settle(driver.write(orderBody()))
    expectNoWriteSignedForLater()
    await expectHeldWritesRefusedLater()
  })

  it('a 307 answered to a signed write: not followed, nothing reaches where it points', async () => {
    const driver = make()
    hostility.redirectWrites = true
    await settle(driver.write(orderBody()))
    await settle(driver.cancel('1'))
    expect(signedSeen.filter((seen) => seen.method !== 'GET')).toHaveLength(2)
    expect(trap.recorded).toEqual([])
  })

  it('a request for another origin (one-off: outside /api/v1/): never signed', async () => {
    const driver = make()
    await settle(driver.signFor(`${trap.url}${ORDERS}`))
    expect(trap.recorded.filter((seen) => seen.headers['x-signature'] !== undefined)).toEqual([])
  })

  it('identical requests in the same millisecond: no signature twice', async () => {
    const driver = make()
    await settle(driver.signedRead())
    const body = orderBody()
    await Promise.all([settle(driver.write(body)), settle(driver.write(body)), settle(driver.signedRead()), settle(driver.signedRead())])
    const signatures = signedSeen.map((seen) => seen.headers['x-signature'])
    expect(signatures.length).toBeGreaterThanOrEqual(5)
    expect(new Set(signatures).size).toBe(signatures.length)
  })
})
