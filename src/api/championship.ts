import * as v from 'valibot'
import { operation, type Operation } from './operation.ts'
import {
  CHAMPIONSHIP_PERIODS,
  CHAMPIONSHIP_STATUSES,
  CHAMPIONSHIP_TYPES,
  LEADERBOARD_PERIODS,
  LEADERBOARD_SORTS,
  limit,
  offset,
  pathSegment,
  text,
  type PatternSchema,
  type TextSchema,
  type IntegerSchema,
} from './schemas.ts'
import type { OffsetPage } from './response-shapes.ts'
import type * as schemas from './championship-responses.ts'

export type { ChampionshipPeriod, ChampionshipStatus, ChampionshipType, LeaderboardPeriod, LeaderboardSort } from './schemas.ts'
export interface Championship extends v.InferOutput<typeof schemas.championshipSchema> {}
/** A row of a leaderboard; decimals as strings. */
export interface LeaderboardEntry extends v.InferOutput<typeof schemas.leaderboardEntrySchema> {}
/** A leaderboard page (offset list) and the ranking it was asked for. */
export interface Leaderboard extends v.InferOutput<typeof schemas.leaderboardSchema> {}
export interface TopThree extends v.InferOutput<typeof schemas.topThreeSchema> {}
/** The caller's standing; `rank` is `null` while the caller has not traded in it. */
export interface MyRank extends v.InferOutput<typeof schemas.myRankSchema> {}

const listQuery: v.OptionalSchema<v.StrictObjectSchema<{
  readonly status: v.OptionalSchema<v.PicklistSchema<readonly ['draft', 'upcoming', 'active', 'ended', 'cancelled'], 'must be draft, upcoming, active, ended or cancelled'>, undefined>
  readonly type: v.OptionalSchema<v.PicklistSchema<readonly ['ex_only', 'prediction_only', 'mixed'], 'must be ex_only, prediction_only or mixed'>, undefined>
  readonly period: v.OptionalSchema<v.PicklistSchema<readonly ['permanent', 'weekly', 'monthly', 'quarterly', 'annual', 'custom'], 'must be permanent, weekly, monthly, quarterly, annual or custom'>, undefined>
  readonly featuredOnly: v.OptionalSchema<v.BooleanSchema<'must be true or false'>, undefined>
  readonly offset: v.OptionalSchema<IntegerSchema, undefined>
  readonly limit: v.OptionalSchema<IntegerSchema, undefined>
}, undefined>, undefined> = v.optional(v.strictObject({
  status: v.optional(v.picklist(CHAMPIONSHIP_STATUSES, 'must be draft, upcoming, active, ended or cancelled')),
  type: v.optional(v.picklist(CHAMPIONSHIP_TYPES, 'must be ex_only, prediction_only or mixed')),
  period: v.optional(v.picklist(CHAMPIONSHIP_PERIODS, 'must be permanent, weekly, monthly, quarterly, annual or custom')),
  featuredOnly: v.optional(v.boolean('must be true or false')),
  offset: v.optional(offset),
  limit: v.optional(limit),
}))
const slugInput: v.StrictObjectSchema<{
  readonly slug: PatternSchema
}, undefined> = v.strictObject({ slug: pathSegment })
const leaderboardInput: v.StrictObjectSchema<{
  readonly slug: PatternSchema
  readonly sortBy: v.OptionalSchema<v.PicklistSchema<readonly ['pnl', 'roi', 'volume', 'win_rate', 'trades'], 'must be pnl, roi, volume, win_rate or trades'>, undefined>
  readonly period: v.OptionalSchema<v.PicklistSchema<readonly ['24h', '7d', '30d', 'all'], 'must be 24h, 7d, 30d or all'>, undefined>
  readonly offset: v.OptionalSchema<IntegerSchema, undefined>
  readonly limit: v.OptionalSchema<IntegerSchema, undefined>
  readonly search: v.OptionalSchema<TextSchema, undefined>
}, undefined> = v.strictObject({
  slug: pathSegment,
  sortBy: v.optional(v.picklist(LEADERBOARD_SORTS, 'must be pnl, roi, volume, win_rate or trades')),
  period: v.optional(v.picklist(LEADERBOARD_PERIODS, 'must be 24h, 7d, 30d or all')),
  offset: v.optional(offset),
  limit: v.optional(limit),
  search: v.optional(text(100)),
})

export type ChampionshipsQuery = v.InferInput<typeof listQuery>
export interface SlugInput extends v.InferInput<typeof slugInput> {}
export interface LeaderboardInput extends v.InferInput<typeof leaderboardInput> {}

const slug = 'perp-masters-weekly'

/** Championship: open, except the caller's own rank (needs read). Query names in snake_case. */
export const championshipOperations: {
  listChampionships: Operation<ChampionshipsQuery, OffsetPage<Championship>>
  getChampionship: Operation<SlugInput, Championship>
  listLeaderboard: Operation<LeaderboardInput, Leaderboard>
  getMyRank: Operation<SlugInput, MyRank>
  getTopThree: Operation<SlugInput, TopThree>
} = {
  listChampionships: operation<OffsetPage<Championship>, ChampionshipsQuery>({
    method: 'GET', path: '/api/v1/championships', auth: 'none', effect: 'public', source: 'real', specName: 'list championships',
    summary: 'Championships by status, type or period; offset list', input: listQuery, wire: { featuredOnly: 'featured_only' },
    example: { status: 'active', featuredOnly: true, limit: 10 },
  }),
  getChampionship: operation<Championship, SlugInput>({
    method: 'GET', path: '/api/v1/championships/:slug', auth: 'none', effect: 'public', source: 'real', specName: 'championship detail',
    summary: 'One championship by slug or id', input: slugInput, example: { slug },
  }),
  listLeaderboard: operation<Leaderboard, LeaderboardInput>({
    method: 'GET', path: '/api/v1/championships/:slug/leaderboard', auth: 'none', effect: 'public', source: 'real', specName: 'leaderboard',
    summary: 'Leaderboard of a championship; offset list', input: leaderboardInput, wire: { sortBy: 'sort_by' },
    example: { slug, sortBy: 'pnl', period: '7d', limit: 10 },
  }),
  getMyRank: operation<MyRank, SlugInput>({
    method: 'GET', path: '/api/v1/championships/:slug/me/rank', auth: 'read', effect: 'read', source: 'real', specName: 'user rank',
    summary: "The caller's rank", input: slugInput, example: { slug },
  }),
  getTopThree: operation<TopThree, SlugInput>({
    method: 'GET', path: '/api/v1/championships/:slug/top3', auth: 'none', effect: 'public', source: 'real', specName: 'top-3 hero data',
    summary: 'The top three of a championship', input: slugInput, example: { slug },
  }),
}
