// The IndexedDB journal in real Chromium: what it keeps across connections, and that each write is
// its own strict-durability transaction, resolved on the transaction's `complete`.
import { afterEach, describe, expect, it } from 'vitest'
import { indexedDbStore } from '../../src/journal/indexed-db.ts'
import { sampleRecord } from '../journal/support/sample-record.ts'
import { allValues } from './support/indexed-db.ts'

const DATABASE = 'indexed-db-journal-test'
const stores: { close(): Promise<void> }[] = []
const opened = () => {
  const store = indexedDbStore(DATABASE)
  stores.push(store)
  return store
}
const realTransaction = IDBDatabase.prototype.transaction

afterEach(async () => {
  IDBDatabase.prototype.transaction = realTransaction
  await Promise.all(stores.splice(0).map((store) => store.close()))
  await new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(DATABASE)
    request.onsuccess = resolve
    request.onerror = () => reject(request.error)
  })
})

/** Every record the database holds, read without the store. */
const rawRecords = () => allValues(DATABASE, 'records')

describe('the IndexedDB journal', () => {
  it('lists what was put and not deleted, a record put again with its last contents; a delete of a missing id is no error', async () => {
    const store = opened()
    for (const id of ['a', 'b', 'c']) await store.put(sampleRecord(id))
    await store.delete('b')
    await store.delete('never-put')
    await store.put(sampleRecord('a', { lastSignedAt: 1_700_000_009_000 }))
    const expected = [sampleRecord('a', { lastSignedAt: 1_700_000_009_000 }), sampleRecord('c')]
    expect(await store.list()).toEqual(expected)
    expect(await rawRecords()).toEqual(expected)
  })

  it('keeps its records for the next connection: a second store on the same name, after the first closed', async () => {
    const first = opened()
    await first.put(sampleRecord('a'))
    await first.put(sampleRecord('b'))
    await first.close()
    expect(await opened().list()).toEqual([sampleRecord('a'), sampleRecord('b')])
    expect((await first.list().catch((error: Error) => error)) as Error).toMatchObject({ name: 'ExchangeJournalError', message: `the IndexedDB journal "${DATABASE}" is closed` })
  })

  it('writes each put and delete in a readwrite transaction of its own, with durability strict', async () => {
    const store = opened()
    await store.list() // the open's own transactions are not counted
    const transactions: { mode: string | undefined; durability: string | undefined }[] = []
    IDBDatabase.prototype.transaction = function (this: IDBDatabase, names: string | string[], mode?: IDBTransactionMode, options?: IDBTransactionOptions) {
      transactions.push({ mode, durability: options?.durability })
      return realTransaction.call(this, names, mode, options)
    }
    await store.put(sampleRecord('a'))
    await store.put(sampleRecord('b'))
    await store.delete('a')
    const strictWrite = { mode: 'readwrite', durability: 'strict' }
    expect(transactions).toEqual([strictWrite, strictWrite, strictWrite])
  })

  it('resolves a put on its transaction\'s complete, not on its request\'s success', async () => {
    const store = opened()
    await store.list()
    const events: string[] = []
    IDBDatabase.prototype.transaction = function (this: IDBDatabase, names: string | string[], mode?: IDBTransactionMode, options?: IDBTransactionOptions) {
      const transaction = realTransaction.call(this, names, mode, options)
      transaction.addEventListener('complete', () => events.push('complete'))
      const objectStore = transaction.objectStore('records')
      const realPut = objectStore.put
      objectStore.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
        const request = realPut.apply(this, args)
        request.addEventListener('success', () => events.push('success'))
        return request
      }
      return transaction
    }
    await store.put(sampleRecord('a'))
    events.push('resolved')
    expect(events).toEqual(['success', 'complete', 'resolved'])
  })
})
