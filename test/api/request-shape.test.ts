// Every method sends what the plan says: HTTP method, path, query, body bytes, and a signature
// exactly when the operation needs a credential. Expectations come from the plan's table and the
// descriptor's example, not from the SDK's own request builder.
import { describe, expect, it } from 'vitest'
import { AUTH_OPERATIONS, TEST_CREDENTIALS, described, methodOf, planRows, recordingFetch, testClient, type Recorded } from './support.ts'
import { expectSignedAsSent } from '../support/signed-as-sent.ts'

/** Wire names the plan gives in snake_case. */
const SNAKE: Record<string, Record<string, string>> = {
  'perp.setTpsl': { takeProfitPrice: 'take_profit_price', stopLossPrice: 'stop_loss_price', takeProfitType: 'take_profit_type', stopLossType: 'stop_loss_type' },
  'perp.modifyTpsl': { takeProfitPrice: 'take_profit_price', stopLossPrice: 'stop_loss_price', takeProfitType: 'take_profit_type', stopLossType: 'stop_loss_type' },
  'perp.cancelOrders': { orderIds: 'order_ids' },
  'spot.cancelOrders': { orderIds: 'order_ids' },
  'championship.listChampionships': { featuredOnly: 'featured_only' },
  'championship.listLeaderboard': { sortBy: 'sort_by' },
}
/** DELETEs the plan gives a JSON body. */
const DELETE_WITH_BODY = ['perp.cancelOrders', 'spot.cancelOrders']

const rows = planRows().filter((row) => !AUTH_OPERATIONS.includes(row.name))


describe('request shape of every method (fetch double)', () => {
  it.each(rows.map((row) => [`${row.group}.${row.name}`, row] as const))('%s', async (key, row) => {
    const entry = described.find(({ group, name }) => group === row.group && name === row.name)!
    const { fetch, requests } = recordingFetch()
    const client = testClient(fetch)
    const example = (entry.op.example ?? {}) as Record<string, unknown>
    if (entry.op.input) await methodOf(client, entry)(entry.op.example)
    else await methodOf(client, entry)()

    expect(requests).toHaveLength(1)
    const [request] = requests as [Recorded]
    const pathParams = [...row.path.matchAll(/:(\w+)/g)].map((match) => match[1]!)
    const rest = Object.fromEntries(Object.entries(example).filter(([name]) => !pathParams.includes(name)))
    const wire = (name: string) => SNAKE[key]?.[name] ?? name
    const renamed = Object.fromEntries(Object.entries(rest).map(([name, value]) => [wire(name), value]))

    expect(request.method).toBe(row.method)
    // Path parameters go in as written: no URL encoding (SPEC "Signing payload").
    expect(request.url.pathname).toBe(`/api/v1${row.path.replace(/:(\w+)/g, (_, name: string) => String(example[name]))}`)

    const inQuery = row.method === 'GET' || (row.method === 'DELETE' && !DELETE_WITH_BODY.includes(key))
    if (inQuery) {
      expect(Object.fromEntries(request.url.searchParams)).toEqual(Object.fromEntries(Object.entries(renamed).map(([name, value]) => [name, String(value)])))
      expect(request.body).toBe('')
      expect(request.headers.get('content-type')).toBeNull()
    } else {
      expect(request.url.search).toBe('')
      expect(request.headers.get('content-type')).toBe('application/json')
      let body: Record<string, unknown> = renamed
      if (entry.op.placement === 'order') body = { ...body, clientOrderId: generatedId(request, body) }
      if (entry.op.placement === 'orders') {
        const sent = JSON.parse(request.body) as { orders: { clientOrderId: string }[] }
        body = { orders: (body.orders as Record<string, unknown>[]).map((order, i) => ({ ...order, clientOrderId: order.clientOrderId ?? sent.orders[i]!.clientOrderId })) }
        for (const order of sent.orders) expect(order.clientOrderId).toMatch(/^[A-Za-z0-9_-]{1,64}$/)
      }
      expect(request.body).toBe(JSON.stringify(body))
    }

    if (row.auth === 'none') {
      expect(request.headers.get('x-api-key')).toBeNull()
      expect(request.headers.get('x-signature')).toBeNull()
    } else {
      expectSignedAsSent(request, TEST_CREDENTIALS)
    }
  })
})

/** The clientOrderId the SDK added to a placement that had none. */
function generatedId(request: Recorded, example: Record<string, unknown>): string {
  const sent = (JSON.parse(request.body) as { clientOrderId: string }).clientOrderId
  if (example.clientOrderId === undefined) expect(sent).toMatch(/^[0-9a-z]{26}$/)
  return (example.clientOrderId as string | undefined) ?? sent
}
