// A program that only reads open data carries no signing code: `getTicker(new ExchangeCore({ baseUrl }), …)`
// bundled for a browser holds no module of the signing gate, the stamp memory, the key's signer or
// the credential checks. The same program with `withKey` holds them all (so the check can fail).
import { describe, expect, it } from 'vitest'
import { modulesOf } from './bundle-modules.ts'

const SIGNING_MODULES = [
  'src/auth/gate.ts',
  'src/auth/key-gate.ts',
  'src/auth/stamper.ts',
  'src/auth/recent-stamps.ts',
  'src/auth/payload-key.ts',
  'src/auth/signer.ts',
  'src/auth/credentials.ts',
  'src/auth/subtle.ts',
  'src/auth/browser-guard.ts',
  'src/auth/unwrap-secret.ts',
  'src/with-key.ts',
]

describe('a public read carries no signing code', () => {
  it('getTicker on a core without a key: no gate, stamp memory, signer or credential check in the bundle', async () => {
    const modules = await modulesOf(`import { ExchangeCore } from './src/index.ts'
      import { getTicker } from './src/areas/perp.ts'
      getTicker(new ExchangeCore({ baseUrl: 'https://api.example.com' }), { market: 'BTC-USDC' }).then(console.log)`)
    expect(modules).toContain('src/areas/perp.ts')
    expect(modules.filter((module) => SIGNING_MODULES.includes(module))).toEqual([])
  })

  it('the same program given a key with withKey carries every one of them', async () => {
    const modules = await modulesOf(`import { ExchangeCore, withKey } from './src/index.ts'
      import { getTicker } from './src/areas/perp.ts'
      getTicker(withKey(new ExchangeCore({ baseUrl: 'https://api.example.com' }), { apiKey: 'demo_' + '0'.repeat(64), secretKey: '0'.repeat(64) }), { market: 'BTC-USDC' }).then(console.log)`)
    expect(SIGNING_MODULES.filter((module) => !modules.includes(module))).toEqual([])
  })
})
