// The journal for Node, Deno and Bun (its own entry, exchange-client/journal-file: browser bundles never
// see node:fs): one JSON Lines file, appended to, flushed before a put resolves, compacted on open.
import { mkdir, open, readFile, rename, type FileHandle } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { ExchangeValidationError } from '../errors.ts'
import { deleteLine, putLine, replay } from './file-lines.ts'
import { releaseLock, takeLock } from './file-lock.ts'
import { ExchangeJournalError, reason } from './journal-error.ts'
import { assertRecord, assertRecordId } from './record-id.ts'
import type { JournalRecord, JournalStore } from './store.ts'

export interface FileJournalStore extends JournalStore {
  /** Waits for the writes in flight, closes the file and gives its lock up; later calls fail. */
  close(): Promise<void>
}

/** A write waiting for the file: a put (its record as JSON) or a delete (`json` undefined). */
interface Queued {
  readonly id: string
  readonly json: string | undefined
  /** For the error, if it fails: `append record <id>`. */
  readonly what: string
  settle(error?: unknown): void
}

/** An open journal: the file, appended to, and its live records (id → JSON text) kept in step with it. */
interface OpenJournal {
  readonly handle: FileHandle
  readonly records: Map<string, string>
}

const code = (error: unknown) => (error as { code?: unknown } | null)?.code
const encoder = new TextEncoder()

/** Runs one I/O step, its failure named: which file, doing what. */
async function step<T>(file: string, what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (cause) {
    if (cause instanceof ExchangeJournalError) throw cause
    throw new ExchangeJournalError(`the journal file ${file} could not ${what}: ${reason(cause)}`, { cause })
  }
}

/** Writes all of `text`: one write call, and more only if the system took part of it. */
async function append(handle: FileHandle, text: string): Promise<void> {
  const bytes = encoder.encode(text)
  for (let written = 0; written < bytes.length;) written += (await handle.write(bytes, written, bytes.length - written)).bytesWritten
}

async function readText(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8')
  } catch (error) {
    if (code(error) === 'ENOENT') return ''
    throw error
  }
}

/** A directory's fsync makes a rename in it durable; some platforms (Windows) refuse to open or sync a directory. */
async function syncDirectory(dir: string): Promise<void> {
  let handle: FileHandle | undefined
  try {
    handle = await open(dir, 'r')
    await handle.sync()
  } catch (error) {
    if (!['EISDIR', 'EPERM', 'EACCES', 'EINVAL', 'ENOTSUP', 'EBADF'].includes(code(error) as string)) throw error
  } finally {
    await handle?.close()
  }
}

/** Rewrites the file as the live records alone, atomically: a crash leaves the old file or the new one. */
async function compact(file: string, records: Map<string, string>): Promise<void> {
  const temporary = `${file}.tmp`
  const handle = await open(temporary, 'w')
  try {
    await append(handle, [...records.values()].map(putLine).join(''))
    await handle.sync()
  } finally {
    await handle.close()
  }
  await rename(temporary, file)
  await syncDirectory(dirname(file))
}

/**
 * A journal in the file at `path` (JSON Lines; the directory is created if missing). Opened on the
 * first call: it takes `<path>.lock` (one process per file), replays the file (dropping a torn last
 * line), compacts it, then appends. A put resolves once its line is on disk (fsync); a delete is
 * appended in order but not flushed, since a lost delete only makes `recover()` settle that record again.
 */
export function fileStore(path: string): FileJournalStore {
  if (typeof path !== 'string' || path === '') {
    throw new ExchangeValidationError('path', 'type', `fileJournal(path): path must be a non-empty string, the journal file's; got ${path === '' ? 'an empty string' : typeof path}`)
  }
  const file = resolve(path)
  let opened: Promise<OpenJournal> | undefined
  /**
   * Writes waiting for the file. One drain at a time takes all of them: their lines in one write call, in
   * call order, and one fsync if any is a put (group commit: 64 puts in flight cost one flush, not 64).
   */
  let queue: Queued[] = []
  let draining: Promise<void> | undefined
  let closing: Promise<void> | undefined
  /** Set by a failed write: the file may end in part of a line, so nothing more is appended after it. */
  let broken: ExchangeJournalError | undefined

  async function openJournal(): Promise<OpenJournal> {
    await step(file, 'create its directory', () => mkdir(dirname(file), { recursive: true }))
    await takeLock(file)
    try {
      const records = replay(await step(file, 'be read', () => readText(file)), file)
      await step(file, 'be compacted', () => compact(file, records))
      const handle = await step(file, 'be opened for appending', () => open(file, 'a'))
      return { handle, records }
    } catch (error) {
      await releaseLock(file).catch(() => undefined)
      throw error
    }
  }

  function journal(): Promise<OpenJournal> {
    if (!opened) {
      const attempt = openJournal()
      opened = attempt
      attempt.catch(() => {
        if (opened === attempt) opened = undefined // a later call tries again (the file may be fixed by then)
      })
    }
    return opened
  }

  const closedError = () => new ExchangeJournalError(`the journal file ${file} is closed`)

  /** Queues a write behind the ones before it; it resolves once its line (and, for a put, the disk) has it. */
  function write(item: Omit<Queued, 'settle'>): Promise<void> {
    if (closing) return Promise.reject(closedError())
    return new Promise<void>((resolve, reject) => {
      queue.push({ ...item, settle: (error) => (error ? reject(error) : resolve()) })
      draining ??= drain()
    })
  }

  async function drain(): Promise<void> {
    for (let batch = queue; batch.length > 0; batch = queue) {
      queue = []
      await writeBatch(batch)
    }
    draining = undefined // in the same step as the empty check: a write queued later starts a drain of its own
  }

  async function writeBatch(batch: Queued[]): Promise<void> {
    let open: OpenJournal
    try {
      open = await journal()
      if (broken) throw new ExchangeJournalError(`the journal file ${file} takes no more writes after a failed one: close it and open it again`, { cause: broken })
    } catch (error) {
      for (const item of batch) item.settle(error)
      return
    }
    // The lines as the records stand after each write before it: a delete of a record not there writes nothing.
    const live = new Set(open.records.keys())
    let text = ''
    for (const item of batch) {
      if (item.json === undefined && !live.has(item.id)) continue
      text += item.json === undefined ? deleteLine(item.id) : putLine(item.json)
      if (item.json === undefined) live.delete(item.id)
      else live.add(item.id)
    }
    try {
      await append(open.handle, text)
      if (batch.some((item) => item.json !== undefined)) await open.handle.sync()
    } catch (cause) {
      const what = batch.length === 1 ? batch[0]!.what : `append ${batch.length} lines (${batch.map((item) => item.what).join(', ')})`
      broken = new ExchangeJournalError(`the journal file ${file} could not ${what}: ${reason(cause)}`, { cause })
      for (const item of batch) item.settle(broken)
      return
    }
    for (const item of batch) {
      if (item.json === undefined) open.records.delete(item.id)
      else open.records.set(item.id, item.json)
      item.settle()
    }
  }

  return {
    async put(record: JournalRecord) {
      assertRecord(record)
      await write({ id: record.id, json: JSON.stringify(record), what: `append record ${record.id}` })
    },
    async delete(id: string) {
      assertRecordId(id)
      await write({ id, json: undefined, what: `append the delete of ${id}` })
    },
    async list() {
      if (closing) throw closedError()
      const { records } = await journal()
      return [...records.values()].map((json) => JSON.parse(json) as JournalRecord)
    },
    close() {
      closing ??= Promise.resolve(draining).then(async () => {
        const open = await opened?.catch(() => undefined)
        if (!open) return
        await step(file, 'be closed', () => open.handle.close())
        await step(file, 'give its lock up', () => releaseLock(file))
      })
      return closing
    },
  }
}
