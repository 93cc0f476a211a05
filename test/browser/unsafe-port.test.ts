// In a real browser (Chromium) a fetch to a port the Fetch standard calls bad (6000, X11; 1, tcpmux)
// is refused before any connection, with only "Failed to fetch" to say so: a write there is a plain
// network error that says it was never sent, not an unknown outcome. Another port failing the same
// way (nothing listens) stays unknown: a browser says the same words for a request that left.
import { describe, expect, it } from 'vitest'
import { ExchangeClient, ExchangeNetworkError, OrderOutcomeUnknownError } from '../../src/index.ts'
import { failure } from '../support/failure.ts'

const KEY = { apiKey: `test_${'ab'.repeat(32)}`, secretKey: 'cd'.repeat(32) }
const place = (baseUrl: string) =>
  failure(new ExchangeClient({ baseUrl, ...KEY, retry: false, dangerouslyAllowBrowser: true }).request({ method: 'POST', path: '/api/v1/perp/orders', body: { clientOrderId: 'p-1' }, clientOrderId: 'p-1' }))

describe('unsafe ports in Chromium', () => {
  it.each([6000, 1])('a write to 127.0.0.1:%d is never sent, and says so', async (port) => {
    const error = await place(`http://127.0.0.1:${port}`)
    expect(error).toBeInstanceOf(ExchangeNetworkError)
    expect(error).toMatchObject({ kind: 'network', code: 'ERR_UNSAFE_PORT', message: `POST 127.0.0.1:${port} /api/v1/perp/orders failed: never sent: a port fetch refuses (ERR_UNSAFE_PORT)` })
    expect((error as Error).cause).toMatchObject({ name: 'TypeError', message: 'Failed to fetch' })
  })

  it('a write to a closed port that is not a bad one stays an unknown outcome', async () => {
    // Port 9 is bad too; 59 is not, and nothing listens on it on a test machine.
    const error = await place('http://127.0.0.1:59')
    expect(error).toBeInstanceOf(OrderOutcomeUnknownError)
  })
})
