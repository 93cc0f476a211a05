// Response schemas of the system operations (`exchange-client/strict`), and the source of their types (system.ts).
import * as v from 'valibot'
import { ms, openString, type Open } from './response-shapes.ts'

/** UTC milliseconds. */
export const serverTimeSchema: v.ObjectSchema<{
  readonly serverTime: typeof ms
}, undefined> = v.object({ serverTime: ms })
/** The shapes of health, info and status are not published: the fields here are optional but `status`. */
export const systemHealthSchema: v.ObjectSchema<{
  readonly status: v.GenericSchema<Open<'ok'>>
}, undefined> = v.object({ status: openString<'ok'>() })
export const systemInfoSchema: v.ObjectSchema<{
  readonly name: v.OptionalSchema<v.StringSchema<undefined>, undefined>
  readonly version: v.OptionalSchema<v.StringSchema<undefined>, undefined>
}, undefined> = v.object({ name: v.optional(v.string()), version: v.optional(v.string()) })
export const systemStatusSchema: v.ObjectSchema<{
  readonly status: v.GenericSchema<Open<'operational'>>
}, undefined> = v.object({ status: openString<'operational'>() })
