// The building blocks of the light response checks (`exchange-client/strict`): the shape of a
// list and the fields a caller branches on, not every field.
import * as v from 'valibot'

/* @__NO_SIDE_EFFECTS__ */
export function pageOf(item: v.GenericSchema = v.looseObject({})) {
  return v.looseObject({
    items: v.array(item),
    pagination: v.looseObject({ page: v.number(), pageSize: v.number(), hasNext: v.boolean() }),
  })
}

/* @__NO_SIDE_EFFECTS__ */
export function cursorOf(item: v.GenericSchema = v.looseObject({})) {
  return v.looseObject({ items: v.array(item), nextCursor: v.nullable(v.string()) })
}

/* @__NO_SIDE_EFFECTS__ */
export function offsetOf(item: v.GenericSchema = v.looseObject({})) {
  return v.looseObject({ items: v.array(item), total: v.number(), offset: v.number(), limit: v.number() })
}

/* @__NO_SIDE_EFFECTS__ */
export function itemsOf(item: v.GenericSchema = v.looseObject({})) {
  return v.looseObject({ items: v.array(item) })
}

/** An object with these string fields (ids, symbols). */
/* @__NO_SIDE_EFFECTS__ */
export function withStrings(...fields: string[]) {
  return v.looseObject(Object.fromEntries(fields.map((field) => [field, v.string('must be a string')])))
}

/** Light check of a candle list. */
export const klinesShape = v.array(v.looseObject({ openTime: v.number(), close: v.string() }))
