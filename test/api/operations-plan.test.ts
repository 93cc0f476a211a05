import { describe, expect, it } from 'vitest'
import { SPEC_AUTH_OPERATION_COUNT, SPEC_OPERATION_COUNT } from '../spec/spec-facts.ts'
import { AUTH_OPERATIONS, described, methodOf, planRows, recordingFetch, testClient } from './support.ts'

describe('the descriptors match the operations plan', () => {
  const rows = planRows().filter((row) => !AUTH_OPERATIONS.includes(row.name))

  it("has a descriptor for each of the spec's operations but onboard, rotate and getKeyInfo (the client's own methods)", () => {
    expect(planRows()).toHaveLength(SPEC_OPERATION_COUNT)
    expect(described).toHaveLength(SPEC_OPERATION_COUNT - SPEC_AUTH_OPERATION_COUNT)
  })

  it('gives every descriptor its own (HTTP method, path) pair', () => {
    const pairs = new Set(described.map(({ op }) => `${op.method} ${op.path}`))
    expect(pairs.size).toBe(described.length)
  })

  it('gives every method a unique name within its client group', () => {
    const names = new Set(described.map(({ group, name }) => `${group}.${name}`))
    expect(names.size).toBe(described.length)
  })

  it.each(rows.map((row) => [`${row.group}.${row.name}`, row] as const))('%s: method, path, permission and path source as planned', (_, row) => {
    const found = described.find((entry) => entry.group === row.group && entry.name === row.name)
    expect(found, `${row.group}.${row.name} has no descriptor`).toBeDefined()
    expect(found!.op).toMatchObject({ method: row.method, path: `/api/v1${row.path}`, auth: row.auth, source: row.source })
  })

  it('puts every descriptor on the client as a method', () => {
    const client = testClient(recordingFetch().fetch)
    for (const entry of described) expect(typeof methodOf(client, entry), `${entry.group}.${entry.name}`).toBe('function')
  })

  it('gives every operation that takes input a valid example', () => {
    for (const { group, name, op } of described) {
      if (op.input) expect(op.example, `${group}.${name}`).toBeDefined()
      expect(op.summary, `${group}.${name}`).toMatch(/\w/)
    }
  })
})
