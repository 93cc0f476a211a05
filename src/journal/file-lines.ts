// A file journal's text: JSON Lines, append-only, `{"put":<record>}` and `{"delete":"<id>"}`. What a
// line holds and how a file's lines replay; no I/O, so the rules are read (and tested) in one place.
import { ExchangeJournalError } from './journal-error.ts'

/** A put's line from the record's JSON text, exactly as `JSON.stringify({ put: record })` writes it. */
export const putLine = (recordJson: string): string => `{"put":${recordJson}}\n`
export const deleteLine = (id: string): string => `${JSON.stringify({ delete: id })}\n`

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** What one parsed line says; undefined when it is JSON but no journal entry (corruption, not a torn write). */
function entryOf(value: unknown): { put: Record<string, unknown> } | { delete: string } | undefined {
  if (!isObject(value) || Object.keys(value).length !== 1) return undefined
  const { put } = value
  if (isObject(put) && typeof put.id === 'string' && put.id !== '') return { put }
  return typeof value.delete === 'string' && value.delete !== '' ? { delete: value.delete } : undefined
}

function damaged(file: string, line: number, what: string): ExchangeJournalError {
  return new ExchangeJournalError(
    `the journal file ${file} is damaged at line ${line}: ${what}. Only the last line may be torn (a write cut short by a crash); `
      + 'a bad line before it is never guessed at: restore the file, or move it aside and settle its orders by hand',
  )
}

/**
 * The live records of a journal file's text: id → the record's JSON text, in the order first put
 * (a record put again keeps its place, as the memory store's Map does). The last line is dropped when
 * it is torn (no newline after it, or not JSON): a put cut short by a crash had not resolved, so its
 * request never left, and a lost delete only makes `recover()` settle the record again. Any other
 * bad line throws, naming the file and line.
 */
export function replay(text: string, file: string): Map<string, string> {
  const lines = text.split('\n')
  // What follows the last newline: empty in a whole file, else a write cut short.
  lines.pop()
  const records = new Map<string, string>()
  for (let index = 0; index < lines.length; index++) {
    let value: unknown
    try {
      value = JSON.parse(lines[index]!)
    } catch {
      if (index === lines.length - 1) break
      throw damaged(file, index + 1, 'not JSON')
    }
    const entry = entryOf(value)
    if (!entry) throw damaged(file, index + 1, 'JSON, but neither {"put":<record with an id>} nor {"delete":"<id>"}')
    if ('put' in entry) records.set(entry.put.id as string, JSON.stringify(entry.put))
    else records.delete(entry.delete)
  }
  return records
}
