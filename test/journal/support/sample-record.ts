import type { JournalRecord } from '../../../src/journal/store.ts'

/** A record as the SDK would write it for an order placement, with `id` as its clientOrderId. */
export function sampleRecord(id: string, changes: Partial<JournalRecord> = {}): JournalRecord {
  return {
    id,
    operation: 'perp.placeOrder',
    method: 'POST',
    path: '/api/v1/perp/orders',
    clientOrderIds: [id],
    market: 'BTC-USDC',
    input: { symbol: 'BTC-USDC', side: 'BUY', quantity: '0.01', price: '50000', clientOrderId: id },
    bodyDigest: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    firstSignedAt: 1_700_000_000_000,
    lastSignedAt: 1_700_000_000_000,
    baseUrl: 'http://127.0.0.1:8080',
    apiKey: `test_${'ab'.repeat(32)}`,
    writer: 'writer-1',
    ...changes,
  }
}
