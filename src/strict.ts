// `exchange-client/strict`: the response schemas of every operation (the source of the response
// types), kept out of the main entry so that only the programs that check responses pay their bytes.
//   new ExchangeClient({ baseUrl, validateResponses: responseSchemas })
import { accountResponses } from './strict/account.ts'
import { championshipResponses } from './strict/championship.ts'
import { keysResponses } from './strict/keys.ts'
import type { ResponseSchemas } from './api/operation.ts'
import { perpResponses } from './strict/perp.ts'
import { predictionResponses } from './strict/prediction.ts'
import { spotResponses } from './strict/spot.ts'
import { systemResponses } from './strict/system.ts'

export { accountResponses, championshipResponses, keysResponses, perpResponses, predictionResponses, spotResponses, systemResponses }

/** Every group's checks: pass as `validateResponses`. */
export const responseSchemas: ResponseSchemas = {
  system: systemResponses,
  account: accountResponses,
  perp: perpResponses,
  spot: spotResponses,
  prediction: predictionResponses,
  championship: championshipResponses,
  keys: keysResponses,
}
