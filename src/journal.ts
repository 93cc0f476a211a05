// exchange-client/journal: a durable record of every signed write until its outcome is definite, and
// `recover()` after a crash. Browser-safe; the file journal (Node, Deno, Bun) is exchange-client/journal-file.
import { Journal, journalOn, type JournalOptions } from './journal/journal.ts'
import { indexedDbStore } from './journal/indexed-db.ts'
import { memoryStore } from './journal/memory.ts'
import type { RecoverOptions, RecoveryReport } from './journal/recover.ts'
import { recoverThrough } from './journal/recover-through.ts'

export { Journal, journalOn }
export type { JournalOptions }
export type { JournalRecord, JournalStore } from './journal/store.ts'
export type { RecoverOptions, RecoveryItem, RecoveryOutcome, RecoveryReport } from './journal/recover.ts'

/** A journal in this process's memory: it survives a lost answer, not a crash (tests, short scripts). */
export function memoryJournal(options?: JournalOptions): Journal {
  return journalOn(memoryStore(), options)
}

/** A journal in the page's IndexedDB database `name`: it survives a reload, a closed tab, a crashed browser. */
export function indexedDbJournal(name: string, options?: JournalOptions): Journal {
  return journalOn(indexedDbStore(name), options)
}

/** `client.recover()` for a core given a journal: `recover(core)`. */
export const recover: (core: object, options?: RecoverOptions) => Promise<RecoveryReport> = recoverThrough
