// Writes the table of every operation into docs/operations.md, and the table of every operation's effect
// (what a signing proxy's `allow` classes are made of) into docs/edge.md, each between its two markers,
// from the descriptors themselves. `node scripts/operations-table.ts` regenerates both;
// test/api/operations-doc.test.ts fails when one is stale.
import { readFileSync, writeFileSync } from 'node:fs'
import { operationCatalog } from '../src/api/catalog.ts'
import { keysOperations, onboardingOperations } from '../src/api/keys.ts'
import type { Effect, Operation, Permission } from '../src/api/operation.ts'

export const OPERATIONS_DOC = 'docs/operations.md'
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

/** `doc` (the file `name`) with its block from `start` to `end` replaced by `block`, which carries both markers. */
function withBlock(doc: string, name: string, start: string, end: string, block: string): string {
  const from = doc.indexOf(start)
  const to = doc.indexOf(end)
  if (from < 0 || to < from) throw new Error(`${name} has no ${start} … ${end} block`)
  return doc.slice(0, from) + block + doc.slice(to + end.length)
}

/** The document with its table block replaced by the current one. */
export const withOperationsTable = (doc: string): string => withBlock(doc, OPERATIONS_DOC, START, END, renderOperationsTable())

export const EDGE_DOC = 'docs/edge.md'
const EFFECT_START = '<!-- proxy-effects:start -->'
const EFFECT_END = '<!-- proxy-effects:end -->'

/** How docs/edge.md says what each effect means for `allow`. */
const EFFECT_WORDS: Record<Effect, string> = {
  public: '`public`',
  read: '`read`',
  trade: '`trade`',
  'moves-value': '**none: name it**',
  'issues-secret': 'never proxied',
}

/** Every operation the proxy knows, the class `allow` lets it through by (or why none does). */
export function renderEffectsTable(): string {
  const operations: [string, Operation<any, any>][] = [
    ['keys.onboard', onboardingOperations.onboard],
    ['keys.rotate', keysOperations.rotate],
    ['keys.getKeyInfo', keysOperations.getKeyInfo],
    ...operationCatalog.flatMap(({ group, operations: ops }) => Object.entries(ops).map(([name, op]) => [`${group}.${name}`, op] as [string, Operation<any, any>])),
  ]
  const order: Effect[] = ['moves-value', 'issues-secret', 'trade', 'read', 'public']
  operations.sort(([a, opA], [b, opB]) => order.indexOf(opA.effect) - order.indexOf(opB.effect) || a.localeCompare(b))
  return [
    EFFECT_START,
    '| Operation (the name `allow` takes) | HTTP | Path | Class |',
    '|---|---|---|---|',
    ...operations.map(([name, op]) => `| \`${name}\` | ${op.method} | \`${op.path}\` | ${EFFECT_WORDS[op.effect]} |`),
    '',
    `${operations.length} operations. Generated from each descriptor's \`effect\` by \`node scripts/operations-table.ts\`.`,
    EFFECT_END,
  ].join('\n')
}

/** docs/edge.md with its effects table replaced by the current one. */
export const withEffectsTable = (doc: string): string => withBlock(doc, EDGE_DOC, EFFECT_START, EFFECT_END, renderEffectsTable())

if (import.meta.main) {
  writeFileSync(OPERATIONS_DOC, withOperationsTable(readFileSync(OPERATIONS_DOC, 'utf8')))
  writeFileSync(EDGE_DOC, withEffectsTable(readFileSync(EDGE_DOC, 'utf8')))
  console.log(`wrote the operations table into ${OPERATIONS_DOC} and the effects table into ${EDGE_DOC}`)
}
