// Every operation against the reference exchange over loopback HTTP: it answers success at the
// documented method and path with a key of the documented permission, refuses the call unsigned,
// and refuses a key one permission short. Every response is checked against its schema (exchange-client/strict).
import * as v from 'valibot'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { parseInput, toRequest } from '../../src/api/operation.ts'
import { type ApiGroup, ExchangeApiError, ExchangeClient, OrderOutcomeUnknownError, type RequestSpec } from '../../src/index.ts'
import { responseSchemas } from '../../src/strict.ts'
import { TEST_KEYS } from '../support/seed.ts'
import { described, type Described } from './support.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    exchangeUrl: string
  }
}

const baseUrl = inject('exchangeUrl')

/** Every request the clients send, to check what went on the wire. */
const sent: { method: string; path: string }[] = []
const recording: typeof globalThis.fetch = (input, init) => {
  const request = new Request(input, init)
  sent.push({ method: request.method, path: new URL(request.url).pathname })
  return globalThis.fetch(request)
}

const clientWith = (key?: { apiKey: string; secretKey: string }) =>
  new ExchangeClient({ baseUrl, fetch: recording, validateResponses: responseSchemas, ...(key && { apiKey: key.apiKey, secretKey: key.secretKey }) })

const open = clientWith()
const reader = clientWith(TEST_KEYS.reader)
const trader = clientWith(TEST_KEYS.trader)
/** The seed's key with every permission: the only one that may withdraw. */
const withdrawer = clientWith(TEST_KEYS.full)

/** The client holding exactly the permission an operation needs, and one holding the permission below it. */
const PERMITTED = { none: open, any: reader, read: reader, trade: trader, withdraw: withdrawer }
const SHORT_OF = { trade: { client: reader, code: 'PERM_NO_TRADING', codeNum: 11101 }, withdraw: { client: trader, code: 'PERM_NO_WITHDRAW', codeNum: 19103 } }

const method = (client: ExchangeClient, { group, name }: Described) =>
  (client as unknown as Record<string, Record<string, (input?: unknown) => Promise<unknown>>>)[group]![name]!

/** Live values the examples cannot know: ids of orders this test placed, prices near the mark. */
const live: Record<string, Record<string, unknown>> = {}

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

function expectWireMatches(entry: Described, from: number) {
  const { op } = entry
  const pattern = new RegExp(`^${op.path.replace(/:\w+/g, '[^/]+')}$`)
  const calls = sent.slice(from).filter((call) => pattern.test(call.path))
  expect(calls.length, `${op.method} ${op.path} was not sent`).toBeGreaterThan(0)
  for (const call of calls) expect(call.method).toBe(op.method)
}

/** The call as it would be sent, without any credential. */
function unsignedSpec(entry: Described, input: unknown): RequestSpec {
  const parsed = entry.op.input ? (parseInput(entry.op.input, input) as Record<string, unknown>) : undefined
  return { ...toRequest(entry.op, parsed), auth: false }
}

async function expectApiError(call: Promise<unknown>, status: number, code: string, codeNum: number) {
  const error = await call.then(() => undefined, (caught: unknown) => caught)
  expect(error, `expected ${code}`).toBeInstanceOf(ExchangeApiError)
  expect(error).toMatchObject({ status, code, codeNum })
}

function conformance(group: string) {
  for (const entry of described.filter((candidate) => candidate.group === group)) {
    const { op, name } = entry
    it(`${name}: ${op.method} ${op.path} (${op.auth})`, async () => {
      const needed = NEEDS_SEED[`${group}.${name}`]
      if (needed && !live[`${group}.${name}`]) throw new Error(`the reference exchange's seed needs ${needed}`)
      const input = op.input ? { ...(op.example as object), ...live[`${group}.${name}`] } : undefined
      if (op.auth !== 'none') {
        await expectApiError(open.request(unsignedSpec(entry, input)), 401, 'AUTH_MISSING', 11001)
      }
      if (op.auth === 'trade' || op.auth === 'withdraw') {
        const { client, code, codeNum } = SHORT_OF[op.auth]
        await expectApiError(method(client, entry)(input), 403, code, codeNum)
      }
      const from = sent.length
      const data = await method(PERMITTED[op.auth], entry)(input)
      const schema = responseSchemas[group as ApiGroup]?.[name]
      if (!schema) throw new Error(`${group}.${name} has no response schema`)
      expect(v.safeParse(schema, data).issues, `${group}.${name}: the answer breaks its response schema`).toBeUndefined()
      expectWireMatches(entry, from)
    })
  }
}

describe('system', () => conformance('system'))

describe('account', () => {
  beforeAll(async () => {
    const keys = await reader.account.listApiKeys()
    live['account.getApiKey'] = { id: keys.items[0]!.apiKeyId }
  })
  conformance('account')
})

/** Three resting buy orders of `area`, and the live inputs of the order operations that use them. */
async function restingOrders(area: 'perp' | 'spot', market: string, size: string): Promise<void> {
  const resting = await nearMark(area, market, 0.95)
  const order = { market, side: 'buy', type: 'limit', size, price: resting } as const
  const ids: string[] = []
  for (let i = 0; i < 3; i++) ids.push((await trader[area].placeOrder(order)).orderId)
  live[`${area}.placeOrder`] = { price: resting }
  live[`${area}.placeOrders`] = { orders: [order, { ...order, size: String(Number(size) * 2) }] }
  live[`${area}.getOrder`] = { id: ids[0] }
  live[`${area}.modifyOrder`] = { id: ids[0], price: await nearMark(area, market, 0.94) }
  live[`${area}.cancelOrder`] = { id: ids[0] }
  live[`${area}.cancelOrders`] = { orderIds: ids.slice(1) }
}

describe('perp', () => {
  beforeAll(async () => {
    const market = 'BTC-USDC'
    await restingOrders('perp', market, '0.01')
    await trader.perp.placeOrder({ market, side: 'buy', type: 'market', size: '0.01' })
    live['perp.closePosition'] = { size: '0.002' }
    live['perp.setTpsl'] = { takeProfitPrice: await nearMark('perp', market, 1.1), stopLossPrice: await nearMark('perp', market, 0.9) }
    live['perp.modifyTpsl'] = { takeProfitPrice: await nearMark('perp', market, 1.12) }
  })
  conformance('perp')
})

describe('spot', () => {
  beforeAll(() => restingOrders('spot', 'ETH-USDC', '0.1'))
  conformance('spot')
})

/** Markets of the seed in the oracle state a call needs (the seed's ids are not hard-coded here). */
async function marketsByProposal() {
  const now = (await open.system.time()).serverTime
  const found = { finalized: { binary: [] as string[], multi_outcome: [] as string[] }, finalizable: [] as string[], challengeable: [] as string[] }
  for (let page = 1; ; page++) {
    const list = await open.prediction.listMarkets({ page, pageSize: 100 })
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

describe('prediction', () => {
  beforeAll(async () => {
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
  })
  conformance('prediction')
})

describe('championship', () => conformance('championship'))

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
