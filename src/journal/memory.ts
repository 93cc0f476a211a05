import { assertRecord, assertRecordId } from './record-id.ts'
import type { JournalRecord, JournalStore } from './store.ts'

/**
 * A journal kept in this process's memory: it survives no crash, so it serves tests and programs that
 * want `recover()`'s bookkeeping within one run. Records are copied in and out, so a caller that
 * changes an object after `put` (or one `list` returned) changes nothing stored.
 */
export function memoryStore(): JournalStore {
  // A Map keeps insertion order; a record put again (a retry) keeps its place.
  const records = new Map<string, JournalRecord>()
  return {
    async put(record) {
      assertRecord(record)
      records.set(record.id, structuredClone(record))
    },
    async delete(id) {
      assertRecordId(id)
      records.delete(id)
    },
    async list() {
      return [...records.values()].map((record) => structuredClone(record))
    },
  }
}
