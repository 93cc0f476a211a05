// Light response checks of the system operations (`exchange-client/strict`).
import * as v from 'valibot'
import type { ResponseTable } from './operation.ts'
import { withStrings } from './response-shapes.ts'
import type { systemOperations } from './system.ts'

const statusShape = withStrings('status')

export const systemResponses: ResponseTable<typeof systemOperations> = {
  getTime: v.looseObject({ serverTime: v.number() }),
  getHealth: statusShape,
  getInfo: v.looseObject({}),
  getStatus: statusShape,
}
