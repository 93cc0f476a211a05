// Light response checks of every championship operation (`exchange-client/strict`).
import * as v from 'valibot'
import type { championshipOperations } from './championship.ts'
import type { ResponseTable } from './operation.ts'
import { offsetOf, withStrings } from './response-shapes.ts'

const championshipShape = withStrings('championshipId', 'slug', 'status')
const entryShape = v.looseObject({ rank: v.number(), accountId: v.string(), pnl: v.string() })

export const championshipResponses: ResponseTable<typeof championshipOperations> = {
  listChampionships: offsetOf(championshipShape),
  getChampionship: championshipShape,
  listLeaderboard: offsetOf(entryShape),
  getMyRank: v.looseObject({ participating: v.boolean(), rank: v.nullable(v.number()) }),
  getTopThree: v.looseObject({ championship: championshipShape, topThree: v.array(entryShape) }),
}
