// The proxy's classes by effect (least authority), and what crosses it: with allow ['public', 'read', 'trade']
// nothing that moves value out of the account or locks it passes; each such operation passes only when
// named; what answers with a new secret never passes; only a JSON body crosses; a refused origin is never
// told it may read the answer; every answer says Vary: Origin. Against the reference exchange over loopback.
import { describe, expect, it } from 'vitest'
import { operationCatalog } from '../../src/api/catalog.ts'
import { keysOperations, onboardingOperations } from '../../src/api/keys.ts'
import type { Effect, Operation } from '../../src/api/operation.ts'
import { PROXY_ERROR_CODES, signingProxy } from '../../src/proxy.ts'
import { startLocalExchange } from '../support/local-exchange.ts'
import { TEST_KEYS } from '../support/seed.ts'

const { url: target } = await startLocalExchange()
const key = TEST_KEYS.full
const EFFECTS: readonly Effect[] = ['public', 'read', 'trade', 'moves-value', 'issues-secret']

const every: [string, Operation<any, any>][] = [
  ...operationCatalog.flatMap(({ group, operations }) => Object.entries(operations).map(([name, op]) => [`${group}.${name}`, op] as [string, Operation<any, any>])),
  ...Object.entries({ ...keysOperations, ...onboardingOperations }).map(([name, op]) => [`keys.${name}`, op] as [string, Operation<any, any>]),
]
/** The operations whose descriptor declares no effect (a test fails on one). */
const unclassified = (table: readonly [string, Operation<any, any>][]) => table.filter(([, op]) => !EFFECTS.includes(op.effect)).map(([name]) => name)

const handlerOf = (allow: string[], extra = {}) => signingProxy({ target, apiKey: key.apiKey, secretKey: key.secretKey, allow, authorize: () => true, ...extra })
const answer = async (response: Response) => ({ status: response.status, headers: response.headers, json: JSON.parse((await response.text()) || 'null') })

describe('operation classes by effect', () => {
  it('every operation declares its effect in its descriptor; one without is caught', () => {
    expect(unclassified(every)).toEqual([])
    expect(unclassified([['made.up', { method: 'GET', path: '/api/v1/x', auth: 'none', source: 'ours' } as never]])).toEqual(['made.up'])
  })

  it("what moves value or locks it is in no class: these and only these, by the descriptors' paths", () => {
    const moving = every.filter(([, op]) => op.effect === 'moves-value').map(([, op]) => `${op.method} ${op.path}`).sort()
    expect(moving).toEqual([
      'POST /api/v1/account/deposits', 'POST /api/v1/account/withdrawals', 'POST /api/v1/prediction/claims', 'POST /api/v1/prediction/markets',
      'POST /api/v1/prediction/mints', 'POST /api/v1/prediction/multi-outcome/claims', 'POST /api/v1/prediction/multi-outcome/mints',
      'POST /api/v1/prediction/multi-outcome/redemptions', 'POST /api/v1/prediction/oracle/challenges', 'POST /api/v1/prediction/oracle/finalizations',
      'POST /api/v1/prediction/redemptions',
    ])
    expect(every.filter(([, op]) => op.effect === 'issues-secret').map(([name]) => name).sort()).toEqual(['keys.onboard', 'keys.rotate'])
    // Every write of the trade class is an order, TP/SL, leverage or margin.
    for (const [name, op] of every.filter(([, op]) => op.effect === 'trade')) expect(op.path, name).toMatch(/\/orders|\/positions\//)
  })

  it("with allow ['public', 'read', 'trade'] no value-moving operation passes, and the refusal says to name it; named, it passes", async () => {
    const classes = handlerOf(['public', 'read', 'trade'])
    const moving = every.filter(([, op]) => op.effect === 'moves-value')
    expect(moving).toHaveLength(11)
    for (const [name, op] of moving) {
      const path = op.path.replace(/:(\w+)/g, '1')
      const { status, json } = await answer(await classes(new Request(`http://proxy.local${path}`, { method: op.method, headers: { 'content-type': 'application/json' }, body: '{}' })))
      expect({ status, code: json.error.code }, name).toEqual({ status: 403, code: 'PROXY_OPERATION_NOT_ALLOWED' })
      expect(json.error.message, name).toContain(`name '${name}' in the proxy's allow option`)
    }
    const withdraw = every.find(([name]) => name === 'account.withdraw')!
    const named = handlerOf(['account.withdraw'])
    const passed = await answer(await named(new Request(`http://proxy.local${withdraw[1].path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: 'USDC', amount: '1', address: `0x${'1'.repeat(40)}` }) })))
    expect(passed.json.error?.code).not.toBe('PROXY_OPERATION_NOT_ALLOWED')
  })

  it('onboarding and rotation are never passed through, with their own code and why', async () => {
    const proxy = handlerOf(['public', 'read', 'trade'])
    for (const path of ['/api/v1/accounts/me/api-key/rotate', '/api/v1/oauth/onboard']) {
      const { status, json } = await answer(await proxy(new Request(`http://proxy.local${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })))
      expect({ status, code: json.error.code, codeNum: json.error.codeNum }).toEqual({ status: 403, code: 'PROXY_NEVER_PROXIED', codeNum: PROXY_ERROR_CODES.PROXY_NEVER_PROXIED })
      expect(json.error.message).toContain('never passed through a proxy: a new secret must not travel through a page')
    }
    expect(() => handlerOf(['keys.rotate'])).toThrow(/never travel through a page/)
  })
})

describe('what crosses the proxy', () => {
  const order = JSON.stringify({ market: 'BTC-USDC', side: 'buy', type: 'limit', size: '0.01', price: '60000' })

  it('a text/plain or form body is refused (415), unforwarded, naming the content type to send', async () => {
    const proxy = handlerOf(['trade', 'read'])
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', undefined]) {
      const headers: Record<string, string> = type ? { 'content-type': type } : {}
      const { status, json } = await answer(await proxy(new Request('http://proxy.local/api/v1/perp/orders', { method: 'POST', headers, body: order })))
      expect({ status, code: json.error.code }, String(type)).toEqual({ status: 415, code: 'PROXY_UNSUPPORTED_MEDIA_TYPE' })
      expect(json.error.message).toContain('Content-Type: application/json')
    }
    const json = await answer(await proxy(new Request('http://proxy.local/api/v1/perp/orders', { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8' }, body: order })))
    expect(json.status).toBe(200)
  })

  it("a refused origin gets no Access-Control-Allow-Origin; Origin: null is refused unless listed by name; every answer says Vary: Origin", async () => {
    const listed = handlerOf(['public'], { cors: ['https://app.example'] })
    const refused = await answer(await listed(new Request('http://proxy.local/api/v1/system/time', { headers: { origin: 'https://evil.example' } })))
    expect(refused.status).toBe(403)
    expect(refused.headers.get('access-control-allow-origin')).toBeNull()
    expect(refused.headers.get('vary')).toContain('Origin')
    expect(refused.json.error.message).toContain("add 'https://evil.example' to the proxy's cors option")

    const any = handlerOf(['public'], { cors: '*' })
    const sandboxed = await answer(await any(new Request('http://proxy.local/api/v1/system/time', { headers: { origin: 'null' } })))
    expect({ status: sandboxed.status, acao: sandboxed.headers.get('access-control-allow-origin') }).toEqual({ status: 403, acao: null })
    const byName = handlerOf(['public'], { cors: ['null'] })
    const allowedNull = await answer(await byName(new Request('http://proxy.local/api/v1/system/time', { headers: { origin: 'null' } })))
    expect({ status: allowedNull.status, acao: allowedNull.headers.get('access-control-allow-origin') }).toEqual({ status: 200, acao: 'null' })

    for (const response of [await any(new Request('http://proxy.local/api/v1/system/time')), await listed(new Request('http://proxy.local/api/v1/system/time', { headers: { origin: 'https://app.example' } }))]) {
      expect(response.headers.get('vary')).toContain('Origin')
    }
  })
})
