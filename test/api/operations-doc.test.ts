import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { OPERATIONS_DOC, renderOperationsTable } from '../../scripts/operations-table.ts'
import { described } from './support.ts'

describe('docs/operations.md', () => {
  it('is what scripts/operations-table.ts derives from the descriptors (run it after changing one)', () => {
    expect(readFileSync(OPERATIONS_DOC, 'utf8')).toBe(renderOperationsTable())
  })

  it('has one row per descriptor', () => {
    const rows = renderOperationsTable().split('\n').filter((line) => line.startsWith('| ') && line.includes('`client.'))
    expect(rows).toHaveLength(described.length)
  })
})
