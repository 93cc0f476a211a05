import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { README, readmeWithTable, renderOperationsTable } from '../../scripts/operations-table.ts'
import { described } from './support.ts'

describe('the operations table in README.md', () => {
  it('is what scripts/operations-table.ts derives from the descriptors (run it after changing one)', () => {
    const readme = readFileSync(README, 'utf8')
    expect(readme).toBe(readmeWithTable(readme))
  })

  it('has one row for each of the 120 operations', () => {
    const rows = renderOperationsTable().split('\n').filter((line) => line.startsWith('| ') && line.includes('`client.'))
    expect(rows).toHaveLength(described.length + 3)
    expect(rows).toHaveLength(120)
  })
})
