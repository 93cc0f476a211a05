// exchange-client/keys: the calls on the key a core signs with, taking the core first:
//   import { ExchangeCore } from 'exchange-client'
//   import { getKeyInfo, rotate } from 'exchange-client/keys'
//   const info = await getKeyInfo(core)
// Onboarding needs no core: `onboard()` of the root mints a key to build one with.
export { getKeyInfo, rotate } from '../key-calls.ts'
