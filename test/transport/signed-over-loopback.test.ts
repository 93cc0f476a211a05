import { describe, expect, inject, it } from 'vitest'
import { ExchangeClient } from '../../src/index.ts'
import { VERIFIER_KEY } from '../support/verifying-server.ts'

const baseUrl = inject('verifierUrl')

describe('signed requests over loopback HTTP, verified independently with node:crypto', () => {
  const client = new ExchangeClient({ baseUrl, ...VERIFIER_KEY })

  it('signs a GET and sends its query string without signing it', async () => {
    const data = await client.request<{ query: string; path: string }>({ method: 'GET', path: '/signed/orders', query: { market: 'BTC-USDC', limit: 5 } })
    expect(data.path).toBe('/signed/orders')
    expect(data.query).toBe('market=BTC-USDC&limit=5')
  })

  it('signs the exact body bytes of POST, PUT and DELETE', async () => {
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const data = await client.request<{ body: string; method: string }>({ method, path: '/signed/orders', body: { market: 'BTC-USDC', size: '0.01' } })
      expect(data).toMatchObject({ method, body: '{"market":"BTC-USDC","size":"0.01"}' })
    }
  })

  it('sends a string body verbatim', async () => {
    const raw = '{ "spaced" : true }'
    const data = await client.request<{ body: string }>({ method: 'POST', path: '/signed/raw', body: raw })
    expect(data.body).toBe(raw)
  })

  it('reads open endpoints without credentials', async () => {
    const open = new ExchangeClient({ baseUrl })
    const time = await open.system.getTime()
    expect(typeof time.serverTime).toBe('number')
  })
})
