// The response schemas of the keys operations by name, checked against their descriptors' outputs
// (a schema and the type it is the source of cannot drift apart): `exchange-client/strict`.
import type { ResponseTable } from '../api/operation.ts'
import type { keysOperations, onboardingOperations } from '../api/keys.ts'
import { keyInfoSchema, onboardedKeySchema, rotatedKeySchema } from '../api/keys-responses.ts'

// `onboard` is checked by client.onboard (a standalone onboard() has no validateResponses).
export const keysResponses: ResponseTable<typeof keysOperations & typeof onboardingOperations> = {
  onboard: onboardedKeySchema,
  rotate: rotatedKeySchema,
  getKeyInfo: keyInfoSchema,
}
