import { ExchangeValidationError } from '../errors.ts'
import type { JournalRecord } from './store.ts'

/**
 * Every store keys records by id, and a file journal could not read a line back without one: a record
 * without a non-empty string id is refused before any I/O.
 */
export function assertRecord(record: JournalRecord): void {
  if (typeof record !== 'object' || record === null) {
    throw new ExchangeValidationError('record', 'type', `a journal record must be an object; got ${record === null ? 'null' : typeof record}`)
  }
  assertRecordId(record.id, 'record.id')
}

export function assertRecordId(id: unknown, field = 'id'): asserts id is string {
  if (typeof id !== 'string' || id === '') {
    throw new ExchangeValidationError(field, 'type', `${field} must be a non-empty string; got ${id === '' ? 'an empty string' : typeof id}`)
  }
}
