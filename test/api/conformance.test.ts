// Every operation of the spec, against the reference exchange over loopback HTTP. The list comes from
// the spec fixture (test/spec/spec-facts.ts: its path operations and its named ones) plus the SDK's
// marked extras, never from the SDK's descriptors; the SDK is only how each is called. What an answer
// must look like is this test's own: the envelope of real-service.md §1.1, which calls need a credential
// (SPEC "What the service does", real-service.md §2), and a few facts per operation. The clients also
// check every answer against the SDK's response schemas (`validateResponses`): not as a fact about the
// exchange (that would compare the SDK with itself), but to prove the schemas, which are the source of
// the response types, are no stricter than what the exchange answers.
//
// The test builds its own exchange: it challenges and finalizes results, claims winnings and places
// orders, so it must not share state with other files, and a second run in the same process starts
// from a fresh seed.
import { describe, expect, it } from 'vitest'
import { parseInput, toRequest } from '../../src/api/operation.ts'
import { ExchangeApiError, ExchangeClient, OrderOutcomeUnknownError, type RequestSpec } from '../../src/index.ts'
import { responseSchemas } from '../../src/strict.ts'
import { startLocalExchange } from '../support/local-exchange.ts'
import { TEST_KEYS } from '../support/seed.ts'
import { SDK_EXTRAS } from '../spec/sdk-extras.ts'
import { SPEC_AUTH_CODES, SPEC_NAMED_OPERATIONS, SPEC_PATH_OPERATIONS } from '../spec/spec-facts.ts'
import { described, type Described } from './support.ts'

const { url: baseUrl } = await startLocalExchange()

// ---- What went on the wire, and what came back ----

interface Exchanged {
  method: string
  path: string
  status: number
  envelope: unknown
}

const exchanged: Exchanged[] = []
const recording: typeof globalThis.fetch = async (input, init) => {
  const request = new Request(input, init)
  const response = await globalThis.fetch(request)
  const text = await response.clone().text()
  let envelope: unknown
  try {
    envelope = JSON.parse(text)
  } catch {
    envelope = text
  }
  exchanged.push({ method: request.method, path: new URL(request.url).pathname, status: response.status, envelope })
  return response
}

const clientWith = (key?: { apiKey: string; secretKey: string }) =>
  new ExchangeClient({ baseUrl, fetch: recording, retry: false, validateResponses: responseSchemas, ...(key && { apiKey: key.apiKey, secretKey: key.secretKey }) })

const open = clientWith()
const reader = clientWith(TEST_KEYS.reader)
const trader = clientWith(TEST_KEYS.trader)
const tradeOnly = clientWith(TEST_KEYS.tradeOnly)
/** The seed's key with every permission: the only one that may withdraw. */
const withdrawer = clientWith(TEST_KEYS.full)

const code = (name: string) => SPEC_AUTH_CODES.find((entry) => entry.name === name)!.number

/** A success answer as real-service.md §1.1 shows it: `{ success: true, data, error: null, meta: { requestId, timestamp } }`. */
function expectSuccessEnvelope(envelope: unknown, what: string): void {
  expect(envelope, what).toMatchObject({ success: true, error: null, meta: { requestId: expect.any(String), timestamp: expect.any(Number) } })
  expect(envelope, what).toHaveProperty('data')
}

/** A failure as real-service.md §1.1 shows it: `error: { code: string, codeNum: number, message: string }`. */
function expectErrorEnvelope(envelope: unknown, codeName: string, codeNum: number): void {
  expect(envelope).toMatchObject({ success: false, error: { code: codeName, codeNum, message: expect.any(String) } })
}

// ---- Which credential each call needs: this test's own reading of the spec and real-service.md ----

type Credential = 'open' | 'read' | 'trade' | 'withdraw'

interface Case {
  /** The spec's words for it: `GET /api/v1/perp/orders`, or a named operation. */
  label: string
  specGroup: string
  credential: Credential
  /** The method the spec gives it, and the path where it gives one. */
  method: string
  path?: string
  entry: Described
}

/**
 * Market data is open; calls that read an account need read, calls that move one need trade, a
 * withdrawal needs withdraw (SPEC "What the service does", "API credential"). For the named groups:
 * prediction market data, the activity and match feeds and championships are public, the caller's own
 * data and "user rank" are signed (real-service.md §2.2, §2.3, §2.5).
 */
function credentialOf(specGroup: string, method: string, path: string | undefined, name: string | undefined): Credential {
  const write = method !== 'GET'
  switch (specGroup) {
    case 'System':
    case 'Perp Market Data':
    case 'Spot Market Data':
    case 'Prediction Discovery':
      return 'open'
    case 'Account':
      return path?.endsWith('/withdrawals') && write ? 'withdraw' : write ? 'trade' : 'read'
    case 'Prediction Markets':
      return name === 'create a prediction market' ? 'trade' : 'open'
    case 'Prediction User':
      return name?.startsWith("get current user's") ? 'read' : 'open'
    case 'Championship':
      return name === 'user rank' ? 'read' : 'open'
    case 'Prediction Trading':
      return 'trade'
    case 'Prediction Oracle':
      return write ? 'trade' : 'open'
    default:
      return write ? 'trade' : 'read'
  }
}

/** A path parameter's name never reaches the wire: the spec's `:id` is the SDK's `:orderId`. */
const unnamed = (path: string) => path.replace(/:[A-Za-z]+/g, ':')
const byRoute = (method: string, path: string) => described.filter(({ op }) => op.method === method && unnamed(op.path) === unnamed(path))
const bySpecName = (name: string) => described.filter(({ op }) => op.specName === name)
const byName = (name: string) => described.filter(({ group, name: method }) => `${group}.${method}` === name)

function only(found: Described[], label: string): Described {
  if (found.length !== 1) throw new Error(`the SDK has ${found.length} operations for ${label}`)
  return found[0]!
}

/** The authentication-related operations, proved against the exchange in test/onboarding/onboard-reference.test.ts. */
const PROVED_ELSEWHERE = new Set(['Authentication-related'])

const CASES: Case[] = [
  ...SPEC_PATH_OPERATIONS.filter((spec) => !PROVED_ELSEWHERE.has(spec.group)).map((spec) => {
    const label = `${spec.method} ${spec.path}`
    const credential = credentialOf(spec.group, spec.method, spec.path, undefined)
    return { label, specGroup: spec.group, credential, method: spec.method, path: spec.path, entry: only(byRoute(spec.method, spec.path), label) }
  }),
  ...SPEC_NAMED_OPERATIONS.map((spec) => {
    const label = `${spec.group}: ${spec.name}`
    const credential = credentialOf(spec.group, spec.method, undefined, spec.name)
    return { label, specGroup: spec.group, credential, method: spec.method, entry: only(bySpecName(spec.name), label) }
  }),
  ...Object.keys(SDK_EXTRAS).map((name) => {
    const entry = only(byName(name), name)
    const credential: Credential = entry.op.auth === 'none' ? 'open' : entry.op.auth === 'any' ? 'read' : entry.op.auth
    return { label: `${name} (beyond the spec)`, specGroup: entry.section, credential, method: entry.op.method, path: entry.op.path, entry }
  }),
]

// ---- What each answer's data holds: this test's own facts ----

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
type DataCheck = (data: unknown) => void
const object: DataCheck = (data) => expect(isObject(data), 'data is an object').toBe(true)
const array: DataCheck = (data) => expect(Array.isArray(data), 'data is an array').toBe(true)
const fields = (...names: string[]): DataCheck => (data) => {
  object(data)
  for (const name of names) expect(data, name).toHaveProperty(name)
}
/** real-service.md §1.1: `{ items, pagination: { page, pageSize, totalItems, totalPages, hasNext, hasPrev } }`. */
const page: DataCheck = (data) => {
  fields('items', 'pagination')(data)
  expect(Array.isArray((data as { items: unknown }).items)).toBe(true)
  expect((data as { pagination: unknown }).pagination).toMatchObject({
    page: expect.any(Number), pageSize: expect.any(Number), totalItems: expect.any(Number), totalPages: expect.any(Number), hasNext: expect.any(Boolean), hasPrev: expect.any(Boolean),
  })
}
/** Order and history lists: `{ items, nextCursor }`, nextCursor null on the last page. */
const cursor: DataCheck = (data) => {
  fields('items', 'nextCursor')(data)
  expect(Array.isArray((data as { items: unknown }).items)).toBe(true)
  const next = (data as { nextCursor: unknown }).nextCursor
  expect(next === null || typeof next === 'string').toBe(true)
}
const items: DataCheck = (data) => {
  fields('items')(data)
  expect(Array.isArray((data as { items: unknown }).items)).toBe(true)
}
/** Ids travel as strings (real-service.md §7). */
const stringId = (name: string): DataCheck => (data) => expect(typeof (data as Record<string, unknown>)[name], name).toBe('string')
const all = (...checks: DataCheck[]): DataCheck => (data) => checks.forEach((check) => check(data))

/** Facts about one answer, by the label of its case; an operation without facts only has to answer an object or an array. */
const DATA: Record<string, DataCheck> = {
  'GET /api/v1/system/time': (data) => expect(Number.isSafeInteger((data as { serverTime?: unknown }).serverTime), 'serverTime in ms').toBe(true),
  'GET /api/v1/account/api-keys': page,
  'GET /api/v1/account/deposits': page,
  'GET /api/v1/account/withdrawals': page,
  // real-service.md §3: fields the official client reads.
  'GET /api/v1/account/overview': fields('accountId', 'totalEquity', 'availableBalance'),
  'GET /api/v1/perp/markets': array,
  // real-service.md §6.3.
  'GET /api/v1/perp/markets/:market': fields('tickSize', 'stepSize', 'minOrderSize'),
  'GET /api/v1/perp/markets/:market/ticker': fields('markPrice', 'high24h', 'low24h'),
  'GET /api/v1/perp/markets/:market/klines': array,
  'GET /api/v1/perp/orders': cursor,
  // real-service.md §6.1: the official client reads orderId and status.
  'POST /api/v1/perp/orders': all(fields('orderId', 'status'), stringId('orderId')),
  'GET /api/v1/perp/orders/:id': all(fields('orderId', 'status'), stringId('orderId')),
  // real-service.md §6.2: a bare array.
  'GET /api/v1/perp/positions': array,
  'GET /api/v1/perp/history/funding': cursor,
  'GET /api/v1/perp/history/liquidations': cursor,
  'GET /api/v1/perp/history/orders': cursor,
  'GET /api/v1/perp/history/pnl': cursor,
  'GET /api/v1/perp/history/trades': cursor,
  'GET /api/v1/spot/markets': array,
  'GET /api/v1/spot/orders': cursor,
  'POST /api/v1/spot/orders': all(fields('orderId', 'status'), stringId('orderId')),
  'GET /api/v1/spot/history/orders': cursor,
  'GET /api/v1/spot/history/trades': cursor,
  // real-service.md §2.1, §2.2, §2.3: prediction shapes the starter and the skill read.
  'Prediction Discovery: list markets with optional filtering': page,
  'Prediction Discovery: list trending markets by volume': items,
  'Prediction Markets: batch get market prices': (data) => {
    fields('prices')(data)
    for (const price of (data as { prices: unknown[] }).prices) expect(price).toMatchObject({ marketId: expect.any(String), outcomes: expect.any(Array) })
  },
  'Prediction Markets: get market details': all(fields('marketId', 'marketType', 'numOutcomes', 'question', 'status', 'endTime'), stringId('marketId')),
  'Prediction Markets: get all outcome depths': array,
  'Prediction Markets: get order book': fields('marketId', 'marketType', 'bids', 'asks', 'lastUpdated'),
  "Prediction User: get current user's orders": page,
  "Prediction User: get current user's positions": page,
  "Prediction User: get current user's statistics": fields('totalTrades', 'totalVolumeE6', 'totalPnlE6', 'activePositions', 'activeOrders', 'marketsParticipated'),
  // real-service.md §2.4: TxResponse.
  'Prediction Trading: place a limit order': all(fields('txSignature', 'orderId'), stringId('orderId')),
  'Prediction Trading: place multi-outcome order': all(fields('txSignature', 'orderId'), stringId('orderId')),
}

function expectData(testCase: Case, data: unknown): void {
  const check = DATA[testCase.label]
  if (check) return check(data)
  expect(isObject(data) || Array.isArray(data), `${testCase.label}: data is an object or an array`).toBe(true)
}

// ---- Inputs the examples cannot know ----

/** Live values: ids of orders this test placed, prices near the mark, markets in a given oracle state. */
const live: Record<string, Record<string, unknown>> = {}
const key = ({ group, name }: Described) => `${group}.${name}`

/** Operations that need the seed to hold a market in a given oracle state. */
const NEEDS_SEED: Record<string, string> = {
  'prediction.claimWinnings': 'a finalized binary market',
  'prediction.claimMultiOutcomeWinnings': 'a finalized multi-outcome market',
  'prediction.finalizeResult': 'a proposal past its challenge period',
  'prediction.challengeResult': 'a proposal inside its challenge period',
}

/** A price `ratio` times the market's mark, on its tick grid. */
async function nearMark(area: 'perp' | 'spot', market: string, ratio: number): Promise<string> {
  const { tickSize } = await open[area].getMarket({ market })
  const mark = area === 'perp' ? (await open.perp.getMarkPrice({ market })).markPrice : (await open.spot.getTicker({ market })).lastPrice
  return (Number(mark) * ratio).toFixed(tickSize.split('.')[1]?.length ?? 0)
}

/** Three resting buy orders of `area`, and the live inputs of the order operations that use them. */
async function restingOrders(area: 'perp' | 'spot', market: string, size: string): Promise<void> {
  const resting = await nearMark(area, market, 0.95)
  const order = { market, side: 'buy', type: 'limit', size, price: resting } as const
  const ids: string[] = []
  for (let i = 0; i < 3; i++) ids.push((await trader[area].placeOrder(order)).orderId)
  live[`${area}.placeOrder`] = { price: resting }
  live[`${area}.placeOrders`] = { orders: [order, { ...order, size: String(Number(size) * 2) }] }
  live[`${area}.getOrder`] = { orderId: ids[0] }
  live[`${area}.modifyOrder`] = { orderId: ids[0], price: await nearMark(area, market, 0.94) }
  live[`${area}.cancelOrder`] = { orderId: ids[0] }
  live[`${area}.cancelOrders`] = { orderIds: ids.slice(1) }
}

/** Markets of the seed in the oracle state a call needs (the seed's ids are not hard-coded here). */
async function marketsByProposal() {
  const now = (await open.system.getTime()).serverTime
  const found = { finalized: { binary: [] as string[], multi_outcome: [] as string[] }, finalizable: [] as string[], challengeable: [] as string[] }
  for (let pageNumber = 1; ; pageNumber++) {
    const list = await open.prediction.listMarkets({ page: pageNumber, pageSize: 100 })
    for (const market of list.items) {
      const proposal = await open.prediction.getProposal({ marketId: market.marketId })
      const type = market.marketType.toLowerCase() as 'binary' | 'multi_outcome'
      if (proposal.status === 'finalized') found.finalized[type].push(market.marketId)
      if (proposal.status === 'proposed' && proposal.challengeDeadline !== null) {
        ;(proposal.challengeDeadline < now ? found.finalizable : found.challengeable).push(market.marketId)
      }
    }
    if (!list.pagination.hasNext) return found
  }
}

// Seeded inside the first case that runs, not in a beforeAll: Stryker counts SDK code run outside a
// test as static and re-runs the whole suite for each of its mutants (issue #19).
let seeding: Promise<void> | undefined
const seeded = () => (seeding ??= seedLiveInputs())

async function seedLiveInputs(): Promise<void> {
  const keys = await reader.account.listApiKeys()
  live['account.getApiKey'] = { id: keys.items[0]!.apiKeyId }

  const market = 'BTC-USDC'
  await restingOrders('perp', market, '0.01')
  await trader.perp.placeOrder({ market, side: 'buy', type: 'market', size: '0.01' })
  live['perp.closePosition'] = { size: '0.002' }
  live['perp.setTpsl'] = { takeProfitPrice: await nearMark('perp', market, 1.1), stopLossPrice: await nearMark('perp', market, 0.9) }
  live['perp.modifyTpsl'] = { takeProfitPrice: await nearMark('perp', market, 1.12) }

  await restingOrders('spot', 'ETH-USDC', '0.1')

  const order = { marketId: '1001', side: 0, outcomeIndex: 0, priceE6: 500_000, amount: 10 } as const
  const ids: string[] = []
  for (let i = 0; i < 3; i++) ids.push((await trader.prediction.placeOrder(order)).orderId!)
  live['prediction.cancelOrder'] = { orderId: ids[0] }
  live['prediction.cancelOrders'] = { orderIds: ids.slice(1) }
  live['prediction.cancelAllOrders'] = { marketId: '1003' }

  const markets = await marketsByProposal()
  const multi = markets.finalized.multi_outcome[0]
  const challenged = markets.challengeable[0]
  if (markets.finalized.binary[0]) live['prediction.claimWinnings'] = { marketId: markets.finalized.binary[0] }
  if (multi) {
    const { finalOutcomeIndex } = await open.prediction.getMarket({ marketId: multi })
    live['prediction.claimMultiOutcomeWinnings'] = { marketId: multi, outcomeIndex: finalOutcomeIndex ?? 0 }
  }
  if (markets.finalizable[0]) live['prediction.finalizeResult'] = { marketId: markets.finalizable[0] }
  if (challenged) {
    const { proposedOutcomeIndex } = await open.prediction.getProposal({ marketId: challenged })
    live['prediction.challengeResult'] = { marketId: challenged, outcomeIndex: proposedOutcomeIndex === 0 ? 1 : 0 }
  }
}

// ---- The cases ----

const call = (client: ExchangeClient, { group, name }: Described) =>
  (client as unknown as Record<string, Record<string, (input?: unknown) => Promise<unknown>>>)[group]![name]!

/** The call as it would be sent, without any credential. */
function unsignedSpec(entry: Described, input: unknown): RequestSpec {
  const parsed = entry.op.input ? (parseInput(entry.op.input, input) as Record<string, unknown>) : undefined
  return { ...toRequest(entry.op, parsed), auth: false }
}

async function refusal(promise: Promise<unknown>): Promise<ExchangeApiError> {
  const error = await promise.then(() => undefined, (caught: unknown) => caught)
  expect(error).toBeInstanceOf(ExchangeApiError)
  return error as ExchangeApiError
}

/** The spec's code came back, in the error and in the envelope on the wire. */
async function expectSpecRefusal(promise: Promise<unknown>, codeName: string): Promise<void> {
  const error = await refusal(promise)
  expect(error).toMatchObject({ code: codeName, codeNum: code(codeName) })
  expectErrorEnvelope(exchanged[exchanged.length - 1]!.envelope, codeName, code(codeName))
}

/** The client holding exactly the credential a call needs. */
const PERMITTED: Record<Credential, ExchangeClient> = { open, read: reader, trade: trader, withdraw: withdrawer }

describe('every operation of the spec, against the reference exchange', () => {
  it('covers every spec operation but the authentication-related ones (onboard-reference.test.ts proves those)', () => {
    const covered = SPEC_PATH_OPERATIONS.filter((spec) => !PROVED_ELSEWHERE.has(spec.group)).length + SPEC_NAMED_OPERATIONS.length + Object.keys(SDK_EXTRAS).length
    expect(CASES).toHaveLength(covered)
    expect(new Set(CASES.map((testCase) => key(testCase.entry))).size).toBe(CASES.length)
  })

  it.each(CASES.map((testCase) => [`${testCase.label} (${testCase.credential})`, testCase] as const))('%s', async (_, testCase) => {
    const { entry, credential } = testCase
    await seeded()
    const needed = NEEDS_SEED[key(entry)]
    if (needed && !live[key(entry)]) throw new Error(`the reference exchange's seed needs ${needed}`)
    const input = entry.op.input ? { ...(entry.op.example as object), ...live[key(entry)] } : undefined

    // The SDK signs exactly the calls that need a credential.
    expect(entry.op.auth === 'none', `${key(entry)} signs`).toBe(credential === 'open')
    if (credential !== 'open') await expectSpecRefusal(open.request(unsignedSpec(entry, input)), 'AUTH_MISSING')
    if (credential === 'read') await expectSpecRefusal(call(tradeOnly, entry)(input), 'PERM_NO_READ')
    if (credential === 'trade') await expectSpecRefusal(call(reader, entry)(input), 'PERM_NO_TRADING')
    if (credential === 'withdraw') {
      // Refused as a permission, under a code of the exchange's own: the spec numbers no withdraw
      // refusal, and a number in its 110xx/111xx ranges would pass for one of the spec's (issue #12).
      const error = await refusal(call(trader, entry)(input))
      expect(error).toMatchObject({ status: 403, kind: 'permission' })
      const inSpecRanges = error.codeNum >= 11000 && error.codeNum < 11200
      expect(inSpecRanges, `withdraw refused as ${error.code} ${error.codeNum}`).toBe(false)
    }

    const from = exchanged.length
    const data = await call(PERMITTED[credential], entry)(input)
    const sent = exchanged.slice(from)
    // The spec's method, and its path where it gives one (the named operations' paths are the SDK's).
    expect(sent.map(({ method }) => method)).toEqual([testCase.method])
    expect(sent[0]!.path).toMatch(new RegExp(`^${(testCase.path ?? entry.op.path).replace(/:\w+/g, '[A-Za-z0-9._~:-]+')}$`))
    expectSuccessEnvelope(sent[0]!.envelope, testCase.label)
    expect((sent[0]!.envelope as { data: unknown }).data).toEqual(data)
    expectData(testCase, data)
  })
})

describe('an order whose answer was lost is found by its clientOrderId', () => {
  /** Delivers the first matching request, lets the exchange apply it, then loses the answer. */
  function losingFirstAnswer(path: string): typeof globalThis.fetch {
    let lost = false
    return async (input, init) => {
      const request = new Request(input, init)
      const response = await globalThis.fetch(request)
      if (lost || request.method !== 'POST' || new URL(request.url).pathname !== path) return response
      lost = true
      await response.body?.cancel()
      throw new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } })
    }
  }
  const losing = (path: string, retry: false | number) =>
    new ExchangeClient({ baseUrl, apiKey: TEST_KEYS.trader.apiKey, secretKey: TEST_KEYS.trader.secretKey, fetch: losingFirstAnswer(path), retry })

  it('perp: OrderOutcomeUnknownError names the clientOrderId and findOrder returns the order', async () => {
    const client = losing('/api/v1/perp/orders', false)
    const order = { market: 'BTC-USDC', side: 'buy', type: 'limit', size: '0.01', price: await nearMark('perp', 'BTC-USDC', 0.95) } as const
    const error = (await client.perp.placeOrder(order).catch((caught: unknown) => caught)) as OrderOutcomeUnknownError
    expect(error).toBeInstanceOf(OrderOutcomeUnknownError)
    const found = await client.perp.findOrder({ clientOrderId: error.clientOrderId!, market: 'BTC-USDC' })
    expect(found).toMatchObject({ clientOrderId: error.clientOrderId, market: 'BTC-USDC' })
    // The exchange writes decimals in canonical form ("61503.0" comes back as "61503").
    expect(Number(found!.price)).toBe(Number(order.price))
  })

  it('perp: the retry after a lost answer returns the first order, never a second', async () => {
    const client = losing('/api/v1/perp/orders', 2)
    const order = { market: 'BTC-USDC', side: 'buy', type: 'limit', size: '0.01', price: await nearMark('perp', 'BTC-USDC', 0.95) } as const
    const placed = await client.perp.placeOrder(order)
    const resting = await client.perp.listOpenOrders({ clientOrderId: placed.clientOrderId! })
    expect(resting.items.filter((item) => item.clientOrderId === placed.clientOrderId)).toHaveLength(1)
  })

  it('prediction: findOrder returns the order whose answer was lost', async () => {
    const client = losing('/api/v1/prediction/orders', false)
    const error = (await client.prediction
      .placeOrder({ marketId: '1001', side: 0, outcomeIndex: 0, priceE6: 480_000, amount: 10 })
      .catch((caught: unknown) => caught)) as OrderOutcomeUnknownError
    expect(error).toBeInstanceOf(OrderOutcomeUnknownError)
    const found = await client.prediction.findOrder({ clientOrderId: error.clientOrderId!, marketId: '1001' })
    expect(found).toMatchObject({ clientOrderId: error.clientOrderId, priceE6: 480_000 })
  })
})
