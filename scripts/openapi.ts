// Writes the OpenAPI 3.1 document of the API (docs/openapi.json, shipped as `exchange-client/openapi.json`)
// from the operation descriptors and the valibot schemas of inputs and answers:
//   node scripts/openapi.ts
// test/api/openapi.test.ts fails when the committed document is stale, and sends each example to the
// reference exchange as the document describes it.
import { readFileSync, writeFileSync } from 'node:fs'
import type * as v from 'valibot'
import { operationCatalog } from '../src/api/catalog.ts'
import { onboardedKeySchema } from '../src/api/keys-responses.ts'
import { keysOperations, onboardingOperations } from '../src/api/keys.ts'
import type { Operation } from '../src/api/operation.ts'
import { responseSchemas } from '../src/strict.ts'
import { models } from './openapi/json-schema.ts'
import { openApiOperation, openApiPath } from './openapi/operation.ts'
import { envelopeSchemas, errorResponses, securitySchemes } from './openapi/security.ts'

export const OPENAPI_DOC = 'docs/openapi.json'

interface Entry {
  group: string
  section: string
  name: string
  op: Operation<any, any>
}

/** The key operations hang off the client itself; the rest by the catalog's groups. */
const entries: Entry[] = [
  ...Object.entries({ ...onboardingOperations, ...keysOperations }).map(([name, op]) => ({ group: 'keys', section: 'Authentication', name, op })),
  ...operationCatalog.flatMap(({ group, section, operations }) => Object.entries(operations).map(([name, op]) => ({ group, section, name, op }))),
]

/** `onboard()` stands outside the client, so the client's response table does not hold it. */
const OUTSIDE_THE_CLIENT: Record<string, v.GenericSchema> = { 'keys.onboard': onboardedKeySchema }

function responseOf({ group, name }: Entry): v.GenericSchema {
  const schema = (responseSchemas as Record<string, Record<string, v.GenericSchema> | undefined>)[group]?.[name] ?? OUTSIDE_THE_CLIENT[`${group}.${name}`]
  if (!schema) throw new Error(`${group}.${name} has no response schema`)
  return schema
}

/** One tag per area, naming the spec's groups it holds. */
function tags(): { name: string; description: string }[] {
  const sections = new Map<string, Set<string>>()
  for (const { group, section } of entries) sections.set(group, (sections.get(group) ?? new Set()).add(section))
  return [...sections].map(([name, held]) => ({ name, description: [...held].join(', ') }))
}

export function renderOpenApi(): Record<string, unknown> {
  const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
  const paths: Record<string, Record<string, unknown>> = {}
  for (const entry of entries) {
    const path = (paths[openApiPath(entry.op.path)] ??= {})
    const method = entry.op.method.toLowerCase()
    if (path[method]) throw new Error(`two operations at ${entry.op.method} ${entry.op.path}`)
    path[method] = openApiOperation(entry.group, entry.name, entry.op, responseOf(entry))
  }
  return {
    openapi: '3.1.0',
    info: {
      title: '1024 Exchange HTTP API',
      version,
      description: [
        'Perpetual futures, spot and prediction markets. Every answer is the envelope `{ success, data, error, meta }`.',
        'Signed operations need the three headers of the `apiKey`, `timestamp` and `signature` schemes; the role',
        "on `apiKey` is the permission the key must have. Generated from the exchange-client SDK's operation table;",
        'each `operationId` is the SDK method (`perp.placeOrder` is `client.perp.placeOrder`).',
      ].join('\n'),
      license: { name: 'MIT', identifier: 'MIT' },
    },
    // Testnet first: a tool that imports the document points at the first server, and trying calls there costs nothing.
    servers: [
      { url: 'https://api-testnet-stable.1024ex.com', description: 'testnet' },
      { url: 'https://api-mainnet.1024ex.com', description: 'mainnet' },
      { url: 'http://127.0.0.1:8080', description: 'the reference exchange (`npm run exchange`)' },
    ],
    tags: tags(),
    paths: Object.fromEntries(Object.keys(paths).sort().map((path) => [path, paths[path]])),
    components: {
      securitySchemes,
      schemas: { ...envelopeSchemas, ...models() },
      responses: errorResponses,
    },
  }
}

export const openApiText = (): string => `${JSON.stringify(renderOpenApi(), null, 2)}\n`

if (import.meta.main) {
  writeFileSync(OPENAPI_DOC, openApiText())
  console.log(`wrote ${OPENAPI_DOC}`)
}
