// The SDK's operation table, auth code table, credential formats and windows held against the spec
// fixture (spec-facts.ts), never against the reference exchange. Each check is also run on a
// deliberately broken copy, to show it can fail and how it names the culprit.
import { describe, expect, it } from 'vitest'
import { operationCatalog } from '../../src/api/catalog.ts'
import { keysOperations, onboardingOperations } from '../../src/api/keys.ts'
import type { Operation } from '../../src/api/operation.ts'
import { API_KEY_PATTERN, SECRET_KEY_PATTERN } from '../../src/auth/credentials.ts'
import { AUTH_ERROR_CODES } from '../../src/index.ts'
import { LOGIN_WINDOW_MS } from '../../src/onboarding/message.ts'
import { operationTableProblems, type TableEntry } from './operation-table.ts'
import { SDK_EXTRAS } from './sdk-extras.ts'
import { SPEC_AUTH_CODES, SPEC_CREDENTIALS, SPEC_NAMED_OPERATIONS, SPEC_PATH_OPERATIONS, SPEC_WINDOWS } from './spec-facts.ts'

const entry = (name: string, op: Operation<any, any>): TableEntry => ({ name, method: op.method, path: op.path, source: op.source, specName: op.specName })

/** Every operation of the SDK: the client groups' tables, the key calls and onboarding. */
const SDK_TABLE: readonly TableEntry[] = [
  entry('onboarding.onboard', onboardingOperations.onboard),
  entry('keys.rotate', keysOperations.rotate),
  entry('keys.getKeyInfo', keysOperations.getKeyInfo),
  ...operationCatalog.flatMap(({ group, operations }) => Object.entries(operations).map(([name, op]) => entry(`${group}.${name}`, op))),
]

const EXTRAS = SDK_EXTRAS

const SPEC = { paths: SPEC_PATH_OPERATIONS, named: SPEC_NAMED_OPERATIONS }
const problems = (table: readonly TableEntry[], extras = EXTRAS) => operationTableProblems(table, SPEC, extras)

describe('the SDK operation table against the spec fixture', () => {
  it('agrees with it: no operation missing, none unmarked, none mapped twice', () => {
    expect(problems(SDK_TABLE)).toEqual([])
  })

  it.each(SPEC_PATH_OPERATIONS.map((op) => [`${op.method} ${op.path}`, op] as const))('has the spec path operation %s', (_, wanted) => {
    // A path parameter's name never reaches the wire: the SDK's `:orderId` is the spec's `:id`.
    const found = SDK_TABLE.filter((op) => op.method === wanted.method && op.path.replace(/:[A-Za-z]+/g, ':') === wanted.path.replace(/:[A-Za-z]+/g, ':'))
    expect(found.map((op) => op.source), `${wanted.method} ${wanted.path}`).toEqual(['spec'])
  })

  it.each(SPEC_NAMED_OPERATIONS.map((op) => [`${op.group}: ${op.name} (${op.method})`, op] as const))('maps the named operation %s to one SDK operation of that method', (_, wanted) => {
    const found = SDK_TABLE.filter((op) => op.specName === wanted.name)
    expect(found.map((op) => op.method), wanted.name).toEqual([wanted.method])
  })
})

describe('the operation table check fails on a broken table, naming the operation', () => {
  const without = (name: string) => SDK_TABLE.filter((op) => op.name !== name)
  const changed = (name: string, change: Partial<TableEntry>) => SDK_TABLE.map((op) => (op.name === name ? { ...op, ...change } : op))

  it('a spec path operation missing', () => {
    expect(problems(without('perp.cancelOrders'))).toEqual(['missing: DELETE /api/v1/perp/orders/batch (spec group Perp Trading)'])
  })

  it('a spec path operation under another method', () => {
    expect(problems(changed('perp.modifyOrder', { method: 'PATCH' }))).toEqual([
      'missing: PUT /api/v1/perp/orders/:id (spec group Perp Trading)',
      'perp.modifyOrder: PATCH /api/v1/perp/orders/:orderId is not in the spec, but its source says spec',
      'new operation beyond the spec: perp.modifyOrder (PATCH /api/v1/perp/orders/:orderId, source spec)',
    ])
  })

  it('a named operation missing, or mapped under another method', () => {
    expect(problems(without('prediction.getPriceBalance'))).toEqual([
      'missing: "get price balance, a CTF constraint check" (spec group Prediction Markets, GET)',
    ])
    expect(problems(changed('prediction.cancelOrder', { method: 'DELETE' }))).toEqual([
      'prediction.cancelOrder: "cancel a single order" is a POST in the spec, not DELETE',
    ])
  })

  it('a named operation mapped twice, or a specName the spec does not have', () => {
    expect(problems(changed('prediction.getDepth', { specName: 'get order book' }))).toEqual([
      'missing: "get depth for one outcome" (spec group Prediction Markets, GET)',
      '"get order book" is mapped to prediction.getDepth and prediction.getOrderbook',
    ])
    expect(problems(changed('championship.getTopThree', { specName: 'top three' }))).toEqual([
      'missing: "top-3 hero data" (spec group Championship, GET)',
      'championship.getTopThree: specName "top three" names no operation of the spec',
    ])
  })

  it('a new operation beyond the spec, unlisted or marked as the spec', () => {
    const added: TableEntry = { name: 'perp.cancelAllOrders', method: 'DELETE', path: '/api/v1/perp/orders/cancel-all', source: 'real' }
    expect(problems([...SDK_TABLE, added])).toEqual([
      'new operation beyond the spec: perp.cancelAllOrders (DELETE /api/v1/perp/orders/cancel-all, source real)',
    ])
    expect(problems([...SDK_TABLE, added], { 'perp.cancelAllOrders': 'real' })).toEqual([])
    expect(problems([...SDK_TABLE, { ...added, source: 'spec' }], { 'perp.cancelAllOrders': 'real' })).toEqual([
      'perp.cancelAllOrders: DELETE /api/v1/perp/orders/cancel-all is not in the spec, but its source says spec',
      'perp.cancelAllOrders: source spec, expected real',
    ])
  })

  it('a listed extra the SDK no longer has', () => {
    expect(problems(SDK_TABLE, { 'perp.cancelAllOrders': 'real' })).toEqual(['missing: perp.cancelAllOrders, an operation beyond the spec the SDK had'])
  })
})

/** Differences between a code table and the spec's codes. */
function codeTableProblems(table: Readonly<Record<string, number>>): string[] {
  const problems: string[] = []
  for (const { name, number } of SPEC_AUTH_CODES) {
    if (!(name in table)) problems.push(`missing: ${name} ${number}`)
    else if (table[name] !== number) problems.push(`${name}: ${table[name]}, the spec says ${number}`)
  }
  const specNames = new Set(SPEC_AUTH_CODES.map((code) => code.name))
  for (const [name, number] of Object.entries(table)) if (!specNames.has(name)) problems.push(`not in the spec: ${name} ${number}`)
  return problems
}

describe("the SDK's auth code table (AUTH_ERROR_CODES) against the spec's", () => {
  it('has exactly the spec codes, name and number', () => {
    expect(codeTableProblems(AUTH_ERROR_CODES)).toEqual([])
  })

  it('the check names a missing, renumbered or invented code', () => {
    const { PERM_NO_READ: _dropped, ...missing } = AUTH_ERROR_CODES
    expect(codeTableProblems(missing)).toEqual(['missing: PERM_NO_READ 11102'])
    expect(codeTableProblems({ ...AUTH_ERROR_CODES, AUTH_REPLAY_DETECTED: 11012 })).toEqual(['AUTH_REPLAY_DETECTED: 11012, the spec says 11013'])
    expect(codeTableProblems({ ...AUTH_ERROR_CODES, PERM_NO_WITHDRAW: 11103 })).toEqual(['not in the spec: PERM_NO_WITHDRAW 11103'])
  })
})

describe('credential formats and windows against the spec', () => {
  const hex = (length: number) => 'a1'.repeat(length).slice(0, length)
  const key = (prefix: string, hexLength = SPEC_CREDENTIALS.apiKey.hexLength) => `${prefix}${SPEC_CREDENTIALS.apiKey.separator}${hex(hexLength)}`

  it('accepts an API key of a 4-character prefix, "_" and 64 hex (69 characters), and nothing off by one', () => {
    const good = key('1024')
    expect(good).toHaveLength(SPEC_CREDENTIALS.apiKey.totalLength)
    expect(API_KEY_PATTERN.test(good)).toBe(true)
    for (const bad of [key('102'), key('10245'), key('1024', 63 as 64), key('1024', 65 as 64), good.replace('_', '-')]) {
      expect(API_KEY_PATTERN.test(bad), bad).toBe(false)
    }
  })

  it('accepts a secret of 64 lowercase hex, refuses uppercase and other lengths', () => {
    const alphabet = SPEC_CREDENTIALS.secret.alphabet
    const secret = alphabet.repeat(SPEC_CREDENTIALS.secret.length / alphabet.length)
    expect(SECRET_KEY_PATTERN.test(secret)).toBe(true)
    for (const bad of [secret.toUpperCase(), secret.slice(1), `${secret}0`]) expect(SECRET_KEY_PATTERN.test(bad), bad).toBe(false)
  })

  it("gives onboarding the spec's 300 s window", () => {
    expect(LOGIN_WINDOW_MS).toBe(SPEC_WINDOWS.onboardingToleranceMs)
  })
})
