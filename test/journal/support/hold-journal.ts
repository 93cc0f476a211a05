// A process that opens a file journal, puts one record and keeps the file open until it is killed.
// Prints one line: `ready <pid> <ids listed after its put>` or `refused <the error's message>`.
import process from 'node:process'
import { fileStore } from '../../../src/journal/file.ts'
import { sampleRecord } from './sample-record.ts'

const [path, id] = process.argv.slice(2) as [string, string]
const store = fileStore(path)
try {
  await store.put(sampleRecord(id))
  const ids = (await store.list()).map((record) => record.id)
  console.log(`ready ${process.pid} ${ids.join(',')}`)
  setInterval(() => undefined, 60_000) // held until SIGKILL
} catch (error) {
  console.log(`refused ${(error as Error).message}`)
  process.exitCode = 1
}
