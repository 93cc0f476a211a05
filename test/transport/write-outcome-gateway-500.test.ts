// A placement's first attempt answered by a gateway's bare HTTP 500 (no envelope: the service may have
// applied it behind the gateway), then refused on the retry: the caller is told "unknown", as for any
// 5xx. The edge of the rule: 500 itself, not only above it.
import { describe, expect, it } from 'vitest'
import { ExchangeClient, OrderOutcomeUnknownError } from '../../src/index.ts'
import { errorResponse, fetchDouble } from '../support/fetch-double.ts'
import { TEST_KEYS } from '../support/seed.ts'

describe('a placement answered by a bare 500, then refused', () => {
  it('has an unknown outcome, carrying its clientOrderId', async () => {
    const clientOrderId = 'c-500-1'
    const gatewayPage = new Response('<html>500 Internal Server Error</html>', { status: 500, headers: { 'content-type': 'text/html', 'retry-after': '0' } })
    const { fetch, sent } = fetchDouble(gatewayPage, errorResponse(400, 'ORDER_REJECTED', 20001))
    const client = new ExchangeClient({ baseUrl: 'https://api.example.test', ...TEST_KEYS.trader, fetch, retry: { limit: 1, backoffLimitMs: 1 } })
    const error = await client.request({ method: 'POST', path: '/api/v1/perp/orders', body: { clientOrderId }, idempotent: true, clientOrderId }).catch((e: unknown) => e)
    expect(sent).toHaveLength(2)
    expect(error).toBeInstanceOf(OrderOutcomeUnknownError)
    expect(error).toMatchObject({ clientOrderId, cause: { status: 400 } })
  })
})
