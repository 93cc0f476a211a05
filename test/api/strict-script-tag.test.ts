// A script-tag page checks answers by loading a second IIFE: dist/exchange-client-strict.iife.js
// defines `ExchangeSDKStrict.responseSchemas`, which `ExchangeSDK`'s client takes as `validateResponses`.
// Both files are built here as `npm run build` builds them (vite.config.ts, modes iife and iife-strict)
// and run together in one context, as two <script> tags would.
import { runInThisContext } from 'node:vm'
import { build, type Rolldown, type UserConfig } from 'vite'
import { describe, expect, it } from 'vitest'
import viteConfig from '../../vite.config.ts'

async function scriptOf(mode: 'iife' | 'iife-strict'): Promise<string> {
  const config = (viteConfig as (env: { mode: string; command: 'build' }) => UserConfig)({ mode, command: 'build' })
  const result = (await build({ ...config, configFile: false, logLevel: 'silent', build: { ...config.build, write: false } })) as Rolldown.RolldownOutput[]
  const output = (Array.isArray(result) ? result[0]! : result).output
  return output.find((file) => file.type === 'chunk')!.code
}

/** A fetch that answers every call with `data` in the service's envelope. */
const answering = (data: unknown) => async () =>
  new Response(JSON.stringify({ success: true, data, error: null, meta: { requestId: 'r1', timestamp: 1 } }), { headers: { 'content-type': 'application/json' } })

describe('exchange-client-strict.iife.js beside exchange-client.iife.js', () => {
  it('checks answers against the schemas it defines, naming the operation and the field', async () => {
    const [main, strict] = await Promise.all([scriptOf('iife'), scriptOf('iife-strict')])
    // As two <script> tags: each defines its global (this test file runs in its own context).
    runInThisContext(main)
    runInThisContext(strict)
    const { ExchangeSDK, ExchangeSDKStrict } = globalThis as unknown as Record<string, Record<string, any>>
    const fetch = answering({ serverTime: 'noon' })
    expect(Object.keys(ExchangeSDKStrict!.responseSchemas)).toEqual(['system', 'account', 'perp', 'spot', 'prediction', 'championship', 'keys'])

    const checked = new ExchangeSDK!.ExchangeClient({ baseUrl: 'https://exchange.test', retry: false, fetch, validateResponses: ExchangeSDKStrict!.responseSchemas })
    const error = await checked.system.getTime().catch((caught: unknown) => caught)
    expect(error.name).toBe('ExchangeResponseError')
    expect(error.message).toContain('system.getTime: data.serverTime')

    const unchecked = new ExchangeSDK!.ExchangeClient({ baseUrl: 'https://exchange.test', retry: false, fetch })
    expect(await unchecked.system.getTime()).toEqual({ serverTime: 'noon' })
  }, 60_000)
})
