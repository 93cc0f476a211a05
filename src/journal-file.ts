// exchange-client/journal-file (Node, Deno, Bun): a journal in a file, flushed to disk before each
// write leaves. Its own entry, so no browser bundle sees node:fs.
import { journalOn, type Journal, type JournalOptions } from './journal/journal.ts'
import { fileStore } from './journal/file.ts'

/**
 * A journal in the file at `path` (JSON lines, append-only, fsync'd before each write leaves,
 * compacted on open). One process's at a time: a second opener is refused while the first lives.
 */
export function fileJournal(path: string, options?: JournalOptions): Journal {
  return journalOn(fileStore(path), options)
}
