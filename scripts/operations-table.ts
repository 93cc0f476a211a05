// Writes the table of every operation into README.md (between the two markers below), from the
// descriptors themselves. `node scripts/operations-table.ts` regenerates it;
// test/api/operations-doc.test.ts fails when it is stale.
import { readFileSync, writeFileSync } from 'node:fs'
import { operationCatalog } from '../src/api/catalog.ts'
import { keysOperations, onboardingOperations } from '../src/api/keys.ts'
import type { Operation, Permission } from '../src/api/operation.ts'

export const README = 'README.md'
const START = '<!-- operations-table:start -->'
const END = '<!-- operations-table:end -->'

const CREDENTIAL: Record<Permission, string> = {
  none: 'none (open)',
  any: 'any valid key',
  read: 'key with read',
  trade: 'key with trade',
  withdraw: 'key with withdraw',
}

const SOURCE = { spec: 'spec', real: 'real service', ours: 'ours' } as const

/** How the spec has it: with this method and path, by name only (its prediction, championship and oracle groups), or not at all. */
const inSpec = (op: Operation<any, any>) => (op.specName ? `named: "${op.specName}"` : op.source === 'spec' ? 'method and path' : 'no')

const row = (section: string, method: string, op: Operation<any, any>) =>
  `| ${section} | \`${method}\` | ${op.method} | \`${op.path}\` | ${CREDENTIAL[op.auth]} | ${inSpec(op)} | ${SOURCE[op.source]} | ${op.summary ?? ''} |`

/** The key operations hang off the client itself (and `onboard()` also stands alone). */
const keyRows = [
  row('Authentication', 'client.onboard', onboardingOperations.onboard),
  row('Authentication', 'client.rotate', keysOperations.rotate),
  row('Authentication', 'client.getKeyInfo', keysOperations.getKeyInfo),
]

export function renderOperationsTable(): string {
  const rows = [
    ...keyRows,
    ...operationCatalog.flatMap(({ group, section, operations }) =>
      Object.entries(operations).map(([name, op]) => row(section, `client.${group}.${name}`, op))),
  ]
  return [
    START,
    '| Group | Method | HTTP | Path | Credential | In the spec | Path source | What it does |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `${rows.length} operations. Generated from the descriptors in \`src/api\` by \`node scripts/operations-table.ts\`.`,
    END,
  ].join('\n')
}

/** The README with its table block replaced by the current one. */
export function readmeWithTable(readme: string): string {
  const start = readme.indexOf(START)
  const end = readme.indexOf(END)
  if (start < 0 || end < start) throw new Error(`${README} has no ${START} … ${END} block`)
  return readme.slice(0, start) + renderOperationsTable() + readme.slice(end + END.length)
}

if (import.meta.main) {
  writeFileSync(README, readmeWithTable(readFileSync(README, 'utf8')))
  console.log(`wrote the operations table into ${README}`)
}
