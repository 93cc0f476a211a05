// A program that passes no journal carries none of it: the whole client (`ExchangeClient`, every group,
// a signed placement) bundled for a browser holds no module of the journal's writer, its recovery or its
// stores, only the few lines `recover()` delegates through. The same program given `memoryJournal()`
// holds them (so the check can fail), and a page's journal (IndexedDB) never pulls in the file store.
import { describe, expect, it } from 'vitest'
import { modulesOf } from './bundle-modules.ts'

const JOURNAL_MODULES = ['src/journal/journal.ts', 'src/journal/recover.ts', 'src/journal/memory.ts', 'src/journal/indexed-db.ts', 'src/journal/file.ts', 'src/journal/file-lock.ts', 'src/journal/file-lines.ts']

const key = "apiKey: 'demo_' + '0'.repeat(64), secretKey: '0'.repeat(64), dangerouslyAllowBrowser: true"
const placement = "client.perp.placeOrder({ market: 'BTC-USDC', side: 'buy', type: 'limit', size: '0.01', price: '60000' }).then(console.log)"

describe('a program without a journal carries none of it', () => {
  it('ExchangeClient with every group and a signed placement: no journal writer, recovery or store', async () => {
    const modules = await modulesOf(`import { ExchangeClient } from './src/index.ts'
      const client = new ExchangeClient({ baseUrl: 'https://api.example.com', ${key} })
      ${placement}`)
    expect(modules).toContain('src/client.ts')
    expect(modules.filter((module) => module.startsWith('src/journal/') && module !== 'src/journal/recover-through.ts')).toEqual([])
  })

  it('the same program given memoryJournal() carries the writer, recovery and its store, and no file store', async () => {
    const modules = await modulesOf(`import { ExchangeClient } from './src/index.ts'
      import { memoryJournal } from './src/journal.ts'
      const client = new ExchangeClient({ baseUrl: 'https://api.example.com', ${key}, journal: memoryJournal() })
      client.recover().then(console.log)
      ${placement}`)
    expect(['src/journal/journal.ts', 'src/journal/recover.ts', 'src/journal/memory.ts'].filter((module) => !modules.includes(module))).toEqual([])
    expect(modules.filter((module) => module.startsWith('src/journal/file'))).toEqual([])
    expect(JOURNAL_MODULES.filter((module) => modules.includes(module)).length).toBeGreaterThanOrEqual(3)
  })
})
