// The response schemas of the keys operations by name, checked against their descriptors' outputs
// (a schema and the type it is the source of cannot drift apart): `exchange-client/strict`.
import type { ResponseTable } from '../api/operation.ts'
import type { keysOperations } from '../api/keys.ts'
import { keyInfoSchema, rotatedKeySchema } from '../api/keys-responses.ts'

export const keysResponses: ResponseTable<typeof keysOperations> = {
  rotate: rotatedKeySchema,
  getKeyInfo: keyInfoSchema,
}
