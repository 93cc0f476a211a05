// The conformance suite: one list of cases that every runtime runs, against the sources, the ESM
// build or the script-tag global alike. A case gets the SDK as a module namespace and never imports
// it, so no runtime ever loads a second copy; it talks to a live server over loopback HTTP.
import type * as Sdk from '../../src/index.ts'
import { equal, excludes, includes, matches, ok, rejects, throws } from './assert.ts'
import { SPEC_AUTH_CODES } from '../spec/spec-facts.ts'
import { ORDER_BODY, SIGNING_VECTORS, VECTOR_KEY, type SigningVector } from './vectors.ts'

export type SdkModule = typeof Sdk

export interface Credential {
  apiKey: string
  secretKey: string
}

/** Where the cases run: the SDK under test, the server, and a key with read and trade permission. */
export interface ConformanceContext {
  sdk: SdkModule
  baseUrl: string
  keys: { trader: Credential }
  /** A server that answers every request with a redirect to `trapUrl`, which counts what reaches it (GET /recorded). */
  redirect: { url: string; trapUrl: string }
}

export interface ConformanceCase {
  name: string
  run(context: ConformanceContext): Promise<void>
}

const INTROSPECT = '/api/v1/accounts/me/api-key/introspect'
const ORDERS = '/api/v1/perp/orders'
const MARKET = 'BTC-USDC'

/** What went on the wire, one entry per HTTP exchange (retries and clock syncs included). */
interface Sent {
  method: string
  url: URL
  headers: Headers
  body: string
  status: number
}

/** A fetch that passes everything through to the runtime's own fetch and records it. */
function recordingFetch(): { fetch: typeof globalThis.fetch; sent: Sent[] } {
  const sent: Sent[] = []
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init)
    const body = await request.clone().text()
    const response = await globalThis.fetch(request)
    sent.push({ method: request.method, url: new URL(request.url), headers: request.headers, body, status: response.status })
    return response
  }
  return { fetch, sent }
}

/** The attempt the server accepted: the last one (earlier ones may be clock re-syncs). */
function accepted(sent: Sent[]): Sent {
  const last = sent[sent.length - 1]
  ok(last, 'a request went on the wire')
  equal(last.status, 200, `HTTP status of ${last.method} ${last.url.pathname}`)
  return last
}

function assertSignedHeaders(request: Sent, apiKey: string): void {
  equal(request.headers.get('x-api-key'), apiKey, 'X-API-KEY')
  matches(request.headers.get('x-timestamp'), /^\d{13}$/, 'X-TIMESTAMP')
  matches(request.headers.get('x-signature'), /^[0-9a-f]{64}$/, 'X-SIGNATURE')
}

/** A signed call that carried `body` as JSON, byte for byte. */
function assertSignedJsonBody(request: Sent, apiKey: string, body: string): void {
  assertSignedHeaders(request, apiKey)
  equal(request.body, body, `the ${request.method} body on the wire`)
  equal(request.headers.get('content-type'), 'application/json', 'Content-Type')
}

/** 1 to 64 characters of [A-Za-z0-9_-], unique per call. */
function uniqueId(label: string): string {
  const random = Array.from(globalThis.crypto.getRandomValues(new Uint8Array(8)), (byte) => byte.toString(16).padStart(2, '0')).join('')
  return `conf-${label}-${random}`
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null

/** The cases run in pages too (script tag, Chromium), where a secret as text needs the opt-in. */
const SECRET_AS_TEXT = { dangerouslyAllowBrowser: true } as const

function traderClient(context: ConformanceContext, options: Partial<Sdk.ExchangeClientOptions> = {}) {
  return new context.sdk.ExchangeClient({ baseUrl: context.baseUrl, ...context.keys.trader, ...SECRET_AS_TEXT, ...options })
}

/** A trader's client whose every HTTP exchange is recorded. */
function recordedTrader(context: ConformanceContext) {
  const wire = recordingFetch()
  return { wire, client: traderClient(context, { fetch: wire.fetch }) }
}

/**
 * A limit price that rests on the book instead of filling: the deepest bid the market shows (so it
 * is on the tick grid and inside any price band).
 */
async function restingBuyPrice(client: Sdk.ExchangeClient): Promise<string> {
  const book = await client.request<{ bids: [price: string, size: string][] }>({ method: 'GET', path: `/api/v1/perp/markets/${MARKET}/orderbook`, auth: false })
  const deepest = book.bids[book.bids.length - 1]
  ok(deepest, `the ${MARKET} order book shows bids`)
  return deepest[0]
}

async function placeRestingOrder(client: Sdk.ExchangeClient, clientOrderId: string) {
  const order = { market: MARKET, side: 'buy', type: 'limit', size: '0.001', price: await restingBuyPrice(client), clientOrderId }
  const data = await client.request<Record<string, unknown>>({ method: 'POST', path: ORDERS, body: order })
  return { order, data }
}

/** The one request a client with the vector key and the vector's clock sends for `client.request(...)`. */
async function sentByVectorClient(sdk: SdkModule, vector: SigningVector, method: string, body: unknown): Promise<Request> {
  const seen: Request[] = []
  const client = new sdk.ExchangeClient({
    baseUrl: 'http://vectors.invalid',
    ...VECTOR_KEY,
    ...SECRET_AS_TEXT,
    now: () => Number(vector.timestamp),
    fetch: async (input, init) => {
      seen.push(new Request(input, init))
      const meta = { requestId: 'vector', timestamp: Number(vector.timestamp) }
      return new Response(JSON.stringify({ success: true, data: { ok: true }, error: null, meta }), { headers: { 'content-type': 'application/json' } })
    },
  })
  // The vectors' methods, and a lowercase one the client uppercases (an untyped caller's).
  await client.request({ method: method as Sdk.RequestSpec['method'], path: vector.path, body })
  const request = seen[0]
  ok(request && seen.length === 1, `"${vector.name}": exactly one request was sent`)
  return request
}

export const conformanceCases: readonly ConformanceCase[] = [
  {
    // Through the client (the signing helpers are not on the root entry, which is all a script tag has).
    name: 'signing vectors: the client signs each vector with its signature (query unsigned, UTF-8 body)',
    async run({ sdk }) {
      for (const vector of SIGNING_VECTORS) {
        const request = await sentByVectorClient(sdk, vector, vector.method, vector.body === '' ? undefined : vector.body)
        equal(await request.text(), vector.body, `body bytes of "${vector.name}"`)
        equal(request.headers.get('x-timestamp'), vector.timestamp, `X-TIMESTAMP of "${vector.name}"`)
        equal(request.headers.get('x-signature'), vector.signature, `signature of "${vector.name}"`)
      }
    },
  },
  {
    name: 'signing vectors: the client puts exactly the vector bytes and headers on the wire',
    async run({ sdk }) {
      const vector = SIGNING_VECTORS.find((candidate) => candidate.body === ORDER_BODY)
      ok(vector, 'the order vector exists')
      const request = await sentByVectorClient(sdk, vector, 'post', JSON.parse(ORDER_BODY) as unknown)
      equal(request.method, 'POST', 'method')
      equal(new URL(request.url).pathname, vector.path, 'path')
      equal(await request.text(), vector.body, 'body bytes')
      equal(request.headers.get('content-type'), 'application/json', 'Content-Type')
      equal(request.headers.get('x-api-key'), VECTOR_KEY.apiKey, 'X-API-KEY')
      equal(request.headers.get('x-timestamp'), vector.timestamp, 'X-TIMESTAMP')
      equal(request.headers.get('x-signature'), vector.signature, 'X-SIGNATURE')
    },
  },
  {
    name: 'a signed read is accepted by the server',
    async run(context) {
      const { wire, client } = recordedTrader(context)
      const data = await client.request({ method: 'GET', path: INTROSPECT })
      ok(isRecord(data), 'the read resolves to the envelope data object')
      const request = accepted(wire.sent)
      assertSignedHeaders(request, context.keys.trader.apiKey)
      equal(request.body, '', 'a GET carries no body')
      equal(request.headers.get('content-type'), null, 'a GET carries no Content-Type')
    },
  },
  {
    name: 'a signed write sends and signs its body exactly once serialized (object and verbatim string)',
    async run(context) {
      const { wire, client } = recordedTrader(context)
      const objectBody = uniqueId('object')
      const { order, data } = await placeRestingOrder(client, objectBody)
      let request = accepted(wire.sent)
      assertSignedJsonBody(request, context.keys.trader.apiKey, JSON.stringify(order))
      includes(JSON.stringify(data), objectBody, 'the answer names the clientOrderId sent')

      const stringBody = uniqueId('string')
      const raw = `{ "market": "${MARKET}", "side": "buy", "type": "limit", "size": "0.001", "price": "${order.price}", "clientOrderId": "${stringBody}" }`
      const echoed = await client.request({ method: 'POST', path: ORDERS, body: raw })
      request = accepted(wire.sent)
      equal(request.body, raw, 'a string body goes out verbatim, spaces included')
      includes(JSON.stringify(echoed), stringBody, 'the answer names the clientOrderId sent')
    },
  },
  {
    name: 'a DELETE with a JSON body is sent and signed with that body',
    async run(context) {
      const { wire, client } = recordedTrader(context)
      const clientOrderId = uniqueId('cancel')
      const { data: placed } = await placeRestingOrder(client, clientOrderId)
      const orderId = placed.orderId
      ok(typeof orderId === 'string', 'the placed order has an id')
      const body = { order_ids: [orderId] }
      const cancelled = await client.request({ method: 'DELETE', path: `${ORDERS}/batch`, body })
      const request = accepted(wire.sent)
      equal(request.method, 'DELETE', 'method')
      assertSignedJsonBody(request, context.keys.trader.apiKey, JSON.stringify(body))
      includes(JSON.stringify(cancelled), orderId, 'the answer names the order id sent in the body')
    },
  },
  {
    name: 'a query string is sent but not signed',
    async run(context) {
      const { wire, client } = recordedTrader(context)
      const clientOrderId = uniqueId('query')
      await placeRestingOrder(client, clientOrderId)

      const found = await client.request({ method: 'GET', path: ORDERS, query: { market: MARKET, clientOrderId } })
      const request = accepted(wire.sent)
      equal(request.url.pathname, ORDERS, 'path')
      equal(request.url.search, `?market=${MARKET}&clientOrderId=${clientOrderId}`, 'query string on the wire')
      assertSignedHeaders(request, context.keys.trader.apiKey)
      includes(JSON.stringify(found), clientOrderId, 'the server answered the query that was sent')

      const inPath = await client.request({ method: 'GET', path: `${ORDERS}?market=${MARKET}&clientOrderId=${clientOrderId}` })
      equal(accepted(wire.sent).url.search, `?market=${MARKET}&clientOrderId=${clientOrderId}`, 'a query written into the path is sent too')
      includes(JSON.stringify(inPath), clientOrderId, 'the server answered the query written into the path')

      const other = await client.request({ method: 'GET', path: ORDERS, query: { market: MARKET, clientOrderId: uniqueId('absent') } })
      excludes(JSON.stringify(other), clientOrderId, 'another query gets another answer')
    },
  },
  {
    name: 'clock offset: a skewed local clock is re-synced automatically and the first call succeeds',
    async run(context) {
      const skewMs = -5 * 60_000
      const wire = recordingFetch()
      const client = traderClient(context, { fetch: wire.fetch, now: () => Date.now() + skewMs })
      equal(client.clock.synced, false, 'a new client has not measured the clock')
      const data = await client.request({ method: 'GET', path: INTROSPECT })
      ok(isRecord(data), 'the call resolves')
      const trail = wire.sent.map((sent) => `${sent.status} ${sent.url.pathname}`)
      equal(trail.join(', '), `401 ${INTROSPECT}, 200 /api/v1/system/time, 200 ${INTROSPECT}`, 'rejected, re-synced, resent')
      equal(client.clock.synced, true, 'the clock is measured')

      const sentAt = Date.now()
      const { serverTime } = await new context.sdk.ExchangeClient({ baseUrl: context.baseUrl }).system.getTime()
      const serverOffset = serverTime - (sentAt + Date.now()) / 2
      const error = Math.abs(client.clock.offsetMs - (serverOffset - skewMs))
      ok(error < 5_000, `the client's offset (${client.clock.offsetMs} ms) matches the server's clock minus the skew (${serverOffset - skewMs} ms)`)
    },
  },
  {
    name: 'a service error arrives as a typed ExchangeApiError',
    async run(context) {
      const { sdk } = context
      const wrongSecret = context.keys.trader.secretKey.split('').reverse().join('')
      const client = traderClient(context, { secretKey: wrongSecret })
      const error = await rejects(client.request({ method: 'GET', path: INTROSPECT }), 'a call signed with the wrong secret')
      ok(error instanceof sdk.ExchangeApiError, `an ExchangeApiError, got ${String(error)}`)
      ok(error instanceof sdk.ExchangeError, 'an ExchangeError')
      equal(error.name, 'ExchangeApiError', 'name')
      equal(error.kind, 'auth', 'kind')
      equal(error.status, 401, 'HTTP status')
      equal(error.code, 'AUTH_INVALID_SIGNATURE', 'code')
      // The spec's number (the fixture), not the SDK's table read back.
      equal(error.codeNum, SPEC_AUTH_CODES.find((known) => known.name === 'AUTH_INVALID_SIGNATURE')?.number, 'codeNum')
      equal(typeof error.requestId, 'string', 'requestId')
      ok(sdk.isExchangeError(error, 'auth'), 'isExchangeError(error, "auth")')
      // A wrong signature says how to see what was signed.
      includes(error.message, 'the debugSignatures option shows the signed payload', 'the message of a wrong signature')
    },
  },
  {
    name: "an untyped caller's slips are named before anything is sent: a base URL ending in /api/v1, a key with a newline, a method outside the four",
    async run(context) {
      const { sdk } = context
      const { apiKey, secretKey } = context.keys.trader
      const base = throws(() => new sdk.ExchangeClient({ baseUrl: `${context.baseUrl}/api/v1/` }), 'a baseUrl ending in /api/v1')
      ok(base instanceof sdk.ExchangeValidationError, 'an ExchangeValidationError')
      equal(base.message, 'baseUrl: must be the URL without /api/v1 (every path starts with it)', 'its message')
      const newline = throws(() => new sdk.ExchangeClient({ baseUrl: context.baseUrl, apiKey, secretKey: `${secretKey}\n`, ...SECRET_AS_TEXT }), 'a secret read from a file with its newline')
      ok(newline instanceof sdk.ExchangeValidationError, 'an ExchangeValidationError')
      equal(newline.message, 'secretKey must be 64 lowercase hex characters; got whitespace around it (a trailing newline?): trim it', 'its message')
      const { wire, client } = recordedTrader(context)
      const method = await rejects(client.request({ method: 'PATCH' as 'PUT', path: ORDERS, body: {} }), 'a PATCH')
      ok(method instanceof sdk.ExchangeValidationError, 'an ExchangeValidationError')
      equal(method.message, 'method: must be GET, POST, PUT or DELETE', 'its message')
      equal(wire.sent.length, 0, 'requests sent')
    },
  },
  {
    name: 'a redirect is never followed: a signed read and write fail, and nothing reaches the target',
    async run(context) {
      const { sdk, redirect } = context
      const recorded = async () => ((await (await fetch(`${redirect.trapUrl}/recorded`)).json()) as { recorded: number }).recorded
      const before = await recorded()
      const client = traderClient(context, { baseUrl: redirect.url, retry: false })
      const read = await rejects(client.request({ method: 'GET', path: INTROSPECT }), 'a signed read answered with a redirect')
      ok(sdk.isExchangeError(read, 'redirect'), `a redirect error, got ${String(read)}`)
      const write = await rejects(client.request({ method: 'POST', path: ORDERS, body: { market: MARKET }, clientOrderId: 'redirected-1' }), 'a signed write answered with a redirect')
      ok(sdk.isExchangeError(write, 'outcome-unknown'), `an unknown outcome, got ${String(write)}`)
      ok(sdk.isExchangeError(write.cause, 'redirect'), `caused by the redirect, got ${String(write.cause)}`)
      equal(await recorded(), before, 'requests that reached the redirect target')
    },
  },
  {
    name: 'a refused connection names host, port and code (where the runtime hides the cause, says so)',
    async run({ sdk }) {
      // Nothing listens on port 2, and fetch does not block it (it blocks 1, 7, 9 …: "bad port").
      const client = new sdk.ExchangeClient({ baseUrl: 'http://127.0.0.1:2', retry: false, timeoutMs: 10_000 })
      const error = await rejects(client.request({ method: 'GET', path: '/api/v1/perp/markets', query: { cursor: 'conf-query' } }), 'a read from a closed port')
      ok(sdk.isExchangeError(error, 'network') && error instanceof sdk.ExchangeNetworkError, `a network error, got ${String(error)}`)
      // A page is told "Failed to fetch"; Cloudflare's workerd "Network connection lost.".
      const hider = typeof (globalThis as { document?: unknown }).document !== 'undefined' ? 'the browser'
        : globalThis.navigator?.userAgent === 'Cloudflare-Workers' ? 'the runtime (workerd)' : undefined
      if (hider) {
        equal(error.code, undefined, 'the code')
        includes(error.message, `GET 127.0.0.1:2 /api/v1/perp/markets failed: ${hider} hides the cause`, 'the message')
      } else {
        equal(error.message, 'GET 127.0.0.1:2 /api/v1/perp/markets failed: connection refused (ECONNREFUSED)', 'the message')
        equal(error.code, 'ECONNREFUSED', 'the code')
      }
      excludes(error.message, 'conf-query', 'the message')
    },
  },
  {
    name: 'a secret as text needs dangerouslyAllowBrowser in a page, and nowhere else',
    async run(context) {
      const { sdk } = context
      const inPage = typeof (globalThis as { document?: unknown }).document !== 'undefined'
      const build = () => new context.sdk.ExchangeClient({ baseUrl: context.baseUrl, ...context.keys.trader })
      if (inPage) {
        const refusal = throws(build, 'a secret as text in a page, without the opt-in')
        ok(refusal instanceof sdk.ExchangeValidationError, 'an ExchangeValidationError')
        equal(refusal.field, 'dangerouslyAllowBrowser', 'the field named')
      } else {
        await build().request({ method: 'GET', path: INTROSPECT })
      }
      // A non-extractable CryptoKey needs no opt-in anywhere.
      const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(context.keys.trader.secretKey), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
      await new sdk.ExchangeClient({ baseUrl: context.baseUrl, apiKey: context.keys.trader.apiKey, secretKey: key }).request({ method: 'GET', path: INTROSPECT })
    },
  },
  {
    name: 'no secret appears in any error, JSON.stringify or string form',
    async run(context) {
      const { sdk } = context
      const { apiKey, secretKey } = context.keys.trader
      const seen: string[] = []
      const look = (value: unknown) => {
        seen.push(String(value), JSON.stringify(value) ?? '')
        if (value instanceof Error) seen.push(value.message, value.stack ?? '', String(value.cause), JSON.stringify(value.cause) ?? '')
        if (isRecord(value)) seen.push(JSON.stringify(Object.values(value)) ?? '')
      }

      const client = traderClient(context)
      look(client)
      const inspect = (client as unknown as Record<symbol, (() => string) | undefined>)[Symbol.for('nodejs.util.inspect.custom')]
      if (inspect) seen.push(inspect.call(client))

      const badSecret = `${secretKey.slice(0, 63)}G`
      const invalid = throws(() => new sdk.ExchangeClient({ baseUrl: context.baseUrl, apiKey, secretKey: badSecret }), 'a malformed secret')
      ok(invalid instanceof sdk.ExchangeValidationError, 'a malformed secret is an ExchangeValidationError')
      equal(invalid.field, 'secretKey', 'the validation error names the field')
      look(invalid)

      const wrongSecret = secretKey.split('').reverse().join('')
      const wrong = traderClient(context, { secretKey: wrongSecret })
      look(await rejects(wrong.request({ method: 'GET', path: INTROSPECT }), 'a wrongly signed call'))

      const offline = traderClient(context, { baseUrl: 'http://127.0.0.1:9', retry: false, timeoutMs: 3_000 })
      look(await rejects(offline.request({ method: 'POST', path: ORDERS, body: { market: MARKET } }), 'a call to a closed port'))

      const everything = seen.join('\n')
      excludes(everything, secretKey, 'errors and serialized clients')
      excludes(everything, badSecret, 'errors and serialized clients')
      excludes(everything, wrongSecret, 'errors and serialized clients')
    },
  },  {
    name: 'one order id name: getOrder and cancelOrder take { orderId }, the id placeOrder answers',
    async run(context) {
      const client = traderClient(context)
      const clientOrderId = uniqueId('order-id')
      const placed = await client.perp.placeOrder({ market: MARKET, side: 'buy', type: 'limit', size: '0.001', price: await restingBuyPrice(client), clientOrderId })
      // Untyped callers write exactly this; it must cancel the order, not throw and leave it open.
      const untyped = client.perp as unknown as Record<string, (input: unknown) => Promise<Record<string, unknown>>>
      equal((await untyped.getOrder!({ orderId: placed.orderId })).clientOrderId, clientOrderId, 'getOrder({ orderId }) finds the order')
      equal((await untyped.cancelOrder!({ orderId: placed.orderId })).orderId, placed.orderId, 'cancelOrder({ orderId }) answers with the order')
      equal((await client.perp.findOrder({ clientOrderId, market: MARKET }))?.status, 'cancelled', 'the order is cancelled')
    },
  },
  {
    name: 'validation messages tell an untyped caller what is wrong: missing, unknown, misspelt, not an object; nothing is sent',
    async run(context) {
      const { sdk } = context
      const { wire, client } = recordedTrader(context)
      const perp = client.perp as unknown as Record<string, (input?: unknown) => Promise<unknown>>
      const refused = async (call: Promise<unknown>, what: string) => {
        const error = await rejects(call, what)
        ok(error instanceof sdk.ExchangeValidationError, `${what}: an ExchangeValidationError`)
        return error
      }
      const missing = await refused(perp.cancelOrder!({}), 'cancelOrder({})')
      equal(missing.rule, 'missing', 'cancelOrder({}): the rule')
      equal(missing.message, 'orderId: missing (required)', 'cancelOrder({}): the message')

      const order = { market: MARKET, side: 'buy', type: 'limit', price: '1' }
      equal((await refused(perp.placeOrder!(order), 'placeOrder without size')).message, 'size: missing (required)', 'placeOrder without size')

      const symbol = await refused(perp.getOrderbook!({ symbol: MARKET }), 'getOrderbook({ symbol })')
      equal(symbol.message, 'market: missing (required); symbol: unknown field; did you mean market?', 'getOrderbook({ symbol }): both problems named')
      equal(JSON.stringify(symbol.issues.map((issue) => [issue.field, issue.rule])), '[["market","missing"],["symbol","unknown_field"]]', 'getOrderbook({ symbol }): the issues')

      const nothing = await refused(perp.getTicker!(), 'getTicker()')
      equal(nothing.rule, 'not_object', 'getTicker(): the rule')
      equal(nothing.message, 'input: must be an object with market; got undefined', 'getTicker(): the message')

      equal((await refused(perp.getTicker!({ markte: MARKET }), 'a typo')).message, 'market: missing (required); markte: unknown field; did you mean market?', 'a typo')
      equal((await refused(perp.cancelOrder!({ id: '1' }), 'cancelOrder({ id })')).message, 'orderId: missing (required); id: unknown field; did you mean orderId?', 'cancelOrder({ id })')
      equal((await refused(perp.placeOrder!({ ...order, size: '1', reduce_only: true }), 'snake_case')).message, 'reduce_only: unknown field; did you mean reduceOnly?', 'snake_case')
      // The names other SDKs give our fields point at ours.
      const { market: _market, ...unnamed } = order
      equal(
        (await refused(perp.placeOrder!({ ...unnamed, symbol: MARKET, qty: '1' }), 'symbol and qty')).message,
        'market: missing (required); size: missing (required); symbol: unknown field; did you mean market?; qty: unknown field; did you mean size?',
        'placeOrder({ symbol, qty })',
      )
      equal((await refused(perp.placeOrder!({ ...order, quantity: '1' }), 'quantity')).message, 'size: missing (required); quantity: unknown field; did you mean size?', 'placeOrder({ quantity })')
      // A method the group does not have, close to one it has: a typed error naming both, not "is not a function".
      let misspelt: unknown
      try {
        await perp.listOrders!({ market: MARKET })
      } catch (error) {
        misspelt = error
      }
      ok(misspelt instanceof sdk.ExchangeValidationError, 'perp.listOrders: an ExchangeValidationError')
      equal((misspelt as Sdk.ExchangeValidationError).message, 'perp has no method listOrders; did you mean listOpenOrders?', 'perp.listOrders: the message')
      equal((misspelt as Sdk.ExchangeValidationError).field, 'perp.listOrders', 'perp.listOrders: the field')
      equal(perp.notAMethodAtAll, undefined, 'a name close to no method reads as undefined')
      equal(wire.sent.length, 0, 'requests sent for bad input')
    },
  },
  {
    name: "prediction orders take side 'buy' and 'sell' as perp and spot orders do, sent as 0 and 1; another word is refused naming both forms",
    async run(context) {
      const { sdk } = context
      const { wire, client } = recordedTrader(context)
      const order = { marketId: '999999', outcomeIndex: 0, priceE6: 550_000, amount: 10 }
      for (const [side, sent] of [['buy', 0], ['sell', 1], [1, 1]] as const) {
        // The market does not exist: the exchange refuses the order, after the SDK sent it as the wire says.
        await client.prediction.placeOrder({ ...order, side, clientOrderId: uniqueId('side') }).catch(() => undefined)
        const body = JSON.parse(wire.sent.filter((request) => request.url.pathname === '/api/v1/prediction/orders').at(-1)!.body) as { side: unknown }
        equal(body.side, sent, `side ${side} on the wire`)
      }
      const before = wire.sent.length
      const long = await rejects(client.prediction.placeOrder({ ...order, side: 'long' as never }), "side: 'long'")
      ok(long instanceof sdk.ExchangeValidationError, "side: 'long': an ExchangeValidationError")
      equal(long.message, 'side: must be "buy" or "sell" (or 0 for buy, 1 for sell)', "side: 'long': the message")
      equal(wire.sent.length, before, "requests sent for side: 'long'")
    },
  },
  {
    name: 'reconcile takes only the error a write threw: a plain object from an untyped caller is refused, nothing is sent',
    async run(context) {
      const { sdk } = context
      const { wire, client } = recordedTrader(context)
      const untyped = client.perp as unknown as { reconcile(error: unknown): Promise<unknown> }
      // What an untyped caller writes by instinct; accepted, it would answer "pending" for ever.
      const error = await rejects(untyped.reconcile({ clientOrderId: 'lost-1', market: MARKET }), 'reconcile({ clientOrderId, market })')
      ok(error instanceof sdk.ExchangeValidationError, 'an ExchangeValidationError')
      matches(error.message, /OrderOutcomeUnknownError/, 'the message names the error reconcile takes')
      equal(wire.sent.length, 0, 'requests sent')
    },
  },
]
