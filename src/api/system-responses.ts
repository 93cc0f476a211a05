// Response schemas of the system operations (`exchange-client/strict`), and the source of their types (system.ts).
import * as v from 'valibot'
import type { ResponseTable } from './operation.ts'
import { ms, openString } from './response-shapes.ts'
import type { systemOperations } from './system.ts'

/** UTC milliseconds. */
export const serverTimeSchema = v.object({ serverTime: ms })
/** The shapes of health, info and status are not published: the fields here are optional but `status`. */
export const systemHealthSchema = v.object({ status: openString<'ok'>() })
export const systemInfoSchema = v.object({ name: v.optional(v.string()), version: v.optional(v.string()) })
export const systemStatusSchema = v.object({ status: openString<'operational'>() })

export const systemResponses: ResponseTable<typeof systemOperations> = {
  getTime: serverTimeSchema,
  getHealth: systemHealthSchema,
  getInfo: systemInfoSchema,
  getStatus: systemStatusSchema,
}
