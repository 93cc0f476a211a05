// valibot schemas → JSON Schema (2020-12, the dialect of OpenAPI 3.1), through the official converter.
// The response schemas' named building blocks (`perpOrderSchema` → `PerpOrder`) become named models
// under components.schemas, so generated clients get named types instead of one inline shape per call.
import { toJsonSchema, toJsonSchemaDefs, type ConversionConfig, type JsonSchema } from '@valibot/to-json-schema'
import type * as v from 'valibot'
import { id, pathSegment } from '../../src/api/schemas.ts'
import * as accountResponses from '../../src/api/account-responses.ts'
import * as championshipResponses from '../../src/api/championship-responses.ts'
import * as commonResponses from '../../src/api/common/responses.ts'
import * as keysResponses from '../../src/api/keys-responses.ts'
import * as perpResponses from '../../src/api/perp/responses.ts'
import * as predictionResponses from '../../src/api/prediction/responses.ts'
import * as responseShapes from '../../src/api/response-shapes.ts'
import * as spotResponses from '../../src/api/spot/responses.ts'
import * as systemResponses from '../../src/api/system-responses.ts'

export type { JsonSchema }

const MODULES = [responseShapes, commonResponses, systemResponses, accountResponses, keysResponses, perpResponses, spotResponses, predictionResponses, championshipResponses]

/** `perpOrderSchema` → `PerpOrder`: every exported `…Schema` of the response modules. */
function namedModels(): Record<string, v.GenericSchema> {
  const models: Record<string, v.GenericSchema> = {}
  for (const module of MODULES) {
    for (const [exported, value] of Object.entries(module)) {
      const isSchema = typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'schema'
      if (!isSchema || !exported.endsWith('Schema')) continue
      const name = exported[0]!.toUpperCase() + exported.slice(1, -'Schema'.length)
      if (models[name]) throw new Error(`two response schemas would be the model ${name}`)
      models[name] = value as v.GenericSchema
    }
  }
  return models
}

const MODELS = namedModels()

/**
 * The SDK checks whole numbers and text lengths with one `check` each (one message, fewer bytes than
 * valibot's range actions); their messages say the bounds (src/api/schemas.ts `integer`, `text`), read back here.
 */
function boundsOf(rule: string): JsonSchema | undefined {
  const whole = /^must be a whole number (?:from (\d+) to (\d+)|of at least (\d+))$/.exec(rule)
  if (whole) return { type: 'integer', minimum: Number(whole[1] ?? whole[3]), maximum: Number(whole[2] ?? Number.MAX_SAFE_INTEGER) }
  const length = /^must be (?:a string of|the nextCursor string of the previous page \() ?1 to (\d+) characters\)?$/.exec(rule)
  if (length) return { minLength: 1, maxLength: Number(length[1]) }
  const grid = /^must be a multiple of (\d+)\b/.exec(rule)
  if (grid) return { multipleOf: Number(grid[1]) }
  if (rule === 'must be a non-empty string') return { minLength: 1 }
  if (rule === 'must be a non-empty array') return { minItems: 1 }
  return undefined
}

/** An input's refinements (`v.check`: "must be greater than zero") have no JSON Schema keyword: they become words in its description. */
const checkAsDescription: ConversionConfig['overrideAction'] = ({ valibotAction, jsonSchema }) => {
  if (valibotAction.type !== 'check') return undefined
  const message = (valibotAction as { message?: unknown }).message
  // A rule across fields carries its text in a function that files the issue under its field (`on` in src/api/schemas.ts).
  const rule = typeof message === 'function' ? (message as (issue: object) => unknown)({}) : message
  if (typeof rule !== 'string') return jsonSchema
  const bounds = boundsOf(rule)
  if (bounds) return { ...jsonSchema, ...bounds }
  return { ...jsonSchema, description: jsonSchema.description ? `${jsonSchema.description}; ${rule}` : rule }
}

/** The pattern of a path segment, read from its schema: an id's text form. */
const SEGMENT_PATTERN = (pathSegment as unknown as { pipe: { type: string; requirement?: RegExp }[] }).pipe.find((item) => item.type === 'regex')!.requirement!.source

/**
 * An id is checked without a valibot union (fewer bytes): its `custom` type test, which the converter cannot
 * read, is the union it stands for, text of a path segment's form or a non-negative integer.
 */
const idAsUnion: ConversionConfig['overrideSchema'] = ({ valibotSchema }) =>
  valibotSchema === (id as unknown as { pipe: unknown[] }).pipe[0]
    ? { anyOf: [{ type: 'string', pattern: SEGMENT_PATTERN }, { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER }] }
    : undefined

/**
 * What travels on the wire: the schema's input side (an id given as a number is turned into a
 * string by the SDK, and the exchange takes both). Anything else the converter cannot express throws.
 */
const CONFIG: ConversionConfig = {
  target: 'draft-2020-12',
  typeMode: 'input',
  errorMode: 'throw',
  overrideAction: checkAsDescription,
  overrideSchema: idAsUnion,
  overrideRef: ({ referenceId }) => `#/components/schemas/${referenceId}`,
}

const withoutDialect = ({ $schema: _, $defs: __, ...schema }: JsonSchema): JsonSchema => schema

/** A schema, with the named models as `$ref`s to components.schemas. */
export const jsonSchemaOf = (schema: v.GenericSchema): JsonSchema => withoutDialect(toJsonSchema(schema, { ...CONFIG, definitions: MODELS }))

/** An input schema: inline, since its fields are split into path, query and body. */
export const inputJsonSchemaOf = (schema: v.GenericSchema): JsonSchema => withoutDialect(toJsonSchema(schema, CONFIG))

/** The named models themselves, for components.schemas. */
export function models(): Record<string, JsonSchema> {
  const converted = toJsonSchemaDefs(MODELS, CONFIG)
  return Object.fromEntries(Object.keys(converted).sort().map((name) => [name, withoutDialect(converted[name]!)]))
}
