// The OpenAPI document (docs/openapi.json, `exchange-client/openapi.json`): a valid OpenAPI 3.1 document
// by a maintained validator, what scripts/openapi.ts derives from the descriptors now, holding every
// operation of the spec with its method, the three headers and the ten authentication codes; and each
// operation's example, sent as the document describes it (path, query, body, headers signed here with
// node:crypto), is accepted by the reference exchange. Everything below the staleness check reads the
// document alone, as Postman or a generator would.
import { readFileSync } from 'node:fs'
import { Validator } from '@seriousme/openapi-schema-validator'
import { describe, expect, it } from 'vitest'
import { OPENAPI_DOC, openApiText } from '../../scripts/openapi.ts'
import { startLocalExchange } from '../support/local-exchange.ts'
import { rawRequest, type RawAnswer } from '../support/raw-request.ts'
import { TEST_KEYS, type TestKey } from '../support/seed.ts'
import { evmWallet, onboardBody } from '../support/wallets.ts'
import { SPEC_AUTH_CODES, SPEC_HEADERS, SPEC_PATH_OPERATIONS, SPEC_SIGNING_PAYLOAD_PARTS } from '../spec/spec-facts.ts'

interface Parameter {
  name: string
  in: 'path' | 'query' | 'header'
  required?: boolean
  description?: string
  example?: unknown
  'x-signed'?: boolean
}

interface OpenApiOperation {
  operationId: string
  summary?: string
  description?: string
  tags?: string[]
  parameters?: Parameter[]
  requestBody?: { content: Record<string, { example?: Record<string, unknown>; schema: { properties: Record<string, unknown>; required?: string[] } }> }
  responses: Record<string, unknown>
  security?: Record<string, string[]>[]
}

const text = readFileSync(OPENAPI_DOC, 'utf8')
const doc = JSON.parse(text) as {
  openapi: string
  tags: { name: string }[]
  paths: Record<string, Record<string, OpenApiOperation>>
  components: { securitySchemes: Record<string, { type: string; in: string; name: string; description: string }>; schemas: Record<string, unknown>; responses: Record<string, { description: string }> }
}

const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })))

/** `/api/v1/perp/orders/{id}` and `/api/v1/perp/orders/:id` alike: `/api/v1/perp/orders/{}`. */
const template = (path: string) => path.replace(/\{[^}]+\}|:[A-Za-z]+/g, '{}')

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document (@seriousme/openapi-schema-validator)', async () => {
    const result = await new Validator().validate(structuredClone(doc) as Record<string, unknown>)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    expect(doc.openapi).toMatch(/^3\.1\./)
  })

  it('is what scripts/openapi.ts derives from the descriptors now (run `node scripts/openapi.ts` after changing one)', () => {
    expect(text).toBe(openApiText())
  })

  it('holds every path operation of the spec, with its method', () => {
    const held = new Set(operations.map(({ method, path }) => `${method} ${template(path)}`))
    const missing = SPEC_PATH_OPERATIONS.filter(({ method, path }) => !held.has(`${method} ${template(path)}`))
    expect(missing).toEqual([])
  })

  it('names each operation `area.method` once, with a summary and its area as tag', () => {
    const ids = operations.map(({ operation }) => operation.operationId)
    expect(new Set(ids).size).toBe(ids.length)
    const tags = new Set(doc.tags.map(({ name }) => name))
    for (const { operation } of operations) {
      expect(operation.operationId).toMatch(/^[a-z]+\.[a-z][A-Za-z]+$/)
      expect(operation.summary, operation.operationId).toBeTruthy()
      expect(operation.tags).toEqual([operation.operationId.split('.')[0]])
      expect(tags.has(operation.tags![0]!), operation.operationId).toBe(true)
    }
    expect(ids).toContain('perp.placeOrder')
  })

  it('declares the three headers as security schemes, the signing payload spelled out', () => {
    const schemes = Object.values(doc.components.securitySchemes)
    expect(schemes.map(({ type, in: where, name }) => `${type} ${where} ${name}`).sort()).toEqual(
      [SPEC_HEADERS.apiKey, SPEC_HEADERS.signature, SPEC_HEADERS.timestamp].map((name) => `apiKey header ${name}`).sort(),
    )
    const signature = schemes.find(({ name }) => name === SPEC_HEADERS.signature)!.description
    expect(SPEC_SIGNING_PAYLOAD_PARTS).toHaveLength(4)
    expect(signature).toMatch(/HMAC-SHA256/)
    expect(signature).toMatch(/lowercase hex/)
    expect(signature).toMatch(/1\. the timestamp[^\n]*X-TIMESTAMP/)
    expect(signature).toMatch(/2\. the method, uppercase/)
    expect(signature).toMatch(/3\. the path[^]*without the query string/)
    expect(signature).toMatch(/4\. the body: the raw bytes sent[^]*empty string when there is no body/)
  })

  it('lists the ten authentication codes with their numbers, and every signed operation answers them', () => {
    const errors = JSON.stringify([doc.components.schemas.AuthError, doc.components.schemas.PermissionError])
    const described = doc.components.responses.Unauthorized!.description + doc.components.responses.Forbidden!.description
    for (const { name, number } of SPEC_AUTH_CODES) {
      expect(errors).toContain(`{"const":"${name}","description":"${number}: `)
      expect(described).toContain(`| \`${name}\` | ${number} |`)
    }
    for (const { operation } of operations.filter(({ operation }) => operation.security)) {
      expect(operation.responses, operation.operationId).toMatchObject({
        '401': { $ref: '#/components/responses/Unauthorized' },
        '403': { $ref: '#/components/responses/Forbidden' },
      })
    }
  })
})

describe('what the signature does not cover', () => {
  const signedQueries = operations.flatMap(({ method, operation }) =>
    operation.security ? (operation.parameters ?? []).filter((p) => p.in === 'query').map((parameter) => ({ method, operation, parameter })) : [])

  it('every query parameter of a signed operation says it is unsigned: `x-signed: false` and its description', () => {
    expect(signedQueries.length).toBeGreaterThan(20)
    const unmarked = signedQueries.filter(({ parameter }) => parameter['x-signed'] !== false || !/Not covered by the signature/.test(parameter.description ?? ''))
    expect(unmarked.map(({ operation, parameter }) => `${operation.operationId} ?${parameter.name}`)).toEqual([])
  })

  it("calls out DELETE …/tpsl's `type`: a signed write whose meaning is in the query, take_profit changed to stop_loss keeping the signature valid", () => {
    const writes = signedQueries.filter(({ method }) => method !== 'GET')
    expect(writes.map(({ operation, parameter }) => `${operation.operationId} ?${parameter.name}`)).toEqual(['perp.cancelTpsl ?type'])
    expect(writes[0]!.parameter.description).toMatch(/a request for `take_profit` changed to `stop_loss` in flight keeps its signature valid/)
    expect(writes[0]!.operation.description).toMatch(/query string, which the signature does not cover/)
  })

  it('no path or body field is marked: the signature covers them', () => {
    for (const { operation } of operations) {
      for (const parameter of operation.parameters ?? []) if (parameter.in !== 'query') expect(parameter['x-signed'], `${operation.operationId} ${parameter.name}`).toBeUndefined()
    }
  })
})

describe('the examples the exchange is sent below', () => {
  it('every operation that takes a body has an example body', () => {
    const without = operations.filter(({ operation }) => operation.requestBody && !operation.requestBody.content['application/json']?.example)
    expect(without.map(({ operation }) => operation.operationId)).toEqual([])
  })

  it('each body example holds only fields its schema declares (names as sent), and every required one', () => {
    for (const { operation } of operations) {
      const body = operation.requestBody?.content['application/json']
      if (!body?.example) continue
      const declared = Object.keys(body.schema.properties)
      expect(Object.keys(body.example).filter((field) => !declared.includes(field)), operation.operationId).toEqual([])
      expect((body.schema.required ?? []).filter((field) => !(field in body.example!)), operation.operationId).toEqual([])
    }
  })
})

// ---- Each example, sent as the document describes it ----

const { url: baseUrl } = await startLocalExchange()

/** The seed's key for the permission a signed operation names (none named: any valid key). */
function keyFor(operation: OpenApiOperation): TestKey | undefined {
  const roles = operation.security?.[0]?.apiKey
  if (!roles) return undefined
  if (roles.includes('withdraw')) return TEST_KEYS.full
  if (roles.includes('trade')) return TEST_KEYS.trader
  if (roles.includes('read')) return TEST_KEYS.reader
  // Any valid key: bob's, which keys.rotate (the last to use it) gives a new secret.
  return TEST_KEYS.bob
}

/** `pathValues` replace the examples of the path's parameters, in order. */
function sentAsDescribed(path: string, method: string, operation: OpenApiOperation, body?: unknown, pathValues?: string[]) {
  const parameters = operation.parameters ?? []
  for (const parameter of parameters.filter(({ required }) => required)) {
    expect(parameter.example, `${operation.operationId}: example of ${parameter.name}`).toBeDefined()
  }
  let index = 0
  const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) => pathValues?.[index++] ?? String(parameters.find((p) => p.in === 'path' && p.name === name)!.example))
  const query = new URLSearchParams(parameters.filter((p) => p.in === 'query' && p.example !== undefined).map((p) => [p.name, String(p.example)]))
  const example = body ?? operation.requestBody?.content['application/json']?.example
  return rawRequest(baseUrl, {
    method,
    path: filled,
    query: query.size > 0 ? query.toString() : undefined,
    body: example === undefined ? undefined : JSON.stringify(example),
    key: keyFor(operation),
  })
}

/**
 * Examples that name something a fresh exchange does not hold (a position, a resolved market, another
 * account's key): the request is read and authenticated, and refused for that alone, with this code.
 */
const REFUSED_FOR_STATE: Record<string, string> = {
  'account.getApiKey': 'NOT_FOUND',
  'perp.adjustMargin': 'NOT_FOUND',
  'perp.setTpsl': 'NOT_FOUND',
  'perp.modifyTpsl': 'NOT_FOUND',
  'perp.cancelTpsl': 'NOT_FOUND',
  'prediction.cancelOrder': 'ORDER_NOT_FOUND',
  'prediction.claimWinnings': 'MARKET_NOT_RESOLVED',
  'prediction.claimMultiOutcomeWinnings': 'MARKET_NOT_RESOLVED',
  'prediction.challengeResult': 'ORACLE_CHALLENGE_CLOSED',
  'prediction.finalizeResult': 'ORACLE_NOT_FINALIZABLE',
}

/** The order operations' `{id}` is an order this test placed first, with the document's own placeOrder example. */
const placedIds: Record<string, string> = {}
async function placedOrderId(area: string): Promise<string> {
  if (placedIds[area]) return placedIds[area]
  const place = operations.find(({ operation }) => operation.operationId === `${area}.placeOrder`)!
  const answer = await sentAsDescribed(place.path, place.method, place.operation)
  expect(answer.json.success, JSON.stringify(answer.json.error)).toBe(true)
  return (placedIds[area] = String(answer.json.data.orderId))
}

const ON_A_PLACED_ORDER = /^(perp|spot)\.(getOrder|modifyOrder|cancelOrder)$/

describe('each example, sent as the document describes it, is accepted by the reference exchange', () => {
  it.each(operations.map((entry) => [`${entry.operation.operationId}: ${entry.method} ${entry.path}`, entry] as const))('%s', async (_, { path, method, operation }) => {
    const id = operation.operationId
    // Onboarding's example would be a stale wallet signature: a fresh one is made here.
    const body = id === 'keys.onboard' ? onboardBody(evmWallet()) : undefined
    const onOrder = ON_A_PLACED_ORDER.exec(id)
    const pathValues = onOrder ? [await placedOrderId(onOrder[1]!)] : undefined
    const answer: RawAnswer = await sentAsDescribed(path, method, operation, body, pathValues)
    const refused = REFUSED_FOR_STATE[id]
    if (refused) expect({ success: answer.json.success, code: answer.json.error?.code }).toEqual({ success: false, code: refused })
    else expect({ status: answer.status, success: answer.json.success, error: answer.json.error }).toEqual({ status: 200, success: true, error: null })
  })
})
