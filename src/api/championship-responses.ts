// Response schemas of every championship operation (`exchange-client/strict`), and the source of
// their types (championship.ts).
import * as v from 'valibot'
import { decimalString, idString, ms, offsetOf, openString, type Open } from './response-shapes.ts'

import type { ChampionshipPeriod, ChampionshipStatus, ChampionshipType, LeaderboardPeriod, LeaderboardSort } from './schemas.ts'

export const championshipSchema: v.ObjectSchema<{
  readonly championshipId: typeof idString
  readonly slug: v.StringSchema<undefined>
  readonly name: v.StringSchema<undefined>
  readonly description: v.OptionalSchema<v.StringSchema<undefined>, undefined>
  readonly status: v.GenericSchema<Open<'active' | 'cancelled' | 'draft' | 'ended' | 'upcoming'>>
  readonly type: v.GenericSchema<Open<'ex_only' | 'mixed' | 'prediction_only'>>
  readonly period: v.GenericSchema<Open<'annual' | 'custom' | 'monthly' | 'permanent' | 'quarterly' | 'weekly'>>
  readonly featured: v.OptionalSchema<v.BooleanSchema<undefined>, undefined>
  readonly prizePool: v.OptionalSchema<typeof decimalString, undefined>
  readonly prizeToken: v.OptionalSchema<v.StringSchema<undefined>, undefined>
  readonly startTime: v.OptionalSchema<typeof ms, undefined>
  readonly endTime: v.OptionalSchema<typeof ms, undefined>
  readonly participants: v.OptionalSchema<v.NumberSchema<undefined>, undefined>
}, undefined> = v.object({
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
export const leaderboardEntrySchema: v.ObjectSchema<{
  readonly rank: v.NumberSchema<undefined>
  readonly accountId: typeof idString
  readonly displayName: v.OptionalSchema<v.StringSchema<undefined>, undefined>
  readonly pnl: typeof decimalString
  readonly roi: v.OptionalSchema<typeof decimalString, undefined>
  readonly volume: v.OptionalSchema<typeof decimalString, undefined>
  readonly winRate: v.OptionalSchema<typeof decimalString, undefined>
  readonly trades: v.OptionalSchema<v.NumberSchema<undefined>, undefined>
}, undefined> = v.object({
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
export const leaderboardSchema: v.ObjectSchema<{
  readonly items: v.ArraySchema<typeof leaderboardEntrySchema, undefined>
  readonly total: v.NumberSchema<undefined>
  readonly offset: v.NumberSchema<undefined>
  readonly limit: v.NumberSchema<undefined>
  readonly championshipId: typeof idString
  readonly slug: v.StringSchema<undefined>
  readonly sortBy: v.GenericSchema<Open<'pnl' | 'roi' | 'trades' | 'volume' | 'win_rate'>>
  readonly period: v.GenericSchema<Open<'24h' | '30d' | '7d' | 'all'>>
}, undefined> = v.object({
  ...offsetOf(leaderboardEntrySchema).entries,
  championshipId: idString,
  slug: v.string(),
  sortBy: openString<LeaderboardSort>(),
  period: openString<LeaderboardPeriod>(),
})

export const topThreeSchema: v.ObjectSchema<{
  readonly championship: typeof championshipSchema
  readonly topThree: v.ArraySchema<typeof leaderboardEntrySchema, undefined>
}, undefined> = v.object({ championship: championshipSchema, topThree: v.array(leaderboardEntrySchema) })

/** The caller's standing; `rank` is `null` while the caller has not traded in it. */
export const myRankSchema: v.ObjectSchema<{
  readonly championshipId: typeof idString
  readonly slug: v.StringSchema<undefined>
  readonly accountId: typeof idString
  readonly participating: v.BooleanSchema<undefined>
  readonly rank: v.NullableSchema<v.NumberSchema<undefined>, undefined>
  readonly totalParticipants: v.NumberSchema<undefined>
  readonly pnl: typeof decimalString
  readonly volume: typeof decimalString
  readonly trades: v.NumberSchema<undefined>
}, undefined> = v.object({
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
