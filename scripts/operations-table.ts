// Writes docs/operations.md, the table of every operation, from the descriptors themselves.
// `node scripts/operations-table.ts` regenerates it; test/api/operations-doc.test.ts fails when it is stale.
import { writeFileSync } from 'node:fs'
import { operationCatalog } from '../src/api/catalog.ts'
import type { Permission } from '../src/api/operation.ts'

export const OPERATIONS_DOC = 'docs/operations.md'

const CREDENTIAL: Record<Permission, string> = {
  none: 'none (open)',
  any: 'any valid key',
  read: 'key with read',
  trade: 'key with trade',
  withdraw: 'key with withdraw',
}

const SOURCE = { spec: 'spec', real: 'real service', ours: 'ours' } as const

export function renderOperationsTable(): string {
  const rows = operationCatalog.flatMap(({ group, section, operations }) =>
    Object.entries(operations).map(([name, op]) =>
      `| ${section} | \`client.${group}.${name}\` | ${op.method} | \`${op.path}\` | ${CREDENTIAL[op.auth]} | ${SOURCE[op.source]} | ${op.summary} |`),
  )
  return [
    '# Operations',
    '',
    'Generated from the descriptors in `src/api` by `node scripts/operations-table.ts`; do not edit by hand.',
    'Onboarding, key rotation and introspection are described in the onboarding section of the README.',
    '',
    'Path source: **spec** = our specification, **real service** = the paths real clients of the service use',
    '(the spec names these operations without paths), **ours** = our choice where nothing is known.',
    '',
    '| Group | Method | HTTP | Path | Credential | Path source | What it does |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `${rows.length} operations.`,
    '',
  ].join('\n')
}

if (import.meta.main) {
  writeFileSync(OPERATIONS_DOC, renderOperationsTable())
  console.log(`wrote ${OPERATIONS_DOC}`)
}
