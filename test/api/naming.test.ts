// One naming scheme for every operation: `list*` (or `search*`) when the answer is a collection,
// `get*` when it is one thing, a verb saying what changes for a write. Whether an answer is a
// collection is read from the operation's response schema (exchange-client/strict), not its name.
import { describe, expect, it } from 'vitest'
import { keysOperations } from '../../src/api/keys.ts'
import { responseSchemas } from '../../src/strict.ts'
import { described } from './support.ts'

/** The verbs writes start with. */
const WRITE_VERBS = ['place', 'modify', 'cancel', 'close', 'set', 'adjust', 'mint', 'redeem', 'claim', 'deposit', 'withdraw', 'create', 'challenge', 'finalize', 'rotate']
/** Reads the service takes as a POST (the market ids travel in a body). */
const POST_READS = ['prediction.listMarketPrices']

const verbOf = (name: string) => /^[a-z]+/.exec(name)![0]

/**
 * An array, an object whose `items` is an array (page, cursor, offset and item lists), or an object
 * holding nothing but one array (`{ prices: [...] }`).
 */
function isCollection(schema: { type: string; entries?: Record<string, { type: string }> }): boolean {
  const fields = Object.values(schema.entries ?? {})
  return schema.type === 'array' || schema.entries?.items?.type === 'array' || (fields.length === 1 && fields[0]!.type === 'array')
}

describe('operation names', () => {
  it.each(described.map((entry) => [`${entry.group}.${entry.name}`, entry] as const))('%s follows the scheme', (qualified, { group, name, op }) => {
    const read = op.method === 'GET' || POST_READS.includes(qualified)
    if (!read) {
      expect(WRITE_VERBS, `${qualified} is a write`).toContain(verbOf(name))
      return
    }
    const schema = responseSchemas[group]?.[name] as Parameters<typeof isCollection>[0] | undefined
    expect(schema, `${qualified} has a response schema`).toBeDefined()
    expect(verbOf(name), `${qualified}: list/search for a collection, get for one thing`).toBe(
      isCollection(schema!) ? (name.startsWith('search') ? 'search' : 'list') : 'get',
    )
  })

  it('names the key operations get (a read) and rotate (a write)', () => {
    expect(Object.keys(keysOperations).sort()).toEqual(['getKeyInfo', 'rotate'])
    expect(keysOperations.getKeyInfo.method).toBe('GET')
  })
})
