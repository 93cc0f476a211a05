// The crash bot's own logic (support/crash-intents.ts), without processes: an intent is found again from its
// order's price as the exchange shows it, and a recover() report folds into the ledger as the soak needs
// (applied → done, not-applied → open, pending → blocked). The soak itself is crash-soak.test.ts.
import { describe, expect, it } from 'vitest'
import { applyRecovery, intentOf, intentOrder, openIntents, parseLedger, parseStoreLines, type LedgerEntry, type RecoveredItem } from './support/crash-intents.ts'

const item = (intent: number, outcome: RecoveredItem['outcome'], found?: object): RecoveredItem => ({
  id: `r${intent}`,
  operation: 'perp.placeOrder',
  clientOrderIds: [`c${intent}`],
  outcome,
  record: { input: intentOrder(intent) },
  found,
})

describe('intents', () => {
  it('each intent has its own in-band price, read back from the order however the decimal is written', () => {
    const prices = new Set(Array.from({ length: 300 }, (_, i) => intentOrder(i).price))
    expect(prices.size).toBe(300)
    for (const intent of [0, 1, 9, 10, 199, 299]) {
      const order = intentOrder(intent)
      expect(intentOf(order)).toBe(intent)
      expect(intentOf({ ...order, price: `${order.price}00`, size: '0.0010' })).toBe(intent)
      // 12 % below the mark of 65000: inside the exchange's 15 % band, far from any fill.
      expect(Math.abs(Number(order.price) - 65_000) / 65_000).toBeLessThan(0.13)
    }
    expect(intentOf({ market: 'BTC-USDC', size: '0.001', price: '57000.0' })).toBe(0)
    expect(intentOf({ market: 'ETH-USDC', size: '0.001', price: '57000.1' })).toBeUndefined()
    expect(intentOf({ market: 'BTC-USDC', size: '0.002', price: '57000.1' })).toBeUndefined()
    expect(intentOf({ market: 'BTC-USDC', size: '0.001', price: '56999.9' })).toBeUndefined()
  })
})

describe('a restart', () => {
  const ledger: LedgerEntry[] = [{ intent: 0, clientOrderId: 'c0', orderId: '100', via: 'answer' }]

  it('applied → done (learnt when the ledger lacked it), not-applied → open, pending → blocked', () => {
    const state = applyRecovery(ledger, [item(0, 'applied', { clientOrderId: 'c0' }), item(1, 'applied', { clientOrderId: 'c1', orderId: '101' }), item(2, 'not-applied'), item(3, 'pending')])
    expect(state.learnt).toEqual([{ intent: 1, clientOrderId: 'c1', orderId: '101', via: 'recover' }])
    expect([...state.done.keys()].sort()).toEqual([0, 1])
    expect([...state.blocked]).toEqual([3])
    expect(state.anomalies).toEqual([])
    expect(openIntents(6, state)).toEqual([2, 4, 5])
  })

  it('names what the bot never expects: a second order for a done intent, an unknown outcome, a write not its own', () => {
    const state = applyRecovery(ledger, [item(0, 'applied', { clientOrderId: 'other' }), { ...item(4, 'unknown'), reason: 'check it' }, { ...item(5, 'pending'), operation: 'perp.cancelOrder' }])
    expect(state.anomalies).toEqual(['intent 0: recover found other, the ledger holds c0', 'r4: unknown (check it)', 'r5: perp.cancelOrder is no write of this bot'])
    expect([...state.blocked]).toEqual([4])
  })

  it('reads a ledger and a store file whose last line a kill cut short', () => {
    const line = JSON.stringify(ledger[0])
    expect(parseLedger(`${line}\n${line.slice(0, 12)}`)).toEqual(ledger)
    expect(parseStoreLines('{"put":{"id":"a"}}\n{"put":{"id":"b"}}\n{"delete":"a"}\n{"put":{"id":"c"')).toEqual([{ id: 'b' }])
  })
})
