// The operation core: a description becomes a request (path parameters, query, body, wire names),
// a placement gets its clientOrderId, and a batch whose outcome is unknown names every order.
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { operation } from '../../src/api/operation.ts'
import { bind } from '../../src/advanced.ts'
import { ExchangeCore, ExchangeValidationError, OrderOutcomeUnknownError, withKey } from '../../src/index.ts'
import { envelopeResponse, errorResponse, fetchDouble, type Reply } from '../support/fetch-double.ts'
import { TEST_KEYS } from '../support/seed.ts'

const baseUrl = 'https://api.example.test'
const ops = {
  getThing: operation<unknown, { id: string; filter?: string; skipped?: string }>({
    method: 'GET', path: '/api/v1/things/:id', auth: 'none', effect: 'public', source: 'ours',
    input: v.strictObject({ id: v.string(), filter: v.optional(v.string()), skipped: v.optional(v.string()) }),
  }),
  putThing: operation<unknown, { id: string; takeProfit?: string; dryRun?: boolean; note?: string }>({
    method: 'POST', path: '/api/v1/things/:id', auth: 'trade', effect: 'trade', source: 'ours', query: ['dryRun'], wire: { takeProfit: 'take_profit_price' },
    input: v.strictObject({ id: v.string(), takeProfit: v.optional(v.string()), dryRun: v.optional(v.boolean()), note: v.optional(v.string()) }),
  }),
  dropThings: operation<unknown, { ids: string[] }>({
    method: 'DELETE', path: '/api/v1/things', auth: 'trade', effect: 'trade', source: 'ours', deleteBody: true,
    input: v.strictObject({ ids: v.array(v.string()) }),
  }),
  dropOne: operation<unknown, { id: string; reason?: string }>({
    method: 'DELETE', path: '/api/v1/things/:id', auth: 'trade', effect: 'trade', source: 'ours',
    input: v.strictObject({ id: v.string(), reason: v.optional(v.string()) }),
  }),
  place: operation<unknown, { market: string; clientOrderId?: string }>({
    method: 'POST', path: '/api/v1/orders', auth: 'trade', effect: 'trade', source: 'ours', placement: 'order',
    input: v.strictObject({ market: v.string(), clientOrderId: v.optional(v.string()) }),
  }),
  placeMany: operation<unknown, { orders: { market: string; clientOrderId?: string }[] }>({
    method: 'POST', path: '/api/v1/orders/batch', auth: 'trade', effect: 'trade', source: 'ours', placement: 'orders',
    input: v.strictObject({ orders: v.array(v.strictObject({ market: v.string(), clientOrderId: v.optional(v.string()) })) }),
  }),
  ping: operation<unknown>({ method: 'GET', path: '/api/v1/ping', auth: 'none', effect: 'public', source: 'ours' }),
}

function bound(...replies: Reply[]) {
  const double = fetchDouble(...(replies.length ? replies : [envelopeResponse({ ok: true })]))
  const core = withKey(new ExchangeCore({ baseUrl, fetch: double.fetch, retry: { limit: 2, backoffLimitMs: 1 } }), TEST_KEYS.trader)
  return { api: bind(core, ops), sent: double.sent }
}
const caught = (promise: Promise<unknown>) => promise.then(() => undefined, (e: unknown) => e)

describe('a description becomes a request', () => {
  it('fills path parameters, puts the rest of a GET in the query and leaves undefined fields out', async () => {
    const { api, sent } = bound()
    await api.getThing({ id: 'a-1.b_c~d:e', filter: 'open', skipped: undefined })
    expect(sent[0]!.method).toBe('GET')
    expect(sent[0]!.url.pathname).toBe('/api/v1/things/a-1.b_c~d:e')
    expect(sent[0]!.url.search).toBe('?filter=open')
    expect(sent[0]!.body).toBe('')
    expect(sent[0]!.headers.get('x-signature')).toBeNull() // auth 'none' is never signed
  })

  it('sends a write as a JSON body under the wire names, its query fields in the query, signed', async () => {
    const { api, sent } = bound()
    await api.putThing({ id: 'x', takeProfit: '70000', dryRun: true })
    expect(sent[0]!.url.pathname).toBe('/api/v1/things/x')
    expect(sent[0]!.url.search).toBe('?dryRun=true')
    expect(JSON.parse(sent[0]!.body)).toEqual({ take_profit_price: '70000' })
    expect(sent[0]!.headers.get('x-signature')).toMatch(/^[0-9a-f]{64}$/)
  })

  it('sends no body at all, not {}, when a write has no fields left', async () => {
    const { api, sent } = bound()
    await api.putThing({ id: 'x' })
    expect(sent[0]!.body).toBe('')
    expect(sent[0]!.headers.get('content-type')).toBeNull()
  })

  it('a DELETE carries its fields in the query, or in a body when the description says so', async () => {
    const { api, sent } = bound()
    await api.dropOne({ id: 'x', reason: 'done' })
    expect(sent[0]!.url.search).toBe('?reason=done')
    expect(sent[0]!.body).toBe('')
    await api.dropThings({ ids: ['a', 'b'] })
    expect(sent[1]!.method).toBe('DELETE')
    expect(sent[1]!.url.search).toBe('')
    expect(JSON.parse(sent[1]!.body)).toEqual({ ids: ['a', 'b'] })
  })

  it.each(['.', '..', 'a/b', 'a b', 'é', ''])('refuses the path value %j before sending, naming the parameter', async (id) => {
    const { api, sent } = bound()
    const error = await caught(api.getThing({ id }))
    expect(error).toBeInstanceOf(ExchangeValidationError)
    expect(error).toMatchObject({ field: 'id', rule: 'path_segment', message: 'id: must be [A-Za-z0-9._~:-], not "." or ".." (sent unencoded)' })
    expect(sent).toHaveLength(0)
  })

  it('refuses an unknown field with a camelCase hint, an array for an object, and names a bad field', async () => {
    const { api, sent } = bound()
    expect(await caught(api.putThing({ id: 'x', take_profit: '1' } as never))).toMatchObject({ field: 'take_profit', rule: 'unknown_field', message: 'take_profit: unknown field; did you mean takeProfit?' })
    expect(await caught(api.putThing({ id: 'x', extra: 1 } as never))).toMatchObject({ field: 'extra', message: 'extra: unknown field' })
    expect(await caught(api.getThing([] as never))).toMatchObject({ field: '', rule: 'not_object', message: 'input: must be an object with id; got an array' })
    expect(await caught(api.getThing({ id: 7 } as never))).toMatchObject({ field: 'id', rule: 'type' })
    expect(((await caught(api.getThing({ id: 7 } as never))) as Error).message.startsWith('id: ')).toBe(true)
    expect(sent).toHaveLength(0)
  })

  it('an operation without input takes the call options only', async () => {
    const { api, sent } = bound()
    expect(await api.ping()).toEqual({ ok: true })
    expect(sent[0]!.url.pathname).toBe('/api/v1/ping')
  })
})

describe('placements', () => {
  it('get a fresh clientOrderId: 26 characters of [0-9a-z], time-ordered, never the same twice', async () => {
    const { api, sent } = bound()
    const before = Date.now().toString(36).padStart(10, '0')
    await api.place({ market: 'BTC-USDC' })
    await api.place({ market: 'BTC-USDC' })
    const [first, second] = sent.map((request) => JSON.parse(request.body).clientOrderId as string)
    expect(first).toMatch(/^[0-9a-z]{26}$/)
    expect(first!.slice(0, 10) >= before).toBe(true)
    expect(first!.slice(0, 10) <= Date.now().toString(36).padStart(10, '0')).toBe(true)
    expect(second).not.toBe(first)
  })

  it("keep the caller's clientOrderId, and are retried as idempotent", async () => {
    const { api, sent } = bound(errorResponse(503, 'UNAVAILABLE', 10503, { 'retry-after': '0' }), envelopeResponse({ ok: true }))
    await api.place({ market: 'BTC-USDC', clientOrderId: 'mine-1' })
    expect(sent).toHaveLength(2)
    expect(sent.map((request) => JSON.parse(request.body).clientOrderId)).toEqual(['mine-1', 'mine-1'])
  })

  it('a batch whose outcome is unknown names every order, kept or generated, and the latest signed timestamp', async () => {
    const { api, sent } = bound(new TypeError('fetch failed'))
    const error = (await caught(api.placeMany({ orders: [{ market: 'A', clientOrderId: 'given-1' }, { market: 'B' }] }))) as OrderOutcomeUnknownError
    expect(error).toBeInstanceOf(OrderOutcomeUnknownError)
    const ids = (JSON.parse(sent[0]!.body).orders as { clientOrderId: string }[]).map((order) => order.clientOrderId)
    expect(ids[0]).toBe('given-1')
    expect(ids[1]).toMatch(/^[0-9a-z]{26}$/)
    expect(error.clientOrderIds).toEqual(ids)
    expect(error.clientOrderId).toBeUndefined()
    expect(error.lastSignedAt).toBe(Math.max(...sent.map((request) => Number(request.headers.get('x-timestamp')))))
    expect(error.message).toContain(`look it up by clientOrderId ${ids.join(', ')}`)
  })

  it('a single placement whose outcome is unknown names its id', async () => {
    const { api } = bound(new TypeError('fetch failed'))
    const error = await caught(api.place({ market: 'A', clientOrderId: 'one-1' }))
    expect(error).toMatchObject({ kind: 'outcome-unknown', clientOrderId: 'one-1', clientOrderIds: ['one-1'] })
  })

  it('call options reach the request: an aborted signal stops it before it leaves', async () => {
    const { api, sent } = bound()
    const error = await caught(api.place({ market: 'A' }, { signal: AbortSignal.abort() }))
    expect(error).toMatchObject({ kind: 'aborted' })
    expect(sent).toHaveLength(0)
    expect(await caught(api.ping({ timeoutMs: 0 }))).toMatchObject({ field: 'timeoutMs' })
    expect(await caught(api.ping({ totalTimeoutMs: -1 }))).toMatchObject({ field: 'totalTimeoutMs' })
  })
})
