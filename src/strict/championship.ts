// The response schemas of the championship operations by name, checked against their descriptors' outputs
// (a schema and the type it is the source of cannot drift apart): `exchange-client/strict`.
import type { ResponseTable } from '../api/operation.ts'
import type { championshipOperations } from '../api/championship.ts'
import { championshipSchema, leaderboardSchema, myRankSchema, topThreeSchema } from '../api/championship-responses.ts'
import { offsetOf } from '../api/response-shapes.ts'

export const championshipResponses: ResponseTable<typeof championshipOperations> = {
  listChampionships: offsetOf(championshipSchema),
  getChampionship: championshipSchema,
  listLeaderboard: leaderboardSchema,
  getMyRank: myRankSchema,
  getTopThree: topThreeSchema,
}
