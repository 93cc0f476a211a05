// A signed onboarding body is sent once, whatever happens to it: never retried, never resent after
// a clock re-measurement. When its outcome is unknown, the error says the wallet must sign again.
import { describe, expect, it } from 'vitest'
import { ExchangeClient, isExchangeError } from '../../src/index.ts'
import { generateEvmWallet } from '../../src/local-signer.ts'
import { envelopeResponse, errorResponse, fetchDouble, hangingFetch, type Reply } from '../support/fetch-double.ts'

const baseUrl = 'https://api.example.test'
const onboardPath = '/api/v1/oauth/onboard'

const FAILURES: [string, Reply][] = [
  ['a network error', () => new TypeError('fetch failed')],
  ['a 502 gateway page', () => new Response('<html>502</html>', { status: 502, headers: { 'content-type': 'text/html' } })],
  ['a 503 with the envelope', () => errorResponse(503, 'UNAVAILABLE', 10503)],
  ['a redirect', () => new Response(null, { status: 307, headers: { location: 'https://elsewhere.example.test/onboard' } })],
]

function service(onboardReply: Reply) {
  return fetchDouble(async (sent, attempt) => {
    if (sent.url.pathname === '/api/v1/system/time') return envelopeResponse({ serverTime: Date.now() })
    return typeof onboardReply === 'function' ? onboardReply(sent, attempt) : onboardReply
  })
}

describe('onboarding never resends a signed body', () => {
  it.each(FAILURES)('after %s: sent once, signed once, and the error says to sign again', async (_, reply) => {
    const { fetch, sent } = service(reply)
    const wallet = generateEvmWallet()
    let signatures = 0
    const signer = { ...wallet.signer, signMessage: (message: string) => (signatures++, wallet.signer.signMessage(message)) }
    const client = new ExchangeClient({ baseUrl, fetch, retry: { limit: 5, backoffLimitMs: 1 } })
    const error = await client.onboard({ signer }).catch((caught: unknown) => caught)
    expect(sent.filter((s) => s.url.pathname === onboardPath)).toHaveLength(1)
    expect(signatures).toBe(1)
    expect(isExchangeError(error, 'outcome-unknown')).toBe(true)
    expect(error).toMatchObject({ name: 'OnboardingOutcomeUnknownError', walletAddress: wallet.signer.address })
    expect((error as Error).message).toMatch(/sign a new login message/)
  })

  it('after a timeout: sent once, and the error says to sign again', async () => {
    let sends = 0
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const url = new URL((input as Request).url)
      if (url.pathname === '/api/v1/system/time') return envelopeResponse({ serverTime: Date.now() })
      sends++
      return hangingFetch(input, init)
    }
    const error = await new ExchangeClient({ baseUrl, fetch, timeoutMs: 50, retry: { limit: 5, backoffLimitMs: 1 } })
      .onboard({ signer: generateEvmWallet().signer }).catch((caught: unknown) => caught)
    expect(sends).toBe(1)
    expect(error).toMatchObject({ name: 'OnboardingOutcomeUnknownError' })
  })

  it('a refusal with the service envelope stays that refusal (nothing was minted)', async () => {
    const { fetch, sent } = service(() => errorResponse(400, 'REQ_INVALID_SIGNATURE', 10010))
    const error = await new ExchangeClient({ baseUrl, fetch }).onboard({ signer: generateEvmWallet().signer }).catch((caught: unknown) => caught)
    expect(error).toMatchObject({ name: 'ExchangeApiError', status: 400 })
    expect(sent.filter((s) => s.url.pathname === onboardPath)).toHaveLength(1)
  })
})
