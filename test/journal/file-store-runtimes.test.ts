// The file journal under Node, Deno and Bun: one script (support/file-store-script.ts) run in each,
// through their node: compatibility, gives the same answers, and the answers expected here.
import { execFile, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { runtimeBin } from '../runtimes/tools.ts'
import { sampleRecord } from './support/sample-record.ts'

const SCRIPT = join(import.meta.dirname, 'support', 'file-store-script.ts')
const ROOT = join(import.meta.dirname, '..', '..')
const run = promisify(execFile)
const dirs: string[] = []

/** A pid no process has any more: a process that ran and exited. */
const exitedPid = String(spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' }).stdout.trim())

/** How each runtime runs the script; Deno with the least it needs: the files, and --allow-run for the lock's liveness check (process.kill(pid, 0)). */
const runtimes = {
  node: (dir: string) => [process.execPath, SCRIPT],
  deno: (dir: string) => [runtimeBin('deno'), 'run', '--no-lock', `--allow-read=${ROOT},${dir}`, `--allow-write=${dir}`, '--allow-run', SCRIPT],
  bun: (dir: string) => [runtimeBin('bun'), SCRIPT],
}

async function answers(runtime: keyof typeof runtimes): Promise<unknown> {
  const dir = mkdtempSync(join(tmpdir(), `file-journal-${runtime}-`))
  dirs.push(dir)
  const [command, ...args] = runtimes[runtime](dir)
  const { stdout } = await run(command!, [...args, dir, String(process.pid), exitedPid], { cwd: ROOT })
  return JSON.parse(stdout)
}

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

const putLine = (record: object) => `{"put":${JSON.stringify(record)}}`
const a = sampleRecord('a', { lastSignedAt: 1_700_000_009_000 })
const c = sampleRecord('c')
const IN_USE = 'give each bot its own file'

const expected = {
  afterWrites: ['a', 'c'],
  secondStore: `ExchangeJournalError: the journal file <dir>/nested/journal.jsonl is in use by process <pid> (this one: another fileJournal on the same file); a journal is one process's: ${IN_USE}`,
  lockAfterClose: false,
  afterReopen: [a, c],
  afterTornIds: ['a', 'c'],
  linesAfterTorn: [putLine(a), putLine(c), ''],
  damaged: expect.stringMatching(/^ExchangeJournalError: the journal file <dir>\/nested\/journal\.jsonl is damaged at line 3: not JSON\./),
  heldByRunning: `ExchangeJournalError: the journal file <dir>/held.jsonl is in use by process <running>; a journal is one process's: ${IN_USE}`,
  heldByExited: 'no error',
  lockTakenBy: '<pid>\n',
}

describe('the file journal in each runtime', () => {
  it.each(['node', 'deno', 'bun'] as const)('%s: put, delete, list, a reopen, a torn line, a damaged line and other processes\' locks', async (runtime) => {
    expect(await answers(runtime)).toEqual(expected)
  }, 120_000)
})
