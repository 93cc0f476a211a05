// recover() settles every kind of write a journal keeps, against the reference exchange over loopback:
// each write's answer is lost (the exchange drops the connection after applying it, or before), the
// process "restarts" (a new client on the same store), and recover() says what the exchange shows.
// The exchange's clock and the client's are one hand-moved clock: "not applied" needs the window
// (30 s tolerance + 5 s margin) to pass, which the test moves past rather than sleeps through.
import { describe, expect, it } from 'vitest'
import { ExchangeClient, OrderOutcomeUnknownError } from '../../src/index.ts'
import { journalOn, memoryJournal, recover, type JournalRecord, type JournalStore, type RecoveryItem } from '../../src/journal.ts'
import { memoryStore } from '../../src/journal/memory.ts'
import { ExchangeCore } from '../../src/client.ts'
import { withKey } from '../../src/with-key.ts'
import { manualClock, startLocalExchange } from '../support/local-exchange.ts'
import { TEST_KEYS } from '../support/seed.ts'

const WINDOW_MS = 30_000 + 5_000
const ADDRESS = `0x${'ab'.repeat(20)}`
const market = 'BTC-USDC'

describe('recover() after a crash', async () => {
  // Ticking by a ms each read: two processes' identical signed reads are then never one replayed request.
  const hand = manualClock(Date.now())
  const clock = { now: () => (hand.advance(1), hand.now()), advance: hand.advance }
  const { url, exchange } = await startLocalExchange({ now: clock.now })
  const key = TEST_KEYS.full
  const options = { baseUrl: url, ...key, now: clock.now, monotonicNow: clock.now, retry: false } as const
  // The other side of trades, so positions open and close.
  const other = new ExchangeClient({ baseUrl: url, ...TEST_KEYS.bob, now: clock.now, monotonicNow: clock.now })
  const mark = Number((await other.perp.getMarkPrice({ market })).markPrice)
  const price = (ratio: number) => String(Math.round(mark * ratio))

  /** A process: its client writes to `store` (a crash is simply the next process on the same store). */
  const processOn = (store: JournalStore) => new ExchangeClient({ ...options, journal: journalOn(store) })

  /** Runs `write` with its connection dropped `when` the exchange handles it: the outcome is unknown, the record kept. */
  async function lost(store: JournalStore, method: string, pathPrefix: string, when: 'before' | 'after', write: (client: ExchangeClient) => Promise<unknown>): Promise<JournalRecord> {
    const client = processOn(store)
    exchange.faults.add({ kind: 'drop', when, count: 1, match: { method, pathPrefix } })
    await expect(write(client)).rejects.toBeInstanceOf(OrderOutcomeUnknownError)
    const records = await store.list()
    expect(records).toHaveLength(1)
    return records[0]!
  }

  /** The next process recovers: one item, and the store holds the record only while it is pending. */
  async function recoverOne(store: JournalStore): Promise<RecoveryItem> {
    const { items } = await processOn(store).recover()
    expect(items).toHaveLength(1)
    expect((await store.list()).length).toBe(items[0]!.outcome === 'pending' ? 1 : 0)
    return items[0]!
  }

  /** Lost before the exchange handled it: pending within the window, then `after` (not-applied, or unknown). */
  async function neverHandled(method: string, pathPrefix: string, write: (client: ExchangeClient) => Promise<unknown>, after: 'not-applied' | 'unknown') {
    const store = memoryStore()
    const record = await lost(store, method, pathPrefix, 'before', write)
    const pending = await recoverOne(store)
    expect(pending).toMatchObject({ outcome: 'pending', finalAt: record.lastSignedAt + WINDOW_MS })
    clock.advance(WINDOW_MS + 1_000)
    return { record, item: await recoverOne(store), after }
  }

  const resting = async (client: ExchangeClient, side: 'buy' | 'sell' = 'buy') =>
    client.perp.placeOrder({ market, side, type: 'limit', size: '0.001', price: price(side === 'buy' ? 0.95 : 1.05) })

  describe('placements: by clientOrderId', () => {
    it('perp.placeOrder answered lost after it was taken: applied, with the order', async () => {
      const store = memoryStore()
      const record = await lost(store, 'POST', '/api/v1/perp/orders', 'after', (c) => c.perp.placeOrder({ market, side: 'buy', type: 'limit', size: '0.001', price: price(0.95) }))
      expect(record).toMatchObject({ operation: 'perp.placeOrder', market, clientOrderIds: [expect.any(String)] })
      const item = await recoverOne(store)
      expect(item).toMatchObject({ outcome: 'applied', operation: 'perp.placeOrder', found: { clientOrderId: record.clientOrderIds[0] } })
    })

    it('perp.placeOrder lost before the exchange saw it: pending in the window, not-applied after', async () => {
      const { item } = await neverHandled('POST', '/api/v1/perp/orders', (c) => c.perp.placeOrder({ market, side: 'buy', type: 'limit', size: '0.001', price: price(0.95) }), 'not-applied')
      expect(item.outcome).toBe('not-applied')
    })

    it('perp.placeOrders: each order of the batch found', async () => {
      const store = memoryStore()
      const order = { market, side: 'buy', type: 'limit', size: '0.001', price: price(0.94) } as const
      const record = await lost(store, 'POST', '/api/v1/perp/orders/batch', 'after', (c) => c.perp.placeOrders({ orders: [order, { ...order, size: '0.002' }] }))
      expect(record.clientOrderIds).toHaveLength(2)
      const item = await recoverOne(store)
      expect(item.outcome).toBe('applied')
      expect(item.orders!.map((one) => [one.clientOrderId, one.outcome])).toEqual(record.clientOrderIds.map((id) => [id, 'applied']))
    })

    it('spot.placeOrder: applied', async () => {
      const store = memoryStore()
      const spotPrice = Number((await other.spot.getTicker({ market: 'ETH-USDC' })).lastPrice)
      await lost(store, 'POST', '/api/v1/spot/orders', 'after', (c) => c.spot.placeOrder({ market: 'ETH-USDC', side: 'buy', type: 'limit', size: '0.01', price: String(Math.round(spotPrice * 0.95)) }))
      expect(await recoverOne(store)).toMatchObject({ outcome: 'applied', operation: 'spot.placeOrder' })
    })

    it('prediction.placeOrder: applied', async () => {
      const store = memoryStore()
      await lost(store, 'POST', '/api/v1/prediction/orders', 'after', (c) => c.prediction.placeOrder({ marketId: '1001', side: 0, outcomeIndex: 0, priceE6: 400_000, amount: 10 }))
      expect(await recoverOne(store)).toMatchObject({ outcome: 'applied', operation: 'prediction.placeOrder', found: { marketId: '1001' } })
    })
  })

  describe('cancels and changes: by the order as it is', () => {
    it('perp.cancelOrder: applied when the order is cancelled; not-applied when it is still open after the window', async () => {
      const store = memoryStore()
      const order = await resting(other)
      const client = new ExchangeClient({ ...options, ...TEST_KEYS.bob, journal: journalOn(store) })
      exchange.faults.add({ kind: 'drop', when: 'after', count: 1, match: { method: 'DELETE', pathPrefix: `/api/v1/perp/orders/${order.orderId}` } })
      await expect(client.perp.cancelOrder({ orderId: order.orderId })).rejects.toBeInstanceOf(OrderOutcomeUnknownError)
      const { items } = await new ExchangeClient({ ...options, ...TEST_KEYS.bob, journal: journalOn(store) }).recover()
      expect(items).toMatchObject([{ outcome: 'applied', operation: 'perp.cancelOrder', found: { orderId: order.orderId, status: 'cancelled' } }])

      const open = await resting(other)
      const bobStore = memoryStore()
      const bob = new ExchangeClient({ ...options, ...TEST_KEYS.bob, journal: journalOn(bobStore) })
      exchange.faults.add({ kind: 'drop', when: 'before', count: 1, match: { method: 'DELETE', pathPrefix: `/api/v1/perp/orders/${open.orderId}` } })
      await expect(bob.perp.cancelOrder({ orderId: open.orderId })).rejects.toBeInstanceOf(OrderOutcomeUnknownError)
      expect((await bob.recover()).items).toMatchObject([{ outcome: 'pending' }])
      clock.advance(WINDOW_MS + 1_000)
      expect((await bob.recover()).items).toMatchObject([{ outcome: 'not-applied', operation: 'perp.cancelOrder' }])
      expect(await bobStore.list()).toEqual([])
    })

    it('perp.cancelOrders: applied when every order is cancelled', async () => {
      const store = memoryStore()
      const client = processOn(store)
      const ids = [(await resting(client)).orderId, (await resting(client)).orderId]
      await lost(store, 'DELETE', '/api/v1/perp/orders/batch', 'after', (c) => c.perp.cancelOrders({ orderIds: ids }))
      expect(await recoverOne(store)).toMatchObject({ outcome: 'applied', operation: 'perp.cancelOrders' })
    })

    it('a cancel of an order that filled meanwhile: not-applied at once (it never can), with the order', async () => {
      const store = memoryStore()
      const client = processOn(store)
      // A sell below the best bid: it fills as it lands.
      const sell = await client.perp.placeOrder({ market, side: 'sell', type: 'limit', size: '0.001', price: price(0.97) })
      expect(sell.status).toBe('filled')
      await lost(store, 'DELETE', `/api/v1/perp/orders/${sell.orderId}`, 'before', (c) => c.perp.cancelOrder({ orderId: sell.orderId }))
      const item = await recoverOne(store)
      expect(item).toMatchObject({ outcome: 'not-applied', found: { orderId: sell.orderId, status: 'filled' } })
      expect(item.reason).toMatch(/filled/)
    })

    it('spot.cancelOrder: applied', async () => {
      const store = memoryStore()
      const client = processOn(store)
      const spotPrice = Number((await other.spot.getTicker({ market: 'ETH-USDC' })).lastPrice)
      const order = await client.spot.placeOrder({ market: 'ETH-USDC', side: 'buy', type: 'limit', size: '0.01', price: String(Math.round(spotPrice * 0.9)) })
      await lost(store, 'DELETE', `/api/v1/spot/orders/${order.orderId}`, 'after', (c) => c.spot.cancelOrder({ orderId: order.orderId }))
      expect(await recoverOne(store)).toMatchObject({ outcome: 'applied', operation: 'spot.cancelOrder' })
    })

    it('perp.modifyOrder: applied when the order shows the new price', async () => {
      const store = memoryStore()
      const order = await resting(processOn(store))
      await lost(store, 'PUT', `/api/v1/perp/orders/${order.orderId}`, 'after', (c) => c.perp.modifyOrder({ orderId: order.orderId, price: price(0.93) }))
      expect(await recoverOne(store)).toMatchObject({ outcome: 'applied', operation: 'perp.modifyOrder', found: { orderId: order.orderId } })
    })

    it('prediction.cancelOrder, cancelOrders and cancelAllOrders: applied', async () => {
      const store = memoryStore()
      const client = processOn(store)
      const place = async () => (await client.prediction.placeOrder({ marketId: '1002', side: 0, outcomeIndex: 0, priceE6: 300_000, amount: 10 })).orderId!
      const one = await place()
      await lost(store, 'POST', '/api/v1/prediction/orders/cancel', 'after', (c) => c.prediction.cancelOrder({ marketId: '1002', orderId: one }))
      expect(await recoverOne(store)).toMatchObject({ outcome: 'applied', operation: 'prediction.cancelOrder' })
      const two = [await place(), await place()]
      await lost(store, 'POST', '/api/v1/prediction/orders/batch-cancel', 'after', (c) => c.prediction.cancelOrders({ marketId: '1002', orderIds: two }))
      expect(await recoverOne(store)).toMatchObject({ outcome: 'applied', operation: 'prediction.cancelOrders' })
      await place()
      await lost(store, 'POST', '/api/v1/prediction/orders/cancel-all', 'after', (c) => c.prediction.cancelAllOrders({ marketId: '1002' }))
      expect(await recoverOne(store)).toMatchObject({ outcome: 'applied', operation: 'prediction.cancelAllOrders' })
    })
  })

  describe('positions: by the state the write asked for', () => {
    it('perp.setLeverage: applied when the market shows the leverage', async () => {
      const store = memoryStore()
      await lost(store, 'PUT', `/api/v1/perp/positions/${market}/leverage`, 'after', (c) => c.perp.setLeverage({ market, leverage: 7 }))
      expect(await recoverOne(store)).toMatchObject({ outcome: 'applied', found: { leverage: 7 } })
    })

    it('TP/SL set, changed and cancelled, then the position closed: each applied', async () => {
      const store = memoryStore()
      const client = processOn(store)
      await client.perp.placeOrder({ market, side: 'buy', type: 'market', size: '0.01' })
      const tp = price(1.1)
      await lost(store, 'POST', `/api/v1/perp/positions/${market}/tpsl`, 'after', (c) => c.perp.setTpsl({ market, takeProfitPrice: tp, stopLossPrice: price(0.9) }))
      expect(await recoverOne(store)).toMatchObject({ outcome: 'applied', operation: 'perp.setTpsl' })
      await lost(store, 'PUT', `/api/v1/perp/positions/${market}/tpsl`, 'after', (c) => c.perp.modifyTpsl({ market, takeProfitPrice: price(1.12) }))
      expect(await recoverOne(store)).toMatchObject({ outcome: 'applied', operation: 'perp.modifyTpsl' })
      await lost(store, 'DELETE', `/api/v1/perp/positions/${market}/tpsl`, 'after', (c) => c.perp.cancelTpsl({ market, type: 'all' }))
      expect(await recoverOne(store)).toMatchObject({ outcome: 'applied', operation: 'perp.cancelTpsl' })
      await lost(store, 'POST', `/api/v1/perp/positions/${market}/close`, 'after', (c) => c.perp.closePosition({ market, type: 'market' }))
      expect(await recoverOne(store)).toMatchObject({ outcome: 'applied', operation: 'perp.closePosition' })
    })

    it('perp.adjustMargin leaves no trace of its own: unknown after the window, naming what to check', async () => {
      const { item } = await neverHandled('POST', `/api/v1/perp/positions/${market}/margin`, (c) => c.perp.adjustMargin({ market, amount: '1', type: 'add' }), 'unknown')
      expect(item).toMatchObject({ outcome: 'unknown', operation: 'perp.adjustMargin' })
      expect(item.reason).toMatch(/getPosition/)
    })
  })

  describe('value moves: by the history the exchange lists', () => {
    it('account.withdraw: applied when a withdrawal of that token, amount and address is listed in its window', async () => {
      const store = memoryStore()
      await lost(store, 'POST', '/api/v1/account/withdrawals', 'after', (c) => c.account.withdraw({ token: 'USDC', amount: '12.5', address: ADDRESS }))
      expect(await recoverOne(store)).toMatchObject({ outcome: 'applied', found: { token: 'USDC', amount: expect.stringMatching(/^12\.50*$/), address: ADDRESS } })
    })

    it('account.withdraw never handled: not-applied after the window', async () => {
      const { item } = await neverHandled('POST', '/api/v1/account/withdrawals', (c) => c.account.withdraw({ token: 'USDC', amount: '13.25', address: ADDRESS }), 'not-applied')
      expect(item.outcome).toBe('not-applied')
    })

    it('account.deposit: applied', async () => {
      const store = memoryStore()
      await lost(store, 'POST', '/api/v1/account/deposits', 'after', (c) => c.account.deposit({ token: 'USDC', amount: '77' }))
      expect(await recoverOne(store)).toMatchObject({ outcome: 'applied', found: { token: 'USDC' } })
    })

    it.each([
      ['prediction.mintCompleteSet', '/api/v1/prediction/mints', (c: ExchangeClient) => c.prediction.mintCompleteSet({ marketId: '1001', amount: 5 })],
      ['prediction.redeemCompleteSet', '/api/v1/prediction/redemptions', (c: ExchangeClient) => c.prediction.redeemCompleteSet({ marketId: '1001', amount: 5 })],
      ['prediction.mintMultiOutcomeCompleteSet', '/api/v1/prediction/multi-outcome/mints', (c: ExchangeClient) => c.prediction.mintMultiOutcomeCompleteSet({ marketId: '1001', amount: 5 })],
      ['prediction.redeemMultiOutcomeCompleteSet', '/api/v1/prediction/multi-outcome/redemptions', (c: ExchangeClient) => c.prediction.redeemMultiOutcomeCompleteSet({ marketId: '1001', amount: 5 })],
      ['prediction.claimWinnings', '/api/v1/prediction/claims', (c: ExchangeClient) => c.prediction.claimWinnings({ marketId: '1001' })],
      ['prediction.claimMultiOutcomeWinnings', '/api/v1/prediction/multi-outcome/claims', (c: ExchangeClient) => c.prediction.claimMultiOutcomeWinnings({ marketId: '1001', outcomeIndex: 0 })],
    ] as const)('%s leaves no record to find: pending in the window, then unknown naming what to check', async (operation, path, write) => {
      const { item } = await neverHandled('POST', path, write, 'unknown')
      expect(item).toMatchObject({ outcome: 'unknown', operation })
      expect(item.reason).toMatch(/listMyPositions/)
    })

    it('perp.closePosition by size leaves no order of yours: unknown after the window, naming the trade history', async () => {
      const { item } = await neverHandled('POST', `/api/v1/perp/positions/${market}/close`, (c) => c.perp.closePosition({ market, type: 'market', size: '0.001' }), 'unknown')
      expect(item).toMatchObject({ outcome: 'unknown', operation: 'perp.closePosition' })
      expect(item.reason).toMatch(/listTradeHistory/)
    })

    it('client.request() of a write: journaled by method and path, unknown after the window', async () => {
      const { item } = await neverHandled('POST', '/api/v1/account/deposits', (c) => c.request({ method: 'POST', path: '/api/v1/account/deposits', body: { token: 'USDC', amount: '1' } }), 'unknown')
      expect(item).toMatchObject({ outcome: 'unknown', operation: 'POST /api/v1/account/deposits' })
    })
  })

  describe('prediction markets and their oracle: by the market and the proposal', () => {
    const newMarket = (question: string) => ({ question, category: 'crypto', marketType: 'binary', endTime: Date.now() + 86_400_000 * 30 }) as const

    it('prediction.createMarket: applied when a market with its question, category and end is listed', async () => {
      const store = memoryStore()
      const input = newMarket('Will the journal find this market?')
      await lost(store, 'POST', '/api/v1/prediction/markets', 'after', (c) => c.prediction.createMarket(input))
      expect(await recoverOne(store)).toMatchObject({ outcome: 'applied', found: { question: input.question } })
    })

    it('prediction.createMarket never handled: not-applied after the window', async () => {
      const { item } = await neverHandled('POST', '/api/v1/prediction/markets', (c) => c.prediction.createMarket(newMarket('Will this market never exist?')), 'not-applied')
      expect(item.outcome).toBe('not-applied')
    })

    /** The seed's markets whose proposal is open to challenges, and past its challenge period. */
    async function proposals() {
      const now = (await other.system.getTime()).serverTime
      const found = { challengeable: [] as string[], finalizable: [] as string[] }
      for (const { marketId } of (await other.prediction.listMarkets({ pageSize: 100 })).items) {
        const proposal = await other.prediction.getProposal({ marketId })
        if (proposal.status !== 'proposed' || proposal.challengeDeadline === null) continue
        found[proposal.challengeDeadline > now ? 'challengeable' : 'finalizable'].push(marketId)
      }
      return found
    }

    it('prediction.challengeResult: applied when the proposal lists a challenge of that outcome in its window', async () => {
      const marketId = (await proposals()).challengeable[0]!
      const store = memoryStore()
      await lost(store, 'POST', '/api/v1/prediction/oracle/challenges', 'after', (c) => c.prediction.challengeResult({ marketId, outcomeIndex: 1 }))
      expect(await recoverOne(store)).toMatchObject({ outcome: 'applied', operation: 'prediction.challengeResult', found: { challenges: [expect.objectContaining({ outcomeIndex: 1 })] } })
    })

    it('prediction.finalizeResult: applied when the proposal is final', async () => {
      const marketId = (await proposals()).finalizable[0]!
      const store = memoryStore()
      await lost(store, 'POST', '/api/v1/prediction/oracle/finalizations', 'after', (c) => c.prediction.finalizeResult({ marketId }))
      expect(await recoverOne(store)).toMatchObject({ outcome: 'applied', operation: 'prediction.finalizeResult', found: { status: 'finalized' } })
    })
  })

  describe('a key rotation: by whether the key still takes the old secret', async () => {
    // An exchange of its own: rotating the shared one's key would break the other tests.
    const { url: keyUrl, exchange: keyExchange } = await startLocalExchange({ now: clock.now })
    const keyOptions = { ...options, baseUrl: keyUrl }
    const keyProcess = (store: JournalStore) => new ExchangeClient({ ...keyOptions, journal: journalOn(store) })

    it('lost before the exchange saw it: pending, then not-applied (the old secret still signs)', async () => {
      const store = memoryStore()
      keyExchange.faults.add({ kind: 'drop', when: 'before', count: 1, match: { method: 'POST', pathPrefix: '/api/v1/accounts/me/api-key/rotate' } })
      await expect(keyProcess(store).rotate()).rejects.toMatchObject({ kind: 'outcome-unknown' })
      expect((await keyProcess(store).recover()).items).toMatchObject([{ operation: 'keys.rotate', outcome: 'pending' }])
      clock.advance(WINDOW_MS + 1_000)
      expect((await keyProcess(store).recover()).items).toMatchObject([{ operation: 'keys.rotate', outcome: 'not-applied' }])
    })

    it('lost after it took effect: applied, saying the new secret went with the answer', async () => {
      const store = memoryStore()
      keyExchange.faults.add({ kind: 'drop', when: 'after', count: 1, match: { method: 'POST', pathPrefix: '/api/v1/accounts/me/api-key/rotate' } })
      await expect(keyProcess(store).rotate()).rejects.toMatchObject({ kind: 'outcome-unknown' })
      const { items } = await keyProcess(store).recover()
      expect(items).toMatchObject([{ operation: 'keys.rotate', outcome: 'applied' }])
      expect(items[0]!.reason).toMatch(/new secret was lost/)
    })
  })

  describe('the journal around recover()', () => {
    it('a record signed with another key is kept and reported pending, naming the key', async () => {
      const store = memoryStore()
      await lost(store, 'POST', '/api/v1/perp/orders', 'after', (c) => c.perp.placeOrder({ market, side: 'buy', type: 'limit', size: '0.001', price: price(0.95) }))
      const { items } = await new ExchangeClient({ ...options, ...TEST_KEYS.bob, journal: journalOn(store) }).recover()
      expect(items).toMatchObject([{ outcome: 'pending' }])
      expect(items[0]!.reason).toContain(key.apiKey.slice(0, 9))
      expect(await store.list()).toHaveLength(1)
    })

    it('twice in a row: the second finds nothing left of what the first settled, and concurrent calls share one run', async () => {
      const store = memoryStore()
      await lost(store, 'POST', '/api/v1/perp/orders', 'after', (c) => c.perp.placeOrder({ market, side: 'buy', type: 'limit', size: '0.001', price: price(0.95) }))
      const client = processOn(store)
      const [first, same] = [client.recover(), client.recover()]
      expect(same).toBe(first)
      expect((await first).items).toMatchObject([{ outcome: 'applied' }])
      expect((await client.recover()).items).toEqual([])
    })

    it('leaves alone a write this process has in flight', async () => {
      const store = memoryStore()
      const client = processOn(store)
      exchange.faults.add({ kind: 'latency', ms: 300, count: 1, match: { method: 'POST', pathPrefix: '/api/v1/perp/orders' } })
      const placing = client.perp.placeOrder({ market, side: 'buy', type: 'limit', size: '0.001', price: price(0.95) })
      while ((await store.list()).length === 0) await new Promise((resolve) => setTimeout(resolve, 5))
      expect((await client.recover()).items).toEqual([])
      await placing
      expect(await store.list()).toEqual([])
    })

    it('a core given a journal recovers through recover(core); without a journal, recover() names the option', async () => {
      const store = memoryStore()
      await lost(store, 'POST', '/api/v1/perp/orders', 'after', (c) => c.perp.placeOrder({ market, side: 'buy', type: 'limit', size: '0.001', price: price(0.95) }))
      const core = withKey(new ExchangeCore({ baseUrl: url, now: clock.now, monotonicNow: clock.now, journal: journalOn(store) }), key)
      expect((await recover(core)).items).toMatchObject([{ outcome: 'applied' }])
      await expect(new ExchangeClient(options).recover()).rejects.toMatchObject({ kind: 'validation', field: 'journal' })
      // An untyped caller's misspelt or ill-typed option is named before anything is looked up.
      const client = processOn(memoryStore())
      await expect(client.recover({ wiat: true } as never)).rejects.toThrow('wiat: unknown field; did you mean wait?')
      await expect(client.recover({ pollMs: '1s' } as never)).rejects.toThrow('pollMs: must be a number of ms')
      expect(() => new ExchangeClient({ ...options, journal: memoryStore() as never })).toThrow(/journalOn\(store\)/)
      expect(memoryJournal()).toBeDefined()
    })
  })
})
