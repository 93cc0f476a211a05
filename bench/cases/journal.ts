// What a journal costs a write: `perp.placeOrder` through a client without one, with `memoryJournal()` (the
// record built, its body digested, put and deleted) and with `fileJournal(path)` (the same, and an fsync
// before each order leaves), in the same rounds against the same verifying server.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ExchangeClient } from '../../src/client.ts'
import { memoryJournal } from '../../src/journal.ts'
import { fileJournal } from '../../src/journal-file.ts'
import { BENCH_KEY } from '../fixtures/keys.ts'
import { sampleOrder } from '../fixtures/orders.ts'
import { startChildServer } from '../lib/child-server.ts'
import { inFlight, measure, type Settings } from '../lib/measure.ts'
import { row, timed, type Section } from '../lib/report.ts'

/** A memory journal's record, digest and bookkeeping leave at least this share of the writes a client without one makes. */
const MEMORY_TARGET = 0.85

export async function journalCase(settings: Settings): Promise<Section> {
  const server = await startChildServer('bench/server/verifying.ts')
  const dir = mkdtempSync(join(tmpdir(), 'bench-journal-'))
  const file = fileJournal(join(dir, 'bench.journal'))
  const section: Section = { id: 'journal', title: 'A journaled write over loopback HTTP (requests/s, higher is better)', rows: [], notes: [] }
  try {
    const clients = {
      none: { label: 'perp.placeOrder, no journal', client: new ExchangeClient({ baseUrl: server.url, ...BENCH_KEY }) },
      memory: { label: 'perp.placeOrder, memoryJournal()', client: new ExchangeClient({ baseUrl: server.url, ...BENCH_KEY, journal: memoryJournal() }) },
      file: { label: 'perp.placeOrder, fileJournal(path)', client: new ExchangeClient({ baseUrl: server.url, ...BENCH_KEY, journal: file }) },
    }
    let n = 0
    const place = (client: ExchangeClient) => () => client.perp.placeOrder({ ...sampleOrder(0), side: 'buy', type: 'limit', timeInForce: 'GTC', clientOrderId: `bench-j-${n++}` })
    for (const concurrency of [1, 64]) {
      const t = await measure(Object.entries(clients).map(([name, { client }]) => ({ name, ...inFlight(concurrency, place(client)) })), settings)
      const at = `placeOrder, concurrency ${concurrency}`
      section.rows.push(
        row({ case: at, subject: clients.memory.label, baseline: clients.none.label, ...timed(t.memory!, t.none!, 'req/s'), target: MEMORY_TARGET }),
        row({ case: at, subject: clients.file.label, baseline: clients.none.label, ...timed(t.file!, t.none!, 'req/s') }),
      )
    }
    section.notes.push(
      `The memory journal's target: at least ${MEMORY_TARGET}x the writes of a client without one. The file journal has none: its cost is the disk's fsync, one per write (the delete is appended without one).`,
    )
  } finally {
    await file.close()
    rmSync(dir, { recursive: true, force: true })
    server.close()
  }
  return section
}
