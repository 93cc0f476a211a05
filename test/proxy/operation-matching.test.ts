// Every operation of the table, sent as the client sends it (its example input), is matched back to that
// operation alone and its input read back to what the client checked: so a page's client can call every
// allowed operation through the proxy with its usual methods.
import { describe, expect, it } from 'vitest'
import { parseInput, toRequest } from '../../src/api/operation.ts'
import { inputOf } from '../../src/proxy/input.ts'
import { matchOperation, proxiedOperations } from '../../src/proxy/operations.ts'

const table = proxiedOperations()

describe('the proxy reads each operation back from the request the client makes', () => {
  it('covers the catalog and the key calls: rotation and onboarding are matched only to be refused by name', () => {
    const names = table.map((operation) => operation.name)
    expect(names.length).toBeGreaterThan(100)
    expect(new Set(names).size).toBe(names.length)
    expect(names).toContain('keys.getKeyInfo')
    expect(table.filter((operation) => /rotate|onboard/i.test(operation.name)).map((operation) => [operation.name, operation.op.effect])).toEqual([['keys.rotate', 'issues-secret'], ['keys.onboard', 'issues-secret']])
  })

  it.each(table.map((operation) => [operation.name, operation] as const))('%s', (name, operation) => {
    const { op } = operation
    const input = op.input ? parseInput(op.input, op.example) as Record<string, unknown> : undefined
    const request = toRequest(op, input)
    const url = new URL(`http://proxy.local/prefix${request.path}`)
    for (const [field, value] of Object.entries(request.query)) {
      for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(field, String(item))
    }
    const match = matchOperation(table, request.method, url.pathname)
    expect(match?.operation.name).toBe(name)
    // Whatever the table's order: `/orders/batch` is the batch, never the order whose id is "batch".
    expect(matchOperation([...table].reverse(), request.method, url.pathname)?.operation.name).toBe(name)
    expect(inputOf(match!, url, request.body === undefined ? '' : JSON.stringify(request.body))).toEqual(input)
  })
})
