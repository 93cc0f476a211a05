// Once its calls settle, the client keeps no timer that holds the event loop open, so a Node process or an
// edge isolate is free to exit (docs/signing.md, "Clock and replay discipline"): not after a signed read, a
// clock re-measurement, a placement, or a read retried after a 503. Run in a process of its own, so that the
// test runner's timers do not count.
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '..', '..')
const from = (path: string) => JSON.stringify(pathToFileURL(join(ROOT, path)).href)

const program = `
import { ExchangeClient } from ${from('src/index.ts')}
import { createReferenceExchange } from ${from('src/testing/index.ts')}
import { TEST_KEYS, TEST_SEED } from ${from('test/support/seed.ts')}

// The exchange's clock is 45 s ahead: the first signed call is refused with 11004 and the clock re-measured.
const exchange = createReferenceExchange({ seed: TEST_SEED, clockOffsetMs: 45_000 })
const paths = []
const client = new ExchangeClient({
  baseUrl: 'http://exchange.local',
  ...TEST_KEYS.trader,
  retry: { limit: 2, backoffLimitMs: 1 },
  fetch: (input, init) => {
    const request = new Request(input, init)
    paths.push(new URL(request.url).pathname)
    return exchange.fetch(request)
  },
})
await client.account.getOverview()
await client.perp.placeOrder({ market: 'BTC-USDC', side: 'buy', type: 'market', size: '0.001' })
const unavailable = exchange.faults.add({ kind: 'error', status: 503, count: 1, match: { pathPrefix: '/api/v1/perp/markets' } })
await client.perp.getTicker({ market: 'BTC-USDC' })
await new Promise((resolve) => setImmediate(resolve))
console.log(JSON.stringify({ paths, retriedAfter503: unavailable.hits, resources: process.getActiveResourcesInfo() }))
`

describe('no timer outlives a call', () => {
  it('leaves nothing that keeps the process alive after reads, a re-sync, a placement and a retried read', () => {
    // The guard only stops a hung child; the assertion is on what holds the event loop, not on time.
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', program], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 })
    expect(child.stderr).toBe('')
    expect(child.status).toBe(0)
    const report = JSON.parse(child.stdout) as { paths: string[]; retriedAfter503: number; resources: string[] }
    expect(report.paths.filter((path) => path === '/api/v1/system/time')).toHaveLength(1)
    expect(report.retriedAfter503).toBe(1)
    expect(report.resources.filter((kind) => kind === 'Timeout' || kind === 'Immediate')).toEqual([])
  })
})
