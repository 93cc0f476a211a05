// The file journal on real files and real processes: what survives a reopen, a torn last line, a
// damaged file, compaction, the fsync before a put resolves, and two processes on one file.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ExchangeValidationError, isExchangeError } from '../../src/errors.ts'
import { fileStore, type FileJournalStore } from '../../src/journal/file.ts'
import { failure } from '../support/failure.ts'
import { sampleRecord } from './support/sample-record.ts'

const HOLDER = join(import.meta.dirname, 'support', 'hold-journal.ts')

/** A put's line as the format defines it, written out here by hand. */
const putText = (record: object) => `{"put":${JSON.stringify(record)}}\n`
const lines = (path: string) => readFileSync(path, 'utf8').split('\n').filter((line) => line !== '')

let dir: string
let path: string
const stores: FileJournalStore[] = []
const children: ChildProcess[] = []
const opened = (at = path) => {
  const store = fileStore(at)
  stores.push(store)
  return store
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'file-journal-'))
  path = join(dir, 'journal.jsonl')
})

afterEach(async () => {
  vi.restoreAllMocks()
  for (const child of children.splice(0)) child.kill('SIGKILL')
  await Promise.all(stores.splice(0).map((store) => store.close().catch(() => undefined)))
  rmSync(dir, { recursive: true, force: true })
})

/** FileHandle.prototype, which node:fs/promises does not export: what the spies below wrap. */
async function fileHandlePrototype(): Promise<object> {
  const path = join(tmpdir(), `file-handle-probe-${process.pid}`)
  const probe = await open(path, 'w')
  await probe.close()
  rmSync(path)
  return Object.getPrototypeOf(probe) as object
}

describe('the file journal', () => {
  it('keeps what was put and not deleted across a reopen, a record put again in its first place with its last contents', async () => {
    const first = opened()
    await first.put(sampleRecord('a'))
    await first.put(sampleRecord('b'))
    await first.put(sampleRecord('c'))
    await first.delete('b')
    await first.put(sampleRecord('a', { lastSignedAt: 1_700_000_009_000 }))
    await first.delete('never-put')
    await first.close()

    const expected = [sampleRecord('a', { lastSignedAt: 1_700_000_009_000 }), sampleRecord('c')]
    expect(await opened().list()).toEqual(expected)
  })

  it('creates the directory, and a missing file is an empty journal', async () => {
    const nested = join(dir, 'bots', 'one', 'journal.jsonl')
    expect(await opened(nested).list()).toEqual([])
    expect(readFileSync(nested, 'utf8')).toBe('')
  })

  it.each([
    ['cut short (no newline after it)', '{"put":{"id":"c","operation":"perp.pla'],
    ['not JSON, newline and all', '{"put":{"id":"c"\n'],
    ['whole but for its newline (the put had not resolved)', putText(sampleRecord('c')).trimEnd()],
  ])('drops a torn last line %s, keeps the rest, and leaves only whole lines', async (_, torn) => {
    writeFileSync(path, putText(sampleRecord('a')) + putText(sampleRecord('b')) + torn)
    expect(await opened().list()).toEqual([sampleRecord('a'), sampleRecord('b')])
    expect(readFileSync(path, 'utf8')).toBe(putText(sampleRecord('a')) + putText(sampleRecord('b')))
  })

  it.each([
    ['not JSON', '{"put":{"id":"b"'],
    ['JSON but no entry', '{"post":{"id":"b"}}'],
    ['a put without an id', '{"put":{"operation":"perp.placeOrder"}}'],
  ])('refuses a bad line before the last one (%s), naming the file and the line, and leaves the file as it was', async (_, bad) => {
    const text = putText(sampleRecord('a')) + `${bad}\n` + putText(sampleRecord('c'))
    writeFileSync(path, text)
    const error = await failure(opened().list())
    expect(isExchangeError(error, 'storage')).toBe(true)
    expect((error as Error).name).toBe('ExchangeJournalError')
    expect((error as Error).message).toContain(`${path} is damaged at line 2`)
    expect(readFileSync(path, 'utf8')).toBe(text)
    // The lock was given back: once the file is repaired, it opens.
    writeFileSync(path, putText(sampleRecord('a')) + putText(sampleRecord('c')))
    expect((await opened().list()).map((record) => record.id)).toEqual(['a', 'c'])
  })

  it('compacts on open: deleted records and replaced puts leave the file', async () => {
    const first = opened()
    for (const id of ['a', 'b', 'c', 'd', 'e']) await first.put(sampleRecord(id))
    for (const id of ['a', 'c', 'd']) await first.delete(id)
    await first.put(sampleRecord('e', { lastSignedAt: 1_700_000_005_000 }))
    await first.close()
    expect(lines(path)).toHaveLength(9)

    await opened().list()
    const live = [sampleRecord('b'), sampleRecord('e', { lastSignedAt: 1_700_000_005_000 })]
    expect(lines(path)).toEqual(live.map((record) => putText(record).trimEnd()))
    expect(statSync(path).size).toBe(Buffer.byteLength(live.map(putText).join('')))
    expect(existsSync(`${path}.tmp`)).toBe(false)
  })

  it('flushes a put to disk before it resolves, and never a delete', async () => {
    const FileHandle = (await fileHandlePrototype()) as { sync(): Promise<void>; write(...args: unknown[]): Promise<unknown> }
    const events: string[] = []
    const realSync = FileHandle.sync
    const realWrite = FileHandle.write
    vi.spyOn(FileHandle, 'write').mockImplementation(async function (this: unknown, ...args: unknown[]) {
      const done = await realWrite.apply(this, args)
      events.push('written')
      return done
    })
    vi.spyOn(FileHandle, 'sync').mockImplementation(async function (this: unknown) {
      await realSync.apply(this)
      events.push('synced')
    })
    const store = opened()
    await store.list()
    events.length = 0 // the open's compaction has its own write and sync

    await store.put(sampleRecord('a'))
    events.push('put resolved')
    await store.delete('a')
    events.push('delete resolved')
    expect(events).toEqual(['written', 'synced', 'put resolved', 'written', 'delete resolved'])
  })

  it('writes one line at a time, in call order, however many puts are in flight', async () => {
    const FileHandle = (await fileHandlePrototype()) as { write(...args: unknown[]): Promise<unknown> }
    const store = opened()
    await store.list()
    let inFlight = 0
    let most = 0
    const realWrite = FileHandle.write
    vi.spyOn(FileHandle, 'write').mockImplementation(async function (this: unknown, ...args: unknown[]) {
      most = Math.max(most, ++inFlight)
      try {
        return await realWrite.apply(this, args)
      } finally {
        inFlight--
      }
    })
    const ids = Array.from({ length: 40 }, (_, i) => `order-${i}`)
    await Promise.all(ids.map((id, i) => (i % 4 === 3 ? store.delete(ids[i - 1]!) : store.put(sampleRecord(id)))))
    expect(most).toBe(1)
    const expected = ids.filter((_, i) => i % 4 !== 3 && i % 4 !== 2)
    expect((await store.list()).map((record) => record.id)).toEqual(expected)
    expect(lines(path).map((line) => Object.keys(JSON.parse(line) as object)[0])).toEqual(ids.map((_, i) => (i % 4 === 3 ? 'delete' : 'put')))
  })

  it('group commit: puts in flight together share one write and one flush, and none resolves before it', async () => {
    const FileHandle = (await fileHandlePrototype()) as { sync(): Promise<void>; write(...args: unknown[]): Promise<unknown> }
    const store = opened()
    await store.list()
    let writes = 0
    let syncs = 0
    const realSync = FileHandle.sync
    const realWrite = FileHandle.write
    vi.spyOn(FileHandle, 'write').mockImplementation(async function (this: unknown, ...args: unknown[]) {
      writes++
      return realWrite.apply(this, args)
    })
    vi.spyOn(FileHandle, 'sync').mockImplementation(async function (this: unknown) {
      await realSync.apply(this)
      syncs++
    })
    const ids = Array.from({ length: 64 }, (_, i) => `group-${i}`)
    // Each put, as it resolves, must find a flush done after its line was written.
    const syncsWhenResolved = await Promise.all(ids.map((id) => store.put(sampleRecord(id)).then(() => syncs)))
    expect(syncsWhenResolved.every((count) => count >= 1)).toBe(true)
    expect(writes).toBeLessThanOrEqual(3)
    expect(syncs).toBeLessThanOrEqual(3)
    expect(lines(path)).toHaveLength(64)
  })

  it('takes no more writes after a failed flush (the file may end in part of a line), and opens again afterwards', async () => {
    const FileHandle = (await fileHandlePrototype()) as { sync(): Promise<void> }
    const store = opened()
    await store.put(sampleRecord('a'))
    vi.spyOn(FileHandle, 'sync').mockRejectedValueOnce(Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' }))
    const failed = await failure(store.put(sampleRecord('b')))
    expect((failed as Error).message).toBe(`the journal file ${path} could not append record b: EIO: i/o error, fsync`)
    const after = await failure(store.put(sampleRecord('c')))
    expect((after as Error).message).toContain('takes no more writes after a failed one')
    await store.close()
    // Line b reached the file but not the disk for sure; its put failed, so its request never left either way.
    expect((await opened().list()).map((record) => record.id)).toEqual(['a', 'b'])
  })

  it('refuses a path that is not a non-empty string before touching the disk', () => {
    for (const bad of ['', undefined, 42]) {
      const error = (() => {
        try {
          fileStore(bad as string)
        } catch (thrown) {
          return thrown
        }
      })()
      expect(error).toBeInstanceOf(ExchangeValidationError)
      expect(error).toMatchObject({ field: 'path', rule: 'type' })
    }
  })

  it('gives its lock up on close, and fails every call after it', async () => {
    const store = opened()
    await store.put(sampleRecord('a'))
    expect(readFileSync(`${path}.lock`, 'utf8').trim()).toBe(String(process.pid))
    await store.close()
    expect(existsSync(`${path}.lock`)).toBe(false)
    for (const call of [store.put(sampleRecord('b')), store.delete('a'), store.list()]) {
      expect((await failure(call) as Error).message).toBe(`the journal file ${path} is closed`)
    }
  })
})

describe('one process per journal file', () => {
  /** Starts a holder process; resolves with the first line it prints. */
  function holder(id: string): { child: ChildProcess; said: Promise<string> } {
    const child = spawn(process.execPath, [HOLDER, path, id], { stdio: ['ignore', 'pipe', 'inherit'] })
    children.push(child)
    const said = new Promise<string>((resolve, reject) => {
      let out = ''
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk
        if (out.includes('\n')) resolve(out.slice(0, out.indexOf('\n')))
      })
      child.on('error', reject)
      child.on('exit', (status) => reject(new Error(`holder exited with ${status} and said ${JSON.stringify(out)}`)))
    })
    return { child, said }
  }

  it('lets one of two processes in; the other is told the first one\'s pid; after a SIGKILL the next takes the lock over', async () => {
    const one = holder('from-one')
    const two = holder('from-two')
    const said = await Promise.all([one.said, two.said])
    const winner = said[0]!.startsWith('ready') ? one : two
    const loser = winner === one ? two : one
    const winnerId = winner === one ? 'from-one' : 'from-two'
    expect(said.filter((line) => line.startsWith('ready'))).toHaveLength(1)
    expect(await winner.said).toBe(`ready ${winner.child.pid} ${winnerId}`)
    expect(await loser.said).toBe(
      `refused the journal file ${path} is in use by process ${winner.child.pid}; a journal is one process's: give each bot its own file`,
    )

    winner.child.kill('SIGKILL')
    await new Promise((resolve) => winner.child.once('exit', resolve))
    expect(readFileSync(`${path}.lock`, 'utf8').trim()).toBe(String(winner.child.pid))
    const next = holder('from-three')
    expect(await next.said).toBe(`ready ${next.child.pid} ${winnerId},from-three`)
    expect(readFileSync(`${path}.lock`, 'utf8').trim()).toBe(String(next.child.pid))
  })

  it('refuses a second store on the same file in one process', async () => {
    await opened().put(sampleRecord('a'))
    expect((await failure(opened().list()) as Error).message).toBe(
      `the journal file ${path} is in use by process ${process.pid} (this one: another fileJournal on the same file); a journal is one process's: give each bot its own file`,
    )
  })

  it.each([
    ['an empty lock (its writer died before writing its pid)', ''],
    ['a lock naming this pid that this process does not hold (a container\'s pid 1 again)', `${process.pid}\n`],
  ])('takes over %s', async (_, lock) => {
    writeFileSync(path, putText(sampleRecord('a')))
    writeFileSync(`${path}.lock`, lock)
    expect((await opened().list()).map((record) => record.id)).toEqual(['a'])
    expect(readFileSync(`${path}.lock`, 'utf8').trim()).toBe(String(process.pid))
    expect(existsSync(`${path}.lock.${process.pid}`)).toBe(false)
  })
})
