// One process per journal file: `<file>.lock` holds the pid of the process that has it open. Two
// writers would interleave their lines and each compaction would drop the other's records.
import { readFile, rename, unlink, writeFile } from 'node:fs/promises'
import process from 'node:process'
import { ExchangeJournalError, reason } from './journal-error.ts'

/** Lock files held by this process: a lock naming our own pid that is not here is a previous run's (a container's pid 1 again). */
const held = new Set<string>()

const code = (error: unknown) => (error as { code?: unknown } | null)?.code

/**
 * Whether process `pid` runs: signal 0 checks without sending. EPERM means it runs under another user;
 * only ESRCH says it is gone. Anything else (Deno without --allow-run) cannot tell, and a lock is
 * never taken from a process that may be running.
 */
function running(pid: number, file: string): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    if (code(error) === 'ESRCH') return false
    if (code(error) === 'EPERM') return true
    throw new ExchangeJournalError(
      `the journal file ${file} is locked by process ${pid}, and whether it still runs could not be checked (${reason(error)}); `
        + `under Deno allow it with --allow-run, or remove ${file}.lock once that process is gone`,
      { cause: error },
    )
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The pid a lock file names; 'gone' when it no longer exists; undefined when it names none. A lock is
 * created empty and written an instant later: an empty one is read again before it counts as abandoned.
 */
async function holderOf(lock: string): Promise<number | 'gone' | undefined> {
  for (let read = 0; read < 4; read++) {
    if (read > 0) await pause(50)
    let text: string
    try {
      text = await readFile(lock, 'utf8')
    } catch (error) {
      if (code(error) === 'ENOENT') return 'gone'
      return undefined
    }
    // A positive pid only: process.kill(0 or -n) would signal a whole process group.
    if (/^\s*[1-9]\d*\s*$/.test(text)) return Number(text)
  }
  return undefined
}

async function created(lock: string): Promise<boolean> {
  try {
    await writeFile(lock, `${process.pid}\n`, { flag: 'wx' })
    return true
  } catch (error) {
    if (code(error) === 'EEXIST') return false
    throw error
  }
}

/** Replaces an abandoned lock in one step (a rename), so no reader ever sees it missing or half written. */
async function takeOver(lock: string): Promise<void> {
  const ours = `${lock}.${process.pid}`
  await writeFile(ours, `${process.pid}\n`)
  await rename(ours, lock)
}

/** Takes `<file>.lock` for this process, or throws naming the process that holds it. */
export async function takeLock(file: string): Promise<void> {
  const lock = `${file}.lock`
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      if (await created(lock)) {
        held.add(lock)
        return
      }
      const holder = await holderOf(lock)
      if (holder === 'gone') continue // released between our try and our read
      if (holder !== undefined && (holder === process.pid ? held.has(lock) : running(holder, file))) {
        const self = holder === process.pid ? ' (this one: another fileJournal on the same file)' : ''
        throw new ExchangeJournalError(
          `the journal file ${file} is in use by process ${holder}${self}; a journal is one process's: give each bot its own file`,
        )
      }
      await takeOver(lock)
      // Two processes that found the same abandoned lock both rename: the last rename's stays. Read back whose it is.
      if ((await holderOf(lock)) === process.pid) {
        held.add(lock)
        return
      }
    }
  } catch (cause) {
    if (cause instanceof ExchangeJournalError) throw cause
    throw new ExchangeJournalError(`the journal file ${file} could not be locked (${lock}): ${reason(cause)}`, { cause })
  }
  throw new ExchangeJournalError(`the journal file ${file} could not be locked: ${lock} changed hands on every try`)
}

/** Gives `<file>.lock` up: removed when it still names this process (a lock taken over from us is left alone). */
export async function releaseLock(file: string): Promise<void> {
  const lock = `${file}.lock`
  held.delete(lock)
  if ((await holderOf(lock)) !== process.pid) return
  await unlink(lock).catch((error: unknown) => {
    if (code(error) !== 'ENOENT') throw error
  })
}
