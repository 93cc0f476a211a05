// The one generator of what the operation descriptors (src/api) derive: each area's file
// (src/areas/<group>.ts, the entry `exchange-client/perp`…): one function per operation taking the core
// first, the documented method interface of the client's group (`client.perp.placeOrder` hovers with its
// summary, who may call it, method and path, input fields, an example and the errors it throws), and the
// group object the client builds from them; the API reference (docs/api.md); and, through their own
// scripts, the operations table (docs/operations.md) and the OpenAPI document (docs/openapi.json).
//   node scripts/api-docs.ts        (npm run docs:api) writes them all
// Their tests (test/api/api-docs, area-entries, operations-doc, openapi) regenerate them in memory and fail
// when a committed file is stale.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { operationCatalog } from '../src/api/catalog.ts'
import type { ApiGroup, Operation } from '../src/api/operation.ts'
import { inputIsOptional } from './api-docs/fields.ts'
import { OPENAPI_DOC, openApiText } from './openapi.ts'
import { OPERATIONS_DOC, withOperationsTable } from './operations-table.ts'
import { jsdoc, markdown, type Documented } from './api-docs/render.ts'
import { signatureParts, typeImports, typeNamesOf } from './api-docs/type-names.ts'

export const API_REFERENCE = 'docs/api.md'
const CATALOG = 'src/api/catalog.ts'
export const areaFile = (group: ApiGroup): string => `src/areas/${group}.ts`
export const AREAS: readonly ApiGroup[] = [...new Set(operationCatalog.map(({ group }) => group))]

interface Group {
  /** The documented interface of `client.<group>`. */
  methods: string
  /** The group's whole table, and its module under src/api. */
  table: [name: string, module: string]
  /**
   * The group object of the entry (`perpApi(core)`), which the client's group is; absent where the
   * client builds the group from the table itself (`client.system`).
   */
  api?: { name: string; type: string; code: string[]; imports: string[] }
}

const lookups = (group: string, Group: string, order: string): Group['api'] => ({
  name: `${group}Api`,
  type: `${Group}Api`,
  imports: [
    "import { withFindOrder, type WithFindOrder } from '../api/common/orders.ts'",
    "import type { ServerTimeSource } from '../api/common/reconcile.ts'",
  ],
  code: [
    `/** \`client.${group}\`: a method per operation, and \`findOrder\` and \`reconcile\`. */`,
    `export type ${Group}Api = WithFindOrder<${Group}Methods, ${order}>`,
    '',
    `/** \`client.${group}\` on its own: \`${group}Api(new ExchangeCore(options))\` bundles only the ${group} schemas. */`,
    `export function ${group}Api(core: OperationBinder & ServerTimeSource): ${Group}Api {`,
    `  return withFindOrder<${order}, ${Group}Methods>(groupMethods(accessOf(core), '${group}', ${group}Operations), core)`,
    '}',
  ],
})

const plain = (group: string, Group: string): Group['api'] => ({
  name: `${group}Api`,
  type: `${Group}Methods`,
  imports: [],
  code: [
    `/** \`client.${group}\` on its own: \`${group}Api(new ExchangeCore(options))\`. */`,
    `export const ${group}Api = (core: OperationBinder): ${Group}Methods => groupMethods(accessOf(core), '${group}', ${group}Operations)`,
  ],
})

const GROUPS: Record<ApiGroup, Group> = {
  system: { methods: 'SystemMethods', table: ['systemOperations', 'system.ts'] },
  account: { methods: 'AccountMethods', table: ['accountOperations', 'account.ts'], api: plain('account', 'Account') },
  perp: { methods: 'PerpMethods', table: ['perpOperations', 'perp/index.ts'], api: lookups('perp', 'Perp', 'PerpOrder') },
  spot: { methods: 'SpotMethods', table: ['spotOperations', 'spot/index.ts'], api: lookups('spot', 'Spot', 'SpotOrder') },
  prediction: {
    methods: 'PredictionMethods',
    table: ['predictionOperations', 'prediction/index.ts'],
    api: {
      name: 'predictionApi',
      type: 'PredictionApi',
      imports: [
        "import { withPredictionLookups, type PredictionLookups } from '../api/prediction/lookups.ts'",
        "import type { ServerTimeSource } from '../api/common/reconcile.ts'",
      ],
      code: [
        '/** `client.prediction`: a method per operation, `findOrder` and `reconcile`. */',
        'export type PredictionApi = PredictionMethods & PredictionLookups',
        '',
        '/** `client.prediction` on its own: `predictionApi(new ExchangeCore(options))`. */',
        'export function predictionApi(core: OperationBinder & ServerTimeSource): PredictionApi {',
        "  return withPredictionLookups(groupMethods(accessOf(core), 'prediction', predictionOperations), core)",
        '}',
      ],
    },
  },
  championship: { methods: 'ChampionshipMethods', table: ['championshipOperations', 'championship.ts'], api: plain('championship', 'Championship') },
}

/** The catalog's tables by the module that exports them: `perpTradingOperations` → `../api/perp/trading.ts`. */
function tableModules(): Map<string, string> {
  const imports = readFileSync(CATALOG, 'utf8').matchAll(/^import \{ (\w+Operations) \} from '\.\/(.+)'$/gm)
  return new Map(Array.from(imports, ([, table, module]) => [table!, `../api/${module}`]))
}

/** The name a catalog section's table is imported under in catalog.ts. */
async function tableName(operations: object, modules: Map<string, string>): Promise<string> {
  for (const [table, module] of modules) {
    const exported = (await import(new URL(`../src/areas/${module}`, import.meta.url).href)) as Record<string, unknown>
    if (exported[table] === operations) return table
  }
  throw new Error('a catalog section has no table imported by name in src/api/catalog.ts')
}

export async function renderAreaEntry(group: ApiGroup): Promise<string> {
  const { methods, table, api } = GROUPS[group]
  const modules = tableModules()
  const sections = operationCatalog.filter((section) => section.group === group)
  const tables = await Promise.all(sections.map(({ operations }) => tableName(operations, modules)))
  const names = typeNamesOf(group)
  const entries = sections.flatMap(({ operations }, index) => Object.entries(operations).map(([name, op]) => {
    const { params, result } = signatureParts(name, op.input !== undefined, inputIsOptional(op), names.get(name))
    return { name, op, table: tables[index]!, params, result }
  }))
  const members = entries.map(({ name, op, params, result }) => `${jsdoc({ receiver: `client.${group}`, group, name, op })}\n  ${name}(${params}): ${result}`)
  const functions = entries.map(({ name, op, table, params, result }) => [
    jsdoc({ receiver: '', group, name, op }, ''),
    `export const ${name}: (core: OperationBinder, ${params}) => ${result} = /* @__PURE__ */ operationFunction('${group}', ${table}, '${name}')`,
  ].join('\n'))
  const values = new Map<string, string>(tables.map((name) => [name, modules.get(name)!]))
  if (api) values.set(table[0], `../api/${table[1]}`)
  const lines = [
    `// exchange-client/${group}: one function per ${group} operation, taking the core first; the documented`,
    `// methods of \`client.${group}\` (${methods})${api ? `; \`${api.name}(core)\`, the group as one object` : ''}:`,
    `//   import { ExchangeCore, withKey } from 'exchange-client'`,
    `//   await fn(withKey(new ExchangeCore({ baseUrl }), { apiKey, secretKey }), input)   (open data: new ExchangeCore({ baseUrl }))`,
    '// A program bundles only the functions it imports. Generated by scripts/api-docs.ts from the',
    '// descriptors in src/api: do not edit (run `node scripts/api-docs.ts`).',
    `import type { Api, CallOptions, OperationBinder } from '../api/operation.ts'`,
    ...(api ? ["import { accessOf } from '../core-access.ts'"] : []),
    `import { ${api ? 'groupMethods, ' : ''}operationFunction } from './call.ts'`,
    ...[...values].sort(([a], [b]) => a.localeCompare(b)).map(([name, module]) => `import { ${name} } from '${module}'`),
    ...(values.has(table[0]) ? [] : [`import type { ${table[0]} } from '../api/${table[1]}'`]),
    ...(api?.imports ?? []),
    ...typeImports([...entries.map(({ params, result }) => `${params} ${result}`), ...(api?.code ?? [])].filter((line) => !line.startsWith('/**')), '../api/', [
      'Promise', 'CallOptions', 'OperationBinder', 'ServerTimeSource', 'WithFindOrder', 'PredictionLookups', methods, api?.type ?? methods,
      'ExchangeCore',
    ]),
    '',
    `export type { OperationFunction } from '../api/operation.ts'`,
    '',
    `/** The methods of \`client.${group}\`, one per operation. */`,
    `export interface ${methods} {\n${members.join('\n\n')}\n}`,
    ...(api ? ['', ...api.code] : []),
    '',
    functions.join('\n\n'),
    '',
    "// The typecheck proves each method above has exactly its descriptor's types (a stale name fails it).",
    'type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false',
    'type Exact<Methods, Ops> = { [K in keyof Ops]-?: K extends keyof Methods ? Same<Methods[K], Api<Ops>[K]> : false }[keyof Ops]',
    'type Proven<T extends true> = T',
    `type MethodsMatchDescriptors = Proven<Exact<${methods}, typeof ${table[0]}>>`,
  ]
  return `${lines.join('\n')}\n`
}

export function renderReference(): string {
  const sections = operationCatalog.map(({ group, section, operations }) => [
    `## ${section}`,
    ...Object.entries(operations).map(([name, op]: [string, Operation<any, any>]) => markdown({ receiver: `client.${group}`, group, name, op })),
  ].join('\n\n'))
  const count = operationCatalog.reduce((sum, { operations }) => sum + Object.keys(operations).length, 0)
  return [
    '# API reference',
    '',
    `Every operation of the client's groups (${count}), generated from the descriptors in \`src/api\` by`,
    '`node scripts/api-docs.ts`: the same text editors show when hovering a method. Each is also a function',
    "of its area's entry, taking the core first: `import { placeOrder } from 'exchange-client/perp'`, then",
    '`await placeOrder(core, input)`. Onboarding, key rotation and key introspection are methods of the client',
    'itself; see the [README](../README.md#the-api).',
    '',
    ...sections.flatMap((section) => [section, '']),
  ].join('\n')
}

if (import.meta.main) {
  for (const group of AREAS) writeFileSync(areaFile(group), await renderAreaEntry(group))
  mkdirSync('docs', { recursive: true })
  writeFileSync(API_REFERENCE, renderReference())
  writeFileSync(OPERATIONS_DOC, withOperationsTable(readFileSync(OPERATIONS_DOC, 'utf8')))
  writeFileSync(OPENAPI_DOC, openApiText())
  console.log(`wrote ${[...AREAS.map(areaFile), API_REFERENCE, OPERATIONS_DOC, OPENAPI_DOC].join(', ')}`)
}
