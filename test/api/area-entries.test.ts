// The per-area entries (`exchange-client/perp`…): one function per operation, generated from the
// descriptors, sending what the plan says through the core passed first, under the core's routes and
// response checks.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { AREAS, areaFile, renderAreaEntry } from '../../scripts/api-docs.ts'
import * as account from '../../src/areas/account.ts'
import * as championship from '../../src/areas/championship.ts'
import * as keys from '../../src/areas/keys.ts'
import * as perp from '../../src/areas/perp.ts'
import * as prediction from '../../src/areas/prediction.ts'
import * as spot from '../../src/areas/spot.ts'
import * as system from '../../src/areas/system.ts'
import { ExchangeCore, ExchangeValidationError, withKey } from '../../src/index.ts'
import { responseSchemas } from '../../src/strict.ts'
import { SPEC_AUTH_OPERATION_COUNT, SPEC_OPERATION_COUNT } from '../spec/spec-facts.ts'
import { expectSignedAsSent } from '../support/signed-as-sent.ts'
import { AUTH_OPERATIONS, TEST_CREDENTIALS, described, envelope, methodOf, planRows, recordingFetch, testClient } from './support.ts'

type AreaFunction = (core: ExchangeCore, ...args: unknown[]) => Promise<unknown>
const areas: Record<string, Record<string, unknown>> = { system, account, perp, spot, prediction, championship }
const rows = planRows().filter((row) => !AUTH_OPERATIONS.includes(row.name))

/** A body with the clientOrderIds the SDK generates (one per call) left out. */
function withoutGeneratedIds(body: string): unknown {
  if (body === '') return body
  return JSON.parse(body, (key, value: unknown) => (key === 'clientOrderId' ? undefined : value))
}

const core = (fetch: typeof globalThis.fetch, options = {}) =>
  withKey(new ExchangeCore({ baseUrl: 'http://exchange.test', fetch, retry: false, ...options }), TEST_CREDENTIALS)

describe('the per-area entries', () => {
  it.each(AREAS.map((group) => [group]))('src/areas/%s.ts is what scripts/api-docs.ts derives (run it after changing a descriptor)', async (group) => {
    expect(readFileSync(areaFile(group), 'utf8')).toBe(await renderAreaEntry(group))
  })

  it('have one function for each operation of the client groups, and nothing else but the group object', () => {
    let total = 0
    for (const [group, exports] of Object.entries(areas)) {
      const functions = Object.keys(exports).filter((name) => !name.endsWith('Api')).sort()
      expect(functions, group).toEqual(described.filter((entry) => entry.group === group).map(({ name }) => name).sort())
      total += functions.length
    }
    expect(total).toBe(SPEC_OPERATION_COUNT - SPEC_AUTH_OPERATION_COUNT)
  })

  it.each(rows.map((row) => [`${row.group}.${row.name}`, row] as const))('%s sends the planned method and path, as the client method does', async (_, row) => {
    const entry = described.find(({ group, name }) => group === row.group && name === row.name)!
    const fn = areas[row.group]![row.name] as AreaFunction
    const viaFunction = recordingFetch()
    const viaClient = recordingFetch()
    const input = entry.op.input ? [entry.op.example] : []
    await fn(core(viaFunction.fetch), ...input)
    await methodOf(testClient(viaClient.fetch), entry)(...input)

    const [sent] = viaFunction.requests
    const example = (entry.op.example ?? {}) as Record<string, string>
    expect(sent!.method).toBe(row.method)
    expect(sent!.url.pathname).toBe(`/api/v1${row.path.replace(/:(\w+)/g, (_, name: string) => example[name]!)}`)
    expect(sent!.headers.has('x-signature')).toBe(row.auth !== 'none')
    const [reference] = viaClient.requests
    expect(sent!.url.search).toBe(reference!.url.search)
    expect(withoutGeneratedIds(sent!.body)).toEqual(withoutGeneratedIds(reference!.body))
    if (entry.op.placement) expect(sent!.body).toContain('"clientOrderId":"')
  })

  it('bind a function to each core once, and keep two cores apart', async () => {
    const first = recordingFetch()
    const second = recordingFetch()
    const a = core(first.fetch)
    const b = core(second.fetch, { apiKey: undefined, secretKey: undefined })
    await perp.getTicker(a, { market: 'BTC-USDC' })
    await perp.getTicker(b, { market: 'ETH-USDC' })
    await perp.getTicker(a, { market: 'SOL-USDC' })
    expect(first.requests.map((r) => r.url.pathname)).toEqual(['/api/v1/perp/markets/BTC-USDC/ticker', '/api/v1/perp/markets/SOL-USDC/ticker'])
    expect(second.requests.map((r) => r.url.pathname)).toEqual(['/api/v1/perp/markets/ETH-USDC/ticker'])
  })

  it("refuse bad input before any request, naming the field", async () => {
    const { fetch, requests } = recordingFetch()
    const failure = await perp.placeOrder(core(fetch), { market: 'BTC-USDC', side: 'up' as 'buy', type: 'limit', size: '1', price: '1' }).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ExchangeValidationError)
    expect(failure).toMatchObject({ field: 'side' })
    expect(requests).toHaveLength(0)
  })

  it("follow the core's routes, and ignore routes of their group naming other operations", async () => {
    const { fetch, requests } = recordingFetch()
    const routes = {
      'account.getOverview': { method: 'GET', path: '/api/v1/accounts/me/overview' },
      'account.listDeposits': { method: 'GET', path: '/api/v1/accounts/me/deposits' },
    } as const
    await account.getOverview(core(fetch, { routes }))
    expect(requests[0]!.url.pathname).toBe('/api/v1/accounts/me/overview')
  })

  it('refuse, by a rejected call before any request, a route that drops a path parameter of its operation', async () => {
    const { fetch, requests } = recordingFetch()
    const routes = { 'account.getApiKey': { method: 'GET', path: '/api/v1/accounts/me/api-key' } } as const
    const call = account.getApiKey(core(fetch, { routes }), { id: 'key-1' })
    await expect(call).rejects.toMatchObject({ name: 'ExchangeValidationError', field: 'routes.account.getApiKey.path' })
    expect(requests).toHaveLength(0)
  })

  it("check answers against the core's response schemas", async () => {
    const { fetch } = recordingFetch(() => envelope({ serverTime: 'noon' }))
    await expect(system.getTime(core(fetch, { validateResponses: responseSchemas }))).rejects.toMatchObject({ name: 'ExchangeResponseError' })
    await expect(system.getTime(core(fetch))).resolves.toEqual({ serverTime: 'noon' })
  })

  it('keys: getKeyInfo and rotate take the core, and rotation makes the core sign with the new secret', async () => {
    const newSecret = 'ef'.repeat(32)
    const { fetch, requests } = recordingFetch((request) =>
      envelope(request.url.pathname.endsWith('/rotate') ? { apiKey: TEST_CREDENTIALS.apiKey, secretKey: newSecret, apiKeyId: 'k', rotatedAt: 1 } : { valid: true, permissions: { canRead: true } }))
    const signed = core(fetch)
    expect(JSON.stringify(await keys.rotate(signed))).not.toContain(newSecret)
    await keys.getKeyInfo(signed)
    expectSignedAsSent(requests[1]!, { ...TEST_CREDENTIALS, secretKey: newSecret })
  })

  it('keys: refuse anything but a core', async () => {
    await expect(keys.getKeyInfo({ bind: () => ({ getKeyInfo: async () => ({}) }) } as never)).rejects.toBeInstanceOf(ExchangeValidationError)
  })
})
