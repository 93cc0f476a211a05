// Every signed write is in the journal before it leaves, dated by the signature it leaves with, and
// gone once the answer is definite; reads and public calls are never journaled; a journal that cannot
// write stops the request before any byte is sent. Against the reference exchange over loopback.
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { operationCatalog } from '../../src/api/catalog.ts'
import { ExchangeClient } from '../../src/index.ts'
import { journalOn, type JournalRecord, type JournalStore } from '../../src/journal.ts'
import { memoryStore } from '../../src/journal/memory.ts'
import { startLocalExchange } from '../support/local-exchange.ts'
import { TEST_KEYS } from '../support/seed.ts'

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

interface Sent {
  method: string
  path: string
  timestamp: number
  body: string
  /** What the journal held when the request was handed to fetch. */
  held: JournalRecord[]
}

describe('every signed write is journaled before it leaves', async () => {
  const { url, exchange } = await startLocalExchange()

  /** A client whose fetch notes, per request, what the journal held at that moment. */
  function recorded(store: JournalStore, extra: Record<string, unknown> = {}) {
    const sent: Sent[] = []
    const client = new ExchangeClient({
      baseUrl: url,
      ...TEST_KEYS.full,
      journal: journalOn(store),
      fetch: (async (request: Request) => {
        const body = await request.clone().text()
        sent.push({ method: request.method, path: new URL(request.url).pathname, timestamp: Number(request.headers.get('x-timestamp')), body, held: await store.list() })
        return fetch(request)
      }) as typeof fetch,
      ...extra,
    })
    return { client, sent }
  }

  const writes = operationCatalog.flatMap(({ group, operations }) =>
    Object.entries(operations)
      .filter(([, op]) => op.method !== 'GET' && op.auth !== 'none')
      .map(([name, op]) => [`${group}.${name}`, group, name, op] as const),
  )

  it('covers every write of the catalog (placements, cancels, positions, value moves)', () => {
    expect(writes.length).toBeGreaterThanOrEqual(30)
  })

  it.each(writes)('%s: the record is there as it leaves, with its digest and timestamp; gone after the answer', async (operation, group, name, op) => {
    const store = memoryStore()
    const { client, sent } = recorded(store)
    const method = (client as unknown as Record<string, Record<string, (input: unknown) => Promise<unknown>>>)[group]![name]!
    // Accepted or refused, the answer is definite.
    await method(op.example).catch(() => undefined)
    const writesSent = sent.filter((request) => request.method !== 'GET')
    expect(writesSent.length).toBeGreaterThanOrEqual(1)
    for (const request of writesSent) {
      const record = request.held.find((held) => held.operation === operation)
      expect(record, `${operation}: no record when it left`).toBeDefined()
      expect(record).toMatchObject({ method: request.method, path: request.path, lastSignedAt: request.timestamp, bodyDigest: sha256(request.body), apiKey: TEST_KEYS.full.apiKey, baseUrl: url })
    }
    expect(await store.list()).toEqual([])
  })

  it('a placement carries its clientOrderId, a batch one per order', async () => {
    const store = memoryStore()
    const { client, sent } = recorded(store)
    await client.perp.placeOrder({ market: 'BTC-USDC', side: 'buy', type: 'limit', size: '0.001', price: '60000', clientOrderId: 'journal-one' })
    expect(sent[0]!.held[0]!.clientOrderIds).toEqual(['journal-one'])
    await client.perp.placeOrders({ orders: [{ market: 'BTC-USDC', side: 'buy', type: 'limit', size: '0.001', price: '60000', clientOrderId: 'journal-b1' }, { market: 'BTC-USDC', side: 'buy', type: 'limit', size: '0.001', price: '60001', clientOrderId: 'journal-b2' }] })
    expect(sent.at(-1)!.held[0]!.clientOrderIds).toEqual(['journal-b1', 'journal-b2'])
  })

  it('a retry is re-recorded before it leaves, with its own timestamp; the first signature stays', async () => {
    const store = memoryStore()
    const { client, sent } = recorded(store, { retry: { limit: 2, backoffLimit: 0 } })
    exchange.faults.add({ kind: 'error', status: 503, count: 1, match: { method: 'POST', pathPrefix: '/api/v1/perp/orders' } })
    // Different ms for the two signatures.
    await client.perp.placeOrder({ market: 'BTC-USDC', side: 'buy', type: 'limit', size: '0.001', price: '60000' })
    const attempts = sent.filter((request) => request.method === 'POST')
    expect(attempts).toHaveLength(2)
    expect(attempts[1]!.held[0]).toMatchObject({ firstSignedAt: attempts[0]!.timestamp, lastSignedAt: attempts[1]!.timestamp })
    expect(await store.list()).toEqual([])
  })

  describe('keepAccepted: an accepted write stays until acknowledged', () => {
    const order = (clientOrderId: string) => ({ market: 'BTC-USDC', side: 'buy', type: 'limit', size: '0.001', price: '60000', clientOrderId }) as const

    it('the record outlives the answer; the next process recovers it as applied; acknowledge(id) drops one, acknowledge() the rest', async () => {
      const store = memoryStore()
      const journal = journalOn(store, { keepAccepted: true })
      const client = new ExchangeClient({ baseUrl: url, ...TEST_KEYS.full, journal })
      await client.perp.placeOrder(order('keep-1'))
      await client.perp.placeOrder(order('keep-2'))
      await client.perp.placeOrder(order('keep-3'))
      expect((await store.list()).map((record) => record.clientOrderIds[0])).toEqual(['keep-1', 'keep-2', 'keep-3'])
      await journal.acknowledge('keep-2')
      expect((await store.list()).map((record) => record.clientOrderIds[0])).toEqual(['keep-1', 'keep-3'])
      // A crash now: the next process learns of both orders from recover().
      const next = new ExchangeClient({ baseUrl: url, ...TEST_KEYS.full, journal: journalOn(store, { keepAccepted: true }) })
      const { items } = await next.recover()
      expect(items.map((item) => [item.clientOrderIds[0], item.outcome])).toEqual([['keep-1', 'applied'], ['keep-3', 'applied']])
      expect(await store.list()).toEqual([])
      await client.perp.placeOrder(order('keep-4'))
      expect((await store.list()).map((record) => record.clientOrderIds[0])).toEqual(['keep-4'])
      await journal.acknowledge()
      expect(await store.list()).toEqual([])
    })

    it('a refused write is dropped at its answer all the same; without keepAccepted an accepted one is too', async () => {
      const store = memoryStore()
      const client = new ExchangeClient({ baseUrl: url, ...TEST_KEYS.full, journal: journalOn(store, { keepAccepted: true }) })
      await expect(client.perp.placeOrder({ ...order('keep-refused'), price: '1' })).rejects.toMatchObject({ kind: 'api' })
      expect(await store.list()).toEqual([])
      const plain = memoryStore()
      await new ExchangeClient({ baseUrl: url, ...TEST_KEYS.full, journal: journalOn(plain) }).perp.placeOrder(order('plain-1'))
      expect(await plain.list()).toEqual([])
    })

    it('a keepAccepted that is not a boolean, or misspelt, is refused naming it; acknowledge takes a clientOrderId or nothing', async () => {
      expect(() => journalOn(memoryStore(), { keepAccepted: 'yes' as never })).toThrow(/keepAccepted: must be true or false/)
      expect(() => journalOn(memoryStore(), { keepAcepted: true } as never)).toThrow('keepAcepted: unknown field; did you mean keepAccepted?')
      await expect(journalOn(memoryStore(), { keepAccepted: true }).acknowledge(42 as never)).rejects.toMatchObject({ kind: 'validation', message: expect.stringContaining('must be the clientOrderId') })
    })
  })

  it('reads and public calls are never journaled', async () => {
    const store = memoryStore()
    const puts: string[] = []
    const client = new ExchangeClient({ baseUrl: url, ...TEST_KEYS.full, journal: journalOn({ ...store, put: async (record) => void puts.push(record.operation) }) })
    await client.perp.listOpenOrders({ market: 'BTC-USDC' })
    await client.prediction.listMarketPrices({ marketIds: ['1001'] }).catch(() => undefined)
    await client.system.getTime()
    expect(puts).toEqual([])
  })

  it('a journal that cannot write: the write is refused with its error and nothing is sent', async () => {
    let fetched = 0
    const failing: JournalStore = { ...memoryStore(), put: async () => Promise.reject(new Error('disk full')) }
    const client = new ExchangeClient({ baseUrl: url, ...TEST_KEYS.full, journal: journalOn(failing), fetch: ((request: Request) => (fetched++, fetch(request))) as typeof fetch })
    await client.syncClock()
    fetched = 0
    await expect(client.perp.placeOrder({ market: 'BTC-USDC', side: 'buy', type: 'limit', size: '0.001', price: '60000' })).rejects.toThrow('disk full')
    expect(fetched).toBe(0)
  })
})
