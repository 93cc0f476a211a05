/** Championship routes (snake_case query names, offset/limit lists: `{ items, total, offset, limit }`). */
import type { RouteContext } from '../../http/router.ts'
import { formatDecimal } from '../decimal.ts'
import { type Championship, championshipView, type LeaderboardPeriod, PERIODS, SORT_KEYS, standingView } from '../championship.ts'
import { Fields } from '../input.ts'
import type { MarketState } from '../state.ts'
import { fillStats } from '../trade-views.ts'
import { type AddRoute, accountOf } from './route.ts'

// Every filter value the real service documents, even those no demo championship has.
const STATUSES = ['draft', 'upcoming', 'active', 'ended', 'cancelled'] as const
const TYPES = ['ex_only', 'prediction_only', 'mixed'] as const
const CHAMPIONSHIP_PERIODS = ['permanent', 'weekly', 'monthly', 'quarterly', 'annual', 'custom'] as const

export function addChampionshipRoutes(add: AddRoute, market: MarketState): void {
  const { championships } = market
  const { maxPageSize } = market.policy
  const championshipOf = (context: RouteContext) => championships.get(context.params.slug!)
  const ranked = (championship: Championship, query: Fields) => {
    const sortBy = query.optionalOneOf('sort_by', SORT_KEYS) ?? 'pnl'
    const period: LeaderboardPeriod = query.optionalOneOf('period', PERIODS) ?? 'all'
    return { sortBy, period, standings: championships.standings(championship, sortBy, period).map((standing, index) => standingView(standing, index + 1)) }
  }

  add('GET', '/championships', 'none', (context) => {
    const query = Fields.query(context.query)
    const status = query.optionalOneOf('status', STATUSES)
    const type = query.optionalOneOf('type', TYPES)
    const period = query.optionalOneOf('period', CHAMPIONSHIP_PERIODS)
    const featuredOnly = query.optionalBoolean('featured_only') ?? false
    const found = championships.list().filter((championship) => (status === undefined || championship.status === status) && (type === undefined || championship.type === type) && (period === undefined || championship.period === period) && (!featuredOnly || championship.featured))
    return window(found.map(championshipView), query, maxPageSize)
  })

  add('GET', '/championships/:slug', 'none', (context) => championshipView(championshipOf(context)))

  add('GET', '/championships/:slug/leaderboard', 'none', (context) => {
    const championship = championshipOf(context)
    const query = Fields.query(context.query)
    const search = query.optionalString('search')?.toLowerCase()
    const { sortBy, period, standings } = ranked(championship, query)
    const found = standings.filter((entry) => search === undefined || `${entry.displayName} ${entry.accountId}`.toLowerCase().includes(search))
    return { championshipId: championship.championshipId, slug: championship.slug, sortBy, period, ...window(found, query, maxPageSize) }
  })

  add('GET', '/championships/:slug/top3', 'none', (context) => {
    const championship = championshipOf(context)
    return { championship: championshipView(championship), topThree: ranked(championship, Fields.query(new URLSearchParams())).standings.slice(0, 3) }
  })

  add('GET', '/championships/:slug/me/rank', 'read', (context) => {
    const championship = championshipOf(context)
    const accountId = accountOf(context)
    const fills = [
      ...(championship.type === 'prediction_only' ? [] : [...market.perp.venue.fillsOf(accountId), ...market.spot.venue.fillsOf(accountId)]),
      ...(championship.type === 'ex_only' ? [] : market.prediction.venue.fillsOf(accountId)),
    ]
    const stats = fillStats(fills)
    const participating = stats.trades > 0 && championship.status !== 'upcoming'
    const standings = championships.standings(championship, 'pnl', 'all')
    return {
      championshipId: championship.championshipId,
      slug: championship.slug,
      accountId,
      participating,
      rank: participating ? 1 + standings.filter((standing) => standing.pnl > stats.realizedPnl).length : null,
      totalParticipants: standings.length + (participating ? 1 : 0),
      pnl: formatDecimal(stats.realizedPnl),
      volume: formatDecimal(stats.volume),
      trades: stats.trades,
    }
  })
}

/** `offset` and `limit` (default 20, at most the page size policy) over a list. */
function window<T>(items: readonly T[], query: Fields, maxPageSize: number): { items: T[]; total: number; offset: number; limit: number } {
  const offset = query.optionalInteger('offset', 0, Number.MAX_SAFE_INTEGER) ?? 0
  const limit = query.optionalCount('limit', maxPageSize) ?? Math.min(20, maxPageSize)
  return { items: items.slice(offset, offset + limit), total: items.length, offset, limit }
}
