// The building blocks of the response schemas (`exchange-client/strict`), which are also the source
// of the response types: `type PerpOrder = v.InferOutput<typeof perpOrderSchema>`. Objects are
// `v.object`: a check accepts fields the service adds, while the type lists only the known ones (no
// index signature, so a misspelled field does not compile). Descriptors import these types with
// `import type`, so no schema reaches a bundle that does not import `exchange-client/strict`.
import * as v from 'valibot'
import { ORDER_SIDES } from './schemas.ts'

/**
 * A string enumeration the service may extend (statuses): the known values autocomplete, any other
 * string still type-checks. `Open<'open' | 'filled'>` is `'open' | 'filled' | (string & {})`.
 */
export type Open<Known extends string> = Known | (string & {})

/** A string field whose known values are `Known`; checked as a string, since the service may add values. */
/* @__NO_SIDE_EFFECTS__ */
export function openString<Known extends string>(): v.GenericSchema<Open<Known>> {
  return v.string() as v.GenericSchema<string> as v.GenericSchema<Open<Known>>
}

/** Ids travel as strings: real ids exceed 2^53 (the real service's ids do). */
export const idString: v.StringSchema<'must be an id string'> = v.string('must be an id string')
/** A decimal as text ("0.01"): prices, sizes, amounts. */
export const decimalString: v.StringSchema<'must be a decimal string'> = v.string('must be a decimal string')
/** UTC milliseconds. */
export const ms: v.NumberSchema<'must be UTC milliseconds'> = v.number('must be UTC milliseconds')

export const sideSchema: v.PicklistSchema<readonly ['buy', 'sell'], undefined> = v.picklist(ORDER_SIDES)
/** 0 = buy, 1 = sell (prediction markets). */
export const numericSideSchema: v.PicklistSchema<[0, 1], undefined> = v.picklist([0, 1])

export const paginationSchema: v.ObjectSchema<{
  readonly page: v.NumberSchema<undefined>
  readonly pageSize: v.NumberSchema<undefined>
  readonly totalItems: v.NumberSchema<undefined>
  readonly totalPages: v.NumberSchema<undefined>
  readonly hasNext: v.BooleanSchema<undefined>
  readonly hasPrev: v.BooleanSchema<undefined>
}, undefined> = v.object({
  page: v.number(),
  pageSize: v.number(),
  totalItems: v.number(),
  totalPages: v.number(),
  hasNext: v.boolean(),
  hasPrev: v.boolean(),
})

/** A page list: `page`/`pageSize` in, `pagination.hasNext` says whether another page follows. */
/* @__NO_SIDE_EFFECTS__ */
export function pageOf<T extends v.GenericSchema>(item: T): v.ObjectSchema<{
  readonly items: v.ArraySchema<T, undefined>
  readonly pagination: typeof paginationSchema
}, undefined> {
  return v.object({ items: v.array(item), pagination: paginationSchema })
}

/** A cursor list: pass `nextCursor` back as `cursor`; `null` on the last page. */
/* @__NO_SIDE_EFFECTS__ */
export function cursorOf<T extends v.GenericSchema>(item: T): v.ObjectSchema<{
  readonly items: v.ArraySchema<T, undefined>
  readonly nextCursor: v.NullableSchema<v.StringSchema<undefined>, undefined>
}, undefined> {
  return v.object({ items: v.array(item), nextCursor: v.nullable(v.string()) })
}

/** An offset list (championships): pass `offset + items.length` back as `offset` while below `total`. */
/* @__NO_SIDE_EFFECTS__ */
export function offsetOf<T extends v.GenericSchema>(item: T): v.ObjectSchema<{
  readonly items: v.ArraySchema<T, undefined>
  readonly total: v.NumberSchema<undefined>
  readonly offset: v.NumberSchema<undefined>
  readonly limit: v.NumberSchema<undefined>
}, undefined> {
  return v.object({ items: v.array(item), total: v.number(), offset: v.number(), limit: v.number() })
}

/** `{ items }` without paging. */
/* @__NO_SIDE_EFFECTS__ */
export function itemsOf<T extends v.GenericSchema>(item: T): v.ObjectSchema<{
  readonly items: v.ArraySchema<T, undefined>
}, undefined> {
  return v.object({ items: v.array(item) })
}

export type Pagination = v.InferOutput<typeof paginationSchema>
export type Page<T> = v.InferOutput<ReturnType<typeof pageOf<v.GenericSchema<T>>>>
export type CursorPage<T> = v.InferOutput<ReturnType<typeof cursorOf<v.GenericSchema<T>>>>
export type OffsetPage<T> = v.InferOutput<ReturnType<typeof offsetOf<v.GenericSchema<T>>>>
export type Items<T> = v.InferOutput<ReturnType<typeof itemsOf<v.GenericSchema<T>>>>

/** A candle; prices and volume as decimal strings. */
export const klineSchema: v.ObjectSchema<{
  readonly openTime: typeof ms
  readonly open: typeof decimalString
  readonly high: typeof decimalString
  readonly low: typeof decimalString
  readonly close: typeof decimalString
  readonly volume: typeof decimalString
  readonly closeTime: typeof ms
}, undefined> = v.object({
  openTime: ms,
  open: decimalString,
  high: decimalString,
  low: decimalString,
  close: decimalString,
  volume: decimalString,
  closeTime: ms,
})
export type Kline = v.InferOutput<typeof klineSchema>
export const klinesSchema = v.array(klineSchema)

/** What a batch cancel answers (perp, spot and prediction). */
export const cancelledOrdersSchema: v.ObjectSchema<{
  readonly cancelledCount: v.NumberSchema<undefined>
  readonly orderIds: v.ArraySchema<typeof idString, undefined>
}, undefined> = v.object({ cancelledCount: v.number(), orderIds: v.array(idString) })
export type CancelledOrders = v.InferOutput<typeof cancelledOrdersSchema>
