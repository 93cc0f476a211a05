// The response schemas of the system operations by name, checked against their descriptors' outputs
// (a schema and the type it is the source of cannot drift apart): `exchange-client/strict`.
import type { ResponseTable } from '../api/operation.ts'
import type { systemOperations } from '../api/system.ts'
import { serverTimeSchema, systemHealthSchema, systemInfoSchema, systemStatusSchema } from '../api/system-responses.ts'

export const systemResponses: ResponseTable<typeof systemOperations> = {
  getTime: serverTimeSchema,
  getHealth: systemHealthSchema,
  getInfo: systemInfoSchema,
  getStatus: systemStatusSchema,
}
