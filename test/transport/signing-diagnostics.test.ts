import { createHmac } from 'node:crypto'
import { describe, expect, inject, it } from 'vitest'
import { ExchangeApiError, ExchangeClient } from '../../src/index.ts'
import { TEST_KEYS } from '../support/seed.ts'

const baseUrl = inject('exchangeUrl')
const wrongSecret = 'f'.repeat(64)

async function refusal(client: ExchangeClient): Promise<ExchangeApiError> {
  const error = await client.request({ method: 'POST', path: '/api/v1/perp/orders', query: { dryRun: 1 }, body: { market: 'BTC-USDC' } }).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(ExchangeApiError)
  return error as ExchangeApiError
}

describe('debugging a refused signature', () => {
  it('attaches exactly what was signed to an authentication failure when debugSignatures is on', async () => {
    const sent: string[] = []
    const fetch: typeof globalThis.fetch = async (input, init) => {
      sent.push((input as Request).headers.get('x-signature')!)
      return globalThis.fetch(input, init)
    }
    const client = new ExchangeClient({ baseUrl, apiKey: TEST_KEYS.trader.apiKey, secretKey: wrongSecret, debugSignatures: true, fetch })
    const error = await refusal(client)
    expect(error).toMatchObject({ code: 'AUTH_INVALID_SIGNATURE', codeNum: 11003 })
    const { signing } = error
    expect(signing).toMatchObject({ method: 'POST', path: '/api/v1/perp/orders', bodyBytes: 21 })
    expect(signing!.payload).toBe(`${signing!.timestamp}POST/api/v1/perp/orders{"market":"BTC-USDC"}`)
    // The payload is the one behind the signature that went out.
    expect(createHmac('sha256', wrongSecret).update(signing!.payload).digest('hex')).toBe(sent.at(-1))
    expect(Number.isFinite(signing!.clockOffsetMs)).toBe(true)
  })

  it('never puts a secret in the diagnostics', async () => {
    const client = new ExchangeClient({ baseUrl, apiKey: TEST_KEYS.trader.apiKey, secretKey: wrongSecret, debugSignatures: true })
    const error = await refusal(client)
    expect(JSON.stringify({ ...error, signing: error.signing })).not.toContain(wrongSecret)
  })

  it('attaches nothing by default, and its message says how to see the signed payload', async () => {
    const client = new ExchangeClient({ baseUrl, apiKey: TEST_KEYS.trader.apiKey, secretKey: wrongSecret })
    const error = await refusal(client)
    expect(error.signing).toBeUndefined()
    expect(error.message).toMatch(/^AUTH_INVALID_SIGNATURE \(11003\), HTTP 401: .+ \(usually a wrong secret, a secret rotated since, or a body or path changed after signing; the debugSignatures option shows the signed payload\)$/)
  })

  it('only a wrong signature carries that hint', async () => {
    const client = new ExchangeClient({ baseUrl, apiKey: TEST_KEYS.trader.apiKey.replace(/.$/, (c) => (c === '0' ? '1' : '0')), secretKey: wrongSecret })
    const error = await refusal(client)
    expect(error.codeNum).toBe(11002)
    expect(error.message).not.toContain('debugSignatures')
  })
})
