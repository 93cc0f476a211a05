import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { EDGE_DOC, OPERATIONS_DOC, renderOperationsTable, withEffectsTable, withOperationsTable } from '../../scripts/operations-table.ts'
import { SPEC_OPERATION_COUNT } from '../spec/spec-facts.ts'
import { described } from './support.ts'

describe('the operations table in docs/operations.md', () => {
  it('is what scripts/operations-table.ts derives from the descriptors (run it after changing one)', () => {
    const doc = readFileSync(OPERATIONS_DOC, 'utf8')
    expect(doc).toBe(withOperationsTable(doc))
  })

  it("has one row for each of the spec's operations", () => {
    const rows = renderOperationsTable().split('\n').filter((line) => line.startsWith('| ') && line.includes('`client.'))
    expect(rows).toHaveLength(described.length + 3)
    expect(rows).toHaveLength(SPEC_OPERATION_COUNT)
  })
})

describe("the table of every operation's class in docs/edge.md", () => {
  it('is what scripts/operations-table.ts derives from the descriptors (run it after changing one)', () => {
    const doc = readFileSync(EDGE_DOC, 'utf8')
    expect(doc).toBe(withEffectsTable(doc))
  })
})
