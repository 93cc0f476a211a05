// The file journal's behaviour in whichever runtime runs this (Node, Deno, Bun), as one JSON line on
// stdout. Arguments: an empty directory to work in, the pid of a running process and of one that has
// exited (locks left by them). Paths and pids in messages are replaced by <dir>, <pid> and <running>,
// so every runtime's answer can be compared as is.
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import process from 'node:process'
import { fileStore } from '../../../src/journal/file.ts'
import { sampleRecord } from './sample-record.ts'

const [dir, runningPid, exitedPid] = process.argv.slice(2) as [string, string, string]
const path = join(dir, 'nested', 'journal.jsonl')
const plain = (text: string) => text.replaceAll(dir, '<dir>').replaceAll(String(process.pid), '<pid>').replaceAll(runningPid, '<running>')
const messageOf = (promise: Promise<unknown>) => promise.then(() => 'no error', (error: Error) => `${error.name}: ${plain(error.message)}`)
const ids = (records: { id: string }[]) => records.map((record) => record.id)

const first = fileStore(path)
await Promise.all([first.put(sampleRecord('a')), first.put(sampleRecord('b')), first.put(sampleRecord('c'))])
await first.delete('b')
await first.put(sampleRecord('a', { lastSignedAt: 1_700_000_009_000 }))
const afterWrites = ids(await first.list())
const secondStore = await messageOf(fileStore(path).list())
await first.close()
const lockAfterClose = existsSync(`${path}.lock`)

const reopened = fileStore(path)
const afterReopen = await reopened.list()
await reopened.close()

appendFileSync(path, '{"put":{"id":"torn","operation":"perp.pl')
const afterTorn = fileStore(path)
const afterTornIds = ids(await afterTorn.list())
await afterTorn.close()
const linesAfterTorn = readFileSync(path, 'utf8').split('\n')

writeFileSync(path, `${readFileSync(path, 'utf8')}not json\n{"delete":"a"}\n`)
const damaged = await messageOf(fileStore(path).list())

// Locks left by other processes: one running (refused), one gone (taken over).
const held = join(dir, 'held.jsonl')
writeFileSync(`${held}.lock`, `${runningPid}\n`)
const heldByRunning = await messageOf(fileStore(held).list())
writeFileSync(`${held}.lock`, `${exitedPid}\n`)
const takenOver = fileStore(held)
const heldByExited = await messageOf(takenOver.put(sampleRecord('d')))
const lockTakenBy = plain(readFileSync(`${held}.lock`, 'utf8'))
await takenOver.close()

console.log(JSON.stringify({ afterWrites, secondStore, lockAfterClose, afterReopen, afterTornIds, linesAfterTorn, damaged, heldByRunning, heldByExited, lockTakenBy }))
