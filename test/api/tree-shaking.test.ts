// A program that uses one area bundles that area's schemas and no other's; response schemas come
// only with exchange-client/strict.
import { gzipSync } from 'node:zlib'
import { build, type Rolldown } from 'vite'
import { describe, expect, it } from 'vitest'

const entry = new URL('../../src/index.ts', import.meta.url).pathname
const strictEntry = new URL('../../src/strict.ts', import.meta.url).pathname
const perpEntry = new URL('../../src/areas/perp.ts', import.meta.url).pathname

async function bundle(code: string): Promise<{ js: string; gzip: number }> {
  const result = (await build({
    configFile: false,
    logLevel: 'silent',
    plugins: [{ name: 'program', resolveId: (id) => (id === 'program' ? '\0program' : undefined), load: (id) => (id === '\0program' ? code : undefined) }],
    build: { write: false, minify: true, target: 'es2022', rolldownOptions: { input: 'program', output: { format: 'es', minify: true } } },
  })) as Rolldown.RolldownOutput
  const js = result.output[0].code
  return { js, gzip: gzipSync(js, { level: 9 }).length }
}

const AREAS = { perp: '/api/v1/perp/', spot: '/api/v1/spot/', prediction: '/api/v1/prediction/', account: '/api/v1/account/', championship: '/api/v1/championships' }

describe('bundles of one-area programs', () => {
  it('a perp-only program carries perp and nothing of the other areas; the full client carries all', async () => {
    const perpOnly = await bundle(`import { ExchangeCore } from '${entry}'
      import { perpApi } from '${perpEntry}'
      perpApi(new ExchangeCore({ baseUrl: 'http://x' })).getTicker({ market: 'BTC-USDC' }).then(console.log)`)
    const full = await bundle(`import { ExchangeClient } from '${entry}'
      new ExchangeClient({ baseUrl: 'http://x' }).perp.getTicker({ market: 'BTC-USDC' }).then(console.log)`)

    for (const [area, path] of Object.entries(AREAS)) {
      expect(perpOnly.js.includes(path), `${area} in the perp-only bundle`).toBe(area === 'perp')
      expect(full.js.includes(path), `${area} in the full bundle`).toBe(true)
    }
    expect(perpOnly.js).not.toContain('multi_outcome')
    expect(perpOnly.gzip).toBeLessThan(full.gzip)
  }, 30_000)
})

describe('bundles of one-function programs (exchange-client/perp)', () => {
  it('a program calling placeOrder carries that operation and no other perp operation, nor any other area', async () => {
    const oneFunction = await bundle(`import { ExchangeCore } from '${entry}'
      import { placeOrder } from '${perpEntry}'
      placeOrder(new ExchangeCore({ baseUrl: 'http://x' }), { market: 'BTC-USDC', side: 'buy', type: 'market', size: '1' }).then(console.log)`)
    const wholeArea = await bundle(`import { ExchangeCore } from '${entry}'
      import { perpApi } from '${perpEntry}'
      perpApi(new ExchangeCore({ baseUrl: 'http://x' })).placeOrder({ market: 'BTC-USDC', side: 'buy', type: 'market', size: '1' }).then(console.log)`)

    expect(oneFunction.js).toContain('a limit order needs a price')
    // Paths and messages of other perp operations: positions, tpsl, history, market data.
    const others = ['/api/v1/perp/positions', 'give a takeProfitPrice', '/api/v1/perp/history/liquidations', 'must be filled, cancelled, expired or rejected', 'funding-history', 'insurance-fund']
    for (const other of others) {
      expect(oneFunction.js.includes(other), `${other} in the one-function bundle`).toBe(false)
      expect(wholeArea.js.includes(other), `${other} in the whole-area bundle`).toBe(true)
    }
    for (const [area, path] of Object.entries(AREAS)) if (area !== 'perp') expect(oneFunction.js.includes(path), area).toBe(false)
    expect(oneFunction.gzip).toBeLessThan(wholeArea.gzip)
  }, 30_000)
})

describe('response schemas', () => {
  /** Field names only a response schema mentions (inputs and paths never do). */
  const SCHEMA_FIELDS = ['liquidationId', 'availableMargin', 'totalVolumeE6', 'championshipId']

  it('are not in the main entry; a program importing exchange-client/strict carries them', async () => {
    const main = await bundle(`export * from '${entry}'`)
    const checked = await bundle(`import { ExchangeClient } from '${entry}'
      import { responseSchemas } from '${strictEntry}'
      new ExchangeClient({ baseUrl: 'http://x', validateResponses: responseSchemas }).perp.getTicker({ market: 'BTC-USDC' }).then(console.log)`)
    for (const field of SCHEMA_FIELDS) {
      expect(main.js.includes(field), `${field} in the main entry`).toBe(false)
      expect(checked.js.includes(field), `${field} with strict`).toBe(true)
    }
  }, 30_000)
})

describe('watch', () => {
  // The marker is the event name only watch listens to.
  it('is left out of a client program that does not call it, and carried by one that does', async () => {
    const client = `import { ExchangeClient, watch } from '${entry}'
      const client = new ExchangeClient({ baseUrl: 'http://x' })`
    const without = await bundle(`${client}\nclient.perp.getTicker({ market: 'BTC-USDC' }).then(console.log)`)
    const watching = await bundle(`${client}\nfor await (const t of watch(client.perp.getTicker, { market: 'BTC-USDC' })) console.log(t)`)
    expect(without.js).not.toContain('visibilitychange')
    expect(watching.js).toContain('visibilitychange')
  }, 30_000)
})
