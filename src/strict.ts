// `exchange-client/strict`: the response schemas of every operation (the source of the response
// types), kept out of the main entry so that only the programs that check responses pay their bytes.
//   new ExchangeClient({ baseUrl, validateResponses: responseSchemas })
import { accountResponses } from './api/account-responses.ts'
import { championshipResponses } from './api/championship-responses.ts'
import { keysResponses } from './api/keys-responses.ts'
import type { ResponseSchemas } from './api/operation.ts'
import { perpResponses } from './api/perp/responses.ts'
import { predictionResponses } from './api/prediction/responses.ts'
import { spotResponses } from './api/spot/responses.ts'
import { systemResponses } from './api/system-responses.ts'

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
