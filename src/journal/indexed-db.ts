// The browser's journal: IndexedDB, one database per journal. Browser-safe: no Node built-in here.
import { ExchangeValidationError } from '../errors.ts'
import { ExchangeJournalError, reason } from './journal-error.ts'
import { assertRecord, assertRecordId } from './record-id.ts'
import type { JournalRecord, JournalStore } from './store.ts'

const RECORDS = 'records'
const VERSION = 1

export const NO_INDEXED_DB =
  'indexedDbJournal needs IndexedDB (a browser page or worker); in Node, Deno or Bun use fileJournal from exchange-client/journal-file'

function settled<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
}

function openDatabase(factory: IDBFactory, name: string): Promise<IDBDatabase> {
  const request = factory.open(name, VERSION)
  request.onupgradeneeded = () => request.result.createObjectStore(RECORDS, { keyPath: 'id' })
  return settled(request)
}

/**
 * One transaction, settled when it completes: a write's `success` only says the request ran, while
 * `complete` with durability 'strict' says the browser flushed it to disk (the default, 'relaxed' in
 * Chromium, may lose it to a power cut after resolving).
 */
function transact<T>(db: IDBDatabase, mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(RECORDS, mode, { durability: 'strict' })
    const request = work(transaction.objectStore(RECORDS))
    transaction.oncomplete = () => resolve(request.result)
    // A failed request aborts its transaction; the abort carries the request's error.
    transaction.onabort = () => reject(transaction.error ?? request.error ?? new DOMException('the transaction was aborted', 'AbortError'))
  })
}

/**
 * A journal in IndexedDB database `name` (object store `records`, keyed by id). Each put and delete is
 * its own transaction, resolved when it is durable. The database is opened on the first call, once;
 * `close()` closes it, after which calls fail.
 */
export function indexedDbStore(name: string): JournalStore & { close(): Promise<void> } {
  if (typeof name !== 'string' || name === '') {
    throw new ExchangeValidationError('name', 'type', `indexedDbJournal(name): name must be a non-empty string, the IndexedDB database's; got ${name === '' ? 'an empty string' : typeof name}`)
  }
  let opened: Promise<IDBDatabase> | undefined
  let closed = false

  function database(): Promise<IDBDatabase> {
    if (closed) return Promise.reject(new ExchangeJournalError(`the IndexedDB journal "${name}" is closed`))
    if (opened) return opened
    const attempt = open()
    opened = attempt
    const forget = () => {
      if (opened === attempt) opened = undefined
    }
    attempt.then((db) => {
      // Another tab upgrading or deleting the database waits for this connection: let it go, and open
      // again on the next call. The browser closing it (storage cleared) is met the same way.
      db.onversionchange = db.onclose = () => {
        db.close()
        forget()
      }
    }, forget) // a failed open is tried again on the next call (the user may have freed quota)
    return attempt
  }

  async function open(): Promise<IDBDatabase> {
    const factory = (globalThis as { indexedDB?: IDBFactory }).indexedDB
    if (!factory) throw new ExchangeJournalError(NO_INDEXED_DB)
    try {
      return await openDatabase(factory, name)
    } catch (cause) {
      throw new ExchangeJournalError(`the IndexedDB journal "${name}" could not be opened: ${reason(cause)}`, { cause })
    }
  }

  async function run<T>(mode: IDBTransactionMode, what: string, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
    const db = await database()
    try {
      return await transact(db, mode, work)
    } catch (cause) {
      throw new ExchangeJournalError(`the IndexedDB journal "${name}" could not ${what}: ${reason(cause)}`, { cause })
    }
  }

  return {
    async put(record) {
      assertRecord(record)
      await run('readwrite', `put record ${record.id}`, (store) => store.put(record))
    },
    async delete(id) {
      assertRecordId(id)
      await run('readwrite', `delete record ${id}`, (store) => store.delete(id))
    },
    async list() {
      return run<JournalRecord[]>('readonly', 'list its records', (store) => store.getAll())
    },
    async close() {
      if (closed) return
      closed = true
      const db = await opened?.catch(() => undefined)
      db?.close()
      opened = undefined
    },
  }
}
