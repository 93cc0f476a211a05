import { describe, expect, it } from 'vitest'
import { ExchangeResponseError, ExchangeValidationError } from '../../src/index.ts'
import { keysOperations, onboardingOperations } from '../../src/api/keys.ts'
import { perpResponses, responseSchemas } from '../../src/strict.ts'
import { described, envelope, methodOf, recordingFetch, testClient } from './support.ts'

describe('validateResponses', () => {
  const numericId = { items: [{ orderId: 1853278922010145178, market: 'BTC-USDC' }], nextCursor: null }

  it('is off by default: the data is returned as the service sent it', async () => {
    const { fetch } = recordingFetch(() => envelope(numericId))
    const page = await testClient(fetch).perp.listOpenOrders()
    expect(page.items[0]!.orderId).toBe(1853278922010145178)
  })

  it("with responseSchemas, refuses data that breaks the operation's shape, naming the field", async () => {
    const { fetch } = recordingFetch(() => envelope(numericId))
    const error = await testClient(fetch, { validateResponses: responseSchemas }).perp.listOpenOrders().catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ExchangeResponseError)
    expect((error as Error).message).toContain('perp.listOpenOrders: data.items.0.orderId')
    expect(error).toMatchObject({ operation: 'perp.listOpenOrders', field: 'items.0.orderId' })
  })

  it('passes conforming data through untouched, unknown fields included', async () => {
    const order = { orderId: '7', market: 'BTC-USDC', side: 'buy', type: 'limit', price: '60000', size: '0.01', status: 'open' }
    const data = { items: [{ ...order, venueTag: 'x' }], nextCursor: null }
    const { fetch } = recordingFetch(() => envelope(data))
    expect(await testClient(fetch, { validateResponses: responseSchemas }).perp.listOpenOrders()).toEqual(data)
  })

  it('checks page lists and bare arrays too', async () => {
    const { fetch } = recordingFetch((request) =>
      request.url.pathname.endsWith('/deposits') ? envelope({ items: [], pagination: { page: '1' } }) : envelope({ symbol: 'BTC-USDC' }))
    const client = testClient(fetch, { validateResponses: responseSchemas })
    await expect(client.account.listDeposits()).rejects.toThrow(/data\.pagination\.page/)
    await expect(client.perp.listMarkets()).rejects.toThrow(/Expected Array/)
  })

  it('checks the writes left out before for size: mints, oracle writes, stats, summaries', async () => {
    const { fetch } = recordingFetch(() => envelope({ txSignature: 'tx-1', marketId: '1001', amount: '10', costE6: 5_000_000, outcomes: [] }))
    const client = testClient(fetch, { validateResponses: responseSchemas })
    await expect(client.prediction.mintCompleteSet({ marketId: '1001', amount: 10 })).rejects.toThrow(/data\.amount/)
    await expect(client.prediction.finalizeResult({ marketId: '1001' })).rejects.toThrow(/data\.status/)
    await expect(client.prediction.getMyStats()).rejects.toThrow(/data\.totalTrades/)
    await expect(client.account.getPerpMargin()).rejects.toThrow(/data\.accountId/)
  })

  it("refuses a value that is neither 'off' nor schemas (the old 'strict') before any request", () => {
    const { fetch, requests } = recordingFetch()
    for (const value of ['strict', true, null, []]) {
      expect(() => testClient(fetch, { validateResponses: value as never })).toThrow(ExchangeValidationError)
    }
    expect(() => testClient(fetch, { validateResponses: 'strict' as never })).toThrow(/validateResponses must be 'off' or responseSchemas/)
    expect(requests).toHaveLength(0)
  })

  it('checks only the groups it is given', async () => {
    const { fetch } = recordingFetch(() => envelope(numericId))
    const client = testClient(fetch, { validateResponses: { perp: perpResponses } })
    await expect(client.perp.listOpenOrders()).rejects.toThrow(ExchangeResponseError)
    expect(await client.spot.listOpenOrders()).toEqual(numericId)
  })
})

describe('responseSchemas', () => {
  it('has a schema for every operation the client binds, and none for an operation that does not exist', () => {
    const missing = described.filter(({ group, name }) => !responseSchemas[group]?.[name]).map(({ group, name }) => `${group}.${name}`)
    expect(missing).toEqual([])
    const known = new Set([...described.map(({ group, name }) => `${group}.${name}`), ...Object.keys({ ...keysOperations, ...onboardingOperations }).map((name) => `keys.${name}`)])
    const unknown = Object.entries(responseSchemas).flatMap(([group, table]) => Object.keys(table ?? {}).map((name) => `${group}.${name}`))
      .filter((key) => !known.has(key))
    expect(unknown).toEqual([])
  })

  it("each group's schemas reach its methods: an empty answer fails every operation that expects fields", async () => {
    const { fetch } = recordingFetch(() => envelope(null))
    const client = testClient(fetch, { validateResponses: responseSchemas })
    for (const entry of described) {
      const call = methodOf(client, entry)
      const error = await (entry.op.input ? call(entry.op.example) : call()).catch((caught: unknown) => caught)
      expect(error, `${entry.group}.${entry.name}`).toBeInstanceOf(ExchangeResponseError)
    }
  })

  it('checks the key calls too: rotate and getKeyInfo', async () => {
    const { fetch } = recordingFetch(() => envelope({ valid: true, apiKeyId: 7 }))
    const client = testClient(fetch, { validateResponses: responseSchemas })
    await expect(client.getKeyInfo()).rejects.toThrow(/keys\.getKeyInfo: data\.apiKeyId/)
    await expect(client.rotate()).rejects.toThrow(/keys\.rotate: data\.apiKey /)
  })
})
