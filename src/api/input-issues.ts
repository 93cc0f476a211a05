// What a caller without types reads when an input is wrong: every problem, each with its own rule
// (`missing`, `unknown_field`, `type`, `not_object`, or a value's rule) and words, and for an unknown field
// close to a known one, the field probably meant. valibot reads an unknown field as a bad key and stops at
// an object's first one; this reads them all.
import type * as v from 'valibot'
import type { ValidationIssue } from '../errors.ts'

/** A schema as valibot builds it: what `schemaAt` walks to find an object's field names. */
interface SchemaNode {
  readonly entries?: Readonly<Record<string, SchemaNode>>
  readonly item?: SchemaNode
  readonly wrapped?: SchemaNode
  readonly type: string
}

/** The schema at `keys` (through optional wrappers and array items): the object whose fields an unknown one is held against. */
function schemaAt(schema: SchemaNode | undefined, keys: readonly unknown[]): SchemaNode | undefined {
  for (const key of keys) {
    while (schema?.wrapped) schema = schema.wrapped
    schema = schema?.entries && Object.hasOwn(schema.entries, key as string) ? schema.entries[key as string] : schema?.item
  }
  while (schema?.wrapped) schema = schema.wrapped
  return schema
}

/** One edit apart: a letter changed, added, dropped, or two adjacent letters swapped (`markte`, `market`). */
export function oneEditApart(a: string, b: string): boolean {
  let i = 0
  while (a[i] === b[i] && i < a.length) i++
  const same = (from: number, to = from) => a.slice(from) === b.slice(to)
  return same(i + 1) || same(i + 1, i) || same(i, i + 1) || (a[i] === b[i + 1] && a[i + 1] === b[i] && same(i + 2))
}

export const plain = (name: string): string => name.replace(/_/g, '').toLowerCase()

/**
 * What other SDKs and the service's own clients call our fields (ccxt, Binance, Bybit, OKX, Hyperliquid):
 * by the plain name, the field it is here (pointed at only when the schema has that field and it was not given).
 */
const ALIASES: Readonly<Record<string, string>> = {
  symbol: 'market', pair: 'market', instid: 'market', instrument: 'market', coin: 'market',
  qty: 'size', quantity: 'size', amount: 'size', sz: 'size', origqty: 'size',
  px: 'price', limitpx: 'price', limitprice: 'price',
  ordtype: 'type', ordertype: 'type',
  clordid: 'clientOrderId', clientoid: 'clientOrderId', newclientorderid: 'clientOrderId', cloid: 'clientOrderId',
  oid: 'orderId', ordid: 'orderId',
}

/**
 * Every problem of an input: missing, unknown (each one), wrong type, not an object, or a value's rule.
 * An unknown field gets the field it was probably meant as: the same name in another case style
 * (`reduce_only` → `reduceOnly`); else the name other SDKs use for it (`symbol` → `market`, `qty` → `size`);
 * else, among the fields not given, its tail (`id` → `orderId`) or one typo away (`markte` → `market`).
 */
function issuesOf(schema: SchemaNode, found: readonly v.BaseIssue<unknown>[]): ValidationIssue[] {
  return found.flatMap((issue) => {
    const keys = issue.path?.map((item) => item.key) ?? []
    const at = (rule: string, text: string, path = keys) => ({ field: path.join('.'), rule, message: `${path.join('.') || 'input'}: ${text}` })
    if (issue.type === 'strict_object' && issue.expected === 'never') {
      // valibot stops at an object's first unknown field: every one is named here. Refused, never
      // dropped (a dropped `reduce_only` lets an order grow a position).
      const given = issue.path!.at(-1)!.input as Record<string, unknown>
      keys.pop()
      const known = Object.keys(schemaAt(schema, keys)?.entries ?? {})
      const absent = known.filter((field) => given[field] === undefined)
      return Object.keys(given).filter((name) => !known.includes(name)).map((name) => {
        const typed = plain(name)
        const alias = Object.hasOwn(ALIASES, typed) ? ALIASES[typed] : undefined
        const hint = known.find((field) => plain(field) === typed)
          ?? (alias && absent.includes(alias) ? alias : undefined)
          ?? absent.find((field) => (typed[1] && plain(field).endsWith(typed)) || oneEditApart(typed, plain(field)))
        return at('unknown_field', `unknown field${hint ? `; did you mean ${hint}?` : ''}`, [...keys, name])
      })
    }
    if (issue.expected === 'Object') {
      const needed = Object.entries(schemaAt(schema, keys)?.entries ?? {}).filter(([, entry]) => entry.type !== 'optional').map(([name]) => name)
      return at('not_object', `must be an object${needed[0] ? ` with ${needed.join(', ')}` : ''}; got ${issue.received}`)
    }
    if (issue.kind !== 'schema') return at(issue.type, issue.message)
    return issue.input === undefined ? at('missing', 'missing (required)') : at('type', issue.message)
  })
}

/**
 * The schema, whose failures are `ValidationIssue`s naming every problem (what `parseInput` reads).
 */
/* @__NO_SIDE_EFFECTS__ */
export function explained<S extends v.GenericSchema<any, any>>(schema: S): S {
  return {
    ...schema,
    '~run'(dataset: v.UnknownDataset, config: v.Config<v.BaseIssue<unknown>>) {
      // valibot's object schemas take an array for an object, and would blame missing fields instead.
      const result = Array.isArray(dataset.value)
        ? { typed: false, value: dataset.value, issues: [{ expected: 'Object', received: 'an array' } as v.BaseIssue<unknown>] }
        : schema['~run'](dataset, config)
      return result.issues ? { ...result, issues: issuesOf(schema as unknown as SchemaNode, result.issues) } : result
    },
  } as S
}
