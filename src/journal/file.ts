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
  /** Every write and the close run one after another through this chain, so lines never interleave. */
  let chain: Promise<unknown> = Promise.resolve()
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

  /** Queues a write behind the ones before it. */
  function write(what: string, work: (open: OpenJournal) => Promise<void>): Promise<void> {
    if (closing) return Promise.reject(closedError())
    const run = chain.then(async () => {
      const open = await journal()
      if (broken) throw new ExchangeJournalError(`the journal file ${file} takes no more writes after a failed one: close it and open it again`, { cause: broken })
      try {
        await work(open)
      } catch (cause) {
        broken = new ExchangeJournalError(`the journal file ${file} could not ${what}: ${reason(cause)}`, { cause })
        throw broken
      }
    })
    chain = run.catch(() => undefined)
    return run
  }

  return {
    async put(record: JournalRecord) {
      assertRecord(record)
      const json = JSON.stringify(record)
      await write(`append record ${record.id}`, async ({ handle, records }) => {
        await append(handle, putLine(json))
        await handle.sync()
        records.set(record.id, json)
      })
    },
    async delete(id: string) {
      assertRecordId(id)
      await write(`append the delete of ${id}`, async ({ handle, records }) => {
        if (!records.has(id)) return
        await append(handle, deleteLine(id))
        records.delete(id)
      })
    },
    async list() {
      if (closing) throw closedError()
      const { records } = await journal()
      return [...records.values()].map((json) => JSON.parse(json) as JournalRecord)
    },
    close() {
      closing ??= chain.then(async () => {
        const open = await opened?.catch(() => undefined)
        if (!open) return
        await step(file, 'be closed', () => open.handle.close())
        await step(file, 'give its lock up', () => releaseLock(file))
      })
      return closing
    },
  }
}
