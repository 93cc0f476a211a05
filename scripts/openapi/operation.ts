// One operation of the table as an OpenAPI operation: where each input field travels (path, query or
// JSON body, under its wire name), the example as it is sent, who may call it, and its answers.
import type * as v from 'valibot'
import { parseInput, pathParams, toRequest, type Operation } from '../../src/api/operation.ts'
import { fieldsOf } from '../api-docs/fields.ts'
import { inputJsonSchemaOf, jsonSchemaOf, type JsonSchema } from './json-schema.ts'
import { securityOf, successOf } from './security.ts'

const CREDENTIAL = { none: 'none (open)', any: 'any valid key', read: 'a key with read', trade: 'a key with trade', withdraw: 'a key with withdraw' }

/**
 * A query parameter of a signed operation: the signature covers the method, the path and the body, never
 * the query string (SPEC.md, signing payload part 3), so whoever relays the request can change it.
 */
const UNSIGNED_QUERY = 'Not covered by the signature: the query string is never signed (`x-signed: false`).'

/** The same, on a signed write: the parameter decides what the write does, and a changed value keeps the signature valid. */
const UNSIGNED_WRITE_QUERY = (name: string, values: unknown) =>
  `Not covered by the signature (\`x-signed: false\`): the query string is never signed, yet \`${name}\` decides what this signed write does` +
  (Array.isArray(values) && values.length > 1 ? `: a request for \`${values[0]}\` changed to \`${values[1]}\` in flight keeps its signature valid` : '') +
  '. Send it only over TLS; a signing proxy should check it in its `authorize` hook.'

/** `/api/v1/perp/orders/:id` → `/api/v1/perp/orders/{id}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}')

interface Located {
  path: Record<string, unknown>
  query: Record<string, unknown>
  body: Record<string, unknown> | undefined
}

/** The fields of the input's object schema. */
function objectOf(group: string, name: string, op: Operation<any, any>): { properties: Record<string, JsonSchema>; required: Set<string>; rules?: string } {
  if (!op.input) return { properties: {}, required: new Set() }
  const schema = inputJsonSchemaOf(op.input as v.GenericSchema)
  if (schema.type !== 'object' || !schema.properties) throw new Error(`${group}.${name}: its input is not an object schema`)
  // The rules name fields as the SDK does; the document names them as sent.
  const rules = Object.entries(op.wire ?? {}).reduce((text, [field, wire]) => text?.replaceAll(field, wire), schema.description)
  return { properties: schema.properties as Record<string, JsonSchema>, required: new Set(schema.required ?? []), rules }
}

/** The example split as the SDK sends it (wire names, ids as strings, no undefined field). */
function exampleOf(op: Operation<any, any>): Located | undefined {
  if (!op.input || op.example === undefined) return undefined
  const parsed = parseInput(op.input, op.example) as Record<string, unknown>
  const sent = toRequest(op, parsed)
  const path = Object.fromEntries(pathParams(op.path).map((param) => [param, String(parsed[param])]))
  return { path, query: sent.query, body: sent.body }
}

export function openApiOperation(group: string, name: string, op: Operation<any, any>, response: v.GenericSchema): Record<string, unknown> {
  const { properties, required, rules } = objectOf(group, name, op)
  const meanings = new Map(fieldsOf(group, name, op).map((field) => [field.name, field.meaning]))
  const inPath = new Set(pathParams(op.path))
  const inQuery = (field: string) => op.method === 'GET' || (op.method === 'DELETE' && !op.deleteBody) || op.query?.includes(field)
  const example = exampleOf(op)
  const parameters: Record<string, unknown>[] = []
  const body: { properties: Record<string, JsonSchema>; required: string[] } = { properties: {}, required: [] }
  for (const [field, { description: rule, ...schema }] of Object.entries(properties)) {
    const wire = op.wire?.[field] ?? field
    // What the field means, then the rules JSON Schema cannot say ("must be greater than zero").
    const description = [meanings.get(field), rule].filter(Boolean).join('; ') || undefined
    if (inPath.has(field)) {
      parameters.push({ name: field, in: 'path', required: true, description, schema, ...(example && { example: example.path[field] }) })
    } else if (inQuery(field)) {
      const value = example?.query[wire]
      parameters.push({ name: wire, in: 'query', required: required.has(field), description, schema, ...(value !== undefined && { example: value }) })
    } else {
      body.properties[wire] = { ...schema, ...(description && { description }) }
      if (required.has(field)) body.required.push(wire)
    }
  }
  const hasBody = Object.keys(body.properties).length > 0
  const signed = op.auth !== 'none'
  // The signature covers path and body; every query parameter of a signed operation is outside it.
  if (signed) {
    for (const parameter of parameters.filter((p) => p.in === 'query')) {
      const warning = op.method === 'GET' ? UNSIGNED_QUERY : UNSIGNED_WRITE_QUERY(String(parameter.name), (parameter.schema as JsonSchema).enum)
      parameter.description = [parameter.description, warning].filter(Boolean).join('. ')
      parameter['x-signed'] = false
    }
  }
  const requestSchema: JsonSchema = { type: 'object', ...(rules && { description: rules }), properties: body.properties, ...(body.required.length > 0 && { required: body.required }), additionalProperties: false }
  const unsignedWrite = signed && op.method !== 'GET' && parameters.some((p) => p.in === 'query')
  const lines = [
    `Credential: ${CREDENTIAL[op.auth]}. SDK: \`${group === 'keys' ? `client.${name}` : `client.${group}.${name}`}\`.`,
    ...(op.placement ? ['Give each order a `clientOrderId`: the idempotency key that makes a retry after a lost answer safe.'] : []),
    ...(unsignedWrite ? ['A signed write whose meaning is partly in the query string, which the signature does not cover: see its query parameters (`x-signed: false`).'] : []),
  ]
  return {
    operationId: `${group}.${name}`,
    summary: op.summary,
    description: lines.join('\n\n'),
    tags: [group],
    ...(parameters.length > 0 && { parameters }),
    ...(hasBody && {
      requestBody: {
        required: body.required.length > 0,
        content: { 'application/json': { schema: requestSchema, ...(example?.body && { example: example.body }) } },
      },
    }),
    responses: {
      '200': { description: 'Success: the envelope with `data`.', content: { 'application/json': { schema: successOf(jsonSchemaOf(response)) } } },
      ...((parameters.length > 0 || hasBody) && { '400': { $ref: '#/components/responses/BadRequest' } }),
      ...(signed && { '401': { $ref: '#/components/responses/Unauthorized' }, '403': { $ref: '#/components/responses/Forbidden' } }),
      default: { $ref: '#/components/responses/Error' },
    },
    ...(signed && { security: securityOf(op.auth) }),
  }
}
