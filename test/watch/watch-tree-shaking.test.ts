// watch costs nothing to a program that does not call it: it is a function of its own, not a
// client method. The marker is the event name only watch listens to.
import { build, type Rolldown } from 'vite'
import { describe, expect, it } from 'vitest'

const entry = new URL('../../src/index.ts', import.meta.url).pathname

async function bundle(code: string): Promise<string> {
  const result = (await build({
    configFile: false,
    logLevel: 'silent',
    plugins: [{ name: 'program', resolveId: (id) => (id === 'program' ? '\0program' : undefined), load: (id) => (id === '\0program' ? code : undefined) }],
    build: { write: false, minify: true, target: 'es2022', rolldownOptions: { input: 'program', output: { format: 'es', minify: true } } },
  })) as Rolldown.RolldownOutput
  return result.output[0].code
}

describe('bundles and watch', () => {
  it('a client program without watch leaves it out; one that watches carries it', async () => {
    const client = `import { ExchangeClient, watch } from '${entry}'
      const client = new ExchangeClient({ baseUrl: 'http://x' })`
    const without = await bundle(`${client}\nclient.perp.getTicker({ market: 'BTC-USDC' }).then(console.log)`)
    const watching = await bundle(`${client}\nfor await (const t of watch(client.perp.getTicker, { market: 'BTC-USDC' })) console.log(t)`)
    expect(without).not.toContain('visibilitychange')
    expect(watching).toContain('visibilitychange')
  }, 30_000)
})
