// Response schemas of every championship operation (`exchange-client/strict`), and the source of
// their types (championship.ts).
import * as v from 'valibot'
import type { championshipOperations } from './championship.ts'
import type { ResponseTable } from './operation.ts'
import { decimalString, idString, ms, offsetOf, openString } from './response-shapes.ts'

import type { ChampionshipPeriod, ChampionshipStatus, ChampionshipType, LeaderboardPeriod, LeaderboardSort } from './schemas.ts'

export const championshipSchema = v.object({
  championshipId: idString,
  slug: v.string(),
  name: v.string(),
  description: v.optional(v.string()),
  status: openString<ChampionshipStatus>(),
  type: openString<ChampionshipType>(),
  period: openString<ChampionshipPeriod>(),
  featured: v.optional(v.boolean()),
  prizePool: v.optional(decimalString),
  prizeToken: v.optional(v.string()),
  startTime: v.optional(ms),
  endTime: v.optional(ms),
  participants: v.optional(v.number()),
})

/** A row of a leaderboard; decimals as strings. */
export const leaderboardEntrySchema = v.object({
  rank: v.number(),
  accountId: idString,
  displayName: v.optional(v.string()),
  pnl: decimalString,
  roi: v.optional(decimalString),
  volume: v.optional(decimalString),
  winRate: v.optional(decimalString),
  trades: v.optional(v.number()),
})

/** A leaderboard page (offset list) and the ranking it was asked for. */
export const leaderboardSchema = v.object({
  ...offsetOf(leaderboardEntrySchema).entries,
  championshipId: idString,
  slug: v.string(),
  sortBy: openString<LeaderboardSort>(),
  period: openString<LeaderboardPeriod>(),
})

export const topThreeSchema = v.object({ championship: championshipSchema, topThree: v.array(leaderboardEntrySchema) })

/** The caller's standing; `rank` is `null` while the caller has not traded in it. */
export const myRankSchema = v.object({
  championshipId: idString,
  slug: v.string(),
  accountId: idString,
  participating: v.boolean(),
  rank: v.nullable(v.number()),
  totalParticipants: v.number(),
  pnl: decimalString,
  volume: decimalString,
  trades: v.number(),
})

export const championshipResponses: ResponseTable<typeof championshipOperations> = {
  listChampionships: offsetOf(championshipSchema),
  getChampionship: championshipSchema,
  listLeaderboard: leaderboardSchema,
  getMyRank: myRankSchema,
  getTopThree: topThreeSchema,
}
