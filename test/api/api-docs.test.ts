// The documented method interfaces (each area's file, src/areas/<group>.ts) and the API reference
// (docs/api.md) are what scripts/api-docs.ts derives from the descriptors today (the area files'
// freshness: test/api/area-entries.test.ts).
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { API_REFERENCE, AREAS, renderAreaEntry, renderReference } from '../../scripts/api-docs.ts'
import { described } from './support.ts'

describe('generated API docs', () => {
  it('docs/api.md is up to date (run node scripts/api-docs.ts after changing a descriptor)', () => {
    expect(readFileSync(API_REFERENCE, 'utf8')).toBe(renderReference())
  })

  it('documents every operation with its summary, who may call it, method and path, an example and what it throws', async () => {
    const types = (await Promise.all(AREAS.map(renderAreaEntry))).join('\n')
    for (const { group, name, op } of described) {
      const block = types.slice(0, types.indexOf(`  ${name}(`, types.indexOf(`export interface ${group[0]!.toUpperCase()}${group.slice(1)}Methods`)))
      const doc = block.slice(block.lastIndexOf('/**'))
      expect(doc, `${group}.${name}`).toContain(op.summary!.replace(/\.$/, ''))
      expect(doc, `${group}.${name}`).toContain(`HTTP: \`${op.method} ${op.path}\``)
      expect(doc, `${group}.${name}`).toMatch(/Who may call it: (public|any valid key|a key with the (read|trade|withdraw) permission)/)
      expect(doc, `${group}.${name}`).toContain(`@example\n   * \`\`\`ts\n   * await client.${group}.${name}(`)
      expect(doc, `${group}.${name}`).toContain('@throws {ExchangeApiError}')
    }
  })
})
