/** Championships and their leaderboards: seeded traders, plus the caller ranked by their own trading. */
import { type Decimal, div, formatDecimal, fromInteger } from './decimal.ts'
import { CHAMPIONSHIPS, type ChampionshipSeed } from './demo-data.ts'
import { notFound } from './errors.ts'
import { pick } from '../prng.ts'

export const SORT_KEYS = ['pnl', 'roi', 'volume', 'win_rate', 'trades'] as const
export const PERIODS = ['24h', '7d', '30d', 'all'] as const
export type SortKey = (typeof SORT_KEYS)[number]
export type LeaderboardPeriod = (typeof PERIODS)[number]

/** Share of the all-time numbers that fall in each period (percent). */
const PERIOD_SHARE: Record<LeaderboardPeriod, bigint> = { '24h': 5n, '7d': 30n, '30d': 80n, all: 100n }

export interface Championship extends ChampionshipSeed {
  startTime: number
  endTime: number
}

export interface Standing {
  accountId: string
  displayName: string
  pnl: Decimal
  roi: Decimal
  volume: Decimal
  winRate: Decimal
  trades: number
}

export class Championships {
  readonly #all: Championship[]

  constructor(now: number) {
    this.#all = CHAMPIONSHIPS.map((seed) => ({ ...seed, startTime: now + seed.startOffset, endTime: now + seed.endOffset }))
  }

  list(): readonly Championship[] {
    return this.#all
  }

  /** By slug or id; NOT_FOUND otherwise. */
  get(slugOrId: string): Championship {
    const found = this.#all.find((championship) => championship.slug === slugOrId || championship.championshipId === slugOrId)
    if (!found) throw notFound(`unknown championship ${slugOrId}`)
    return found
  }

  /** Every seeded trader's standing in the period, best first by `sortBy`. */
  standings(championship: Championship, sortBy: SortKey, period: LeaderboardPeriod): Standing[] {
    const share = PERIOD_SHARE[period]
    const standings = Array.from({ length: championship.participants }, (_, index) => {
      const seed = [championship.slug, index] as const
      const deposit = fromInteger(pick(5, 100, 'deposit', ...seed) * 1000)
      const pnl = (fromInteger(pick(-8000, 60000, 'pnl', ...seed)) * share) / 100n
      return {
        accountId: `acct-${championship.championshipId}-${String(index + 1).padStart(3, '0')}`,
        displayName: `${NAMES[index % NAMES.length]}${index >= NAMES.length ? `-${Math.floor(index / NAMES.length) + 1}` : ''}`,
        pnl,
        roi: div(pnl, deposit),
        volume: (fromInteger(pick(50, 5000, 'volume', ...seed) * 1000) * share) / 100n,
        winRate: fromInteger(pick(30, 75, 'win', ...seed)) / 100n,
        trades: Math.max(1, Math.floor((pick(20, 900, 'trades', ...seed) * Number(share)) / 100)),
      }
    })
    return standings.sort((a, b) => compare(sortValue(b, sortBy), sortValue(a, sortBy)))
  }
}

function sortValue(standing: Standing, sortBy: SortKey): Decimal {
  switch (sortBy) {
    case 'roi':
      return standing.roi
    case 'volume':
      return standing.volume
    case 'win_rate':
      return standing.winRate
    case 'trades':
      return BigInt(standing.trades)
    default:
      return standing.pnl
  }
}

function compare(a: Decimal, b: Decimal): number {
  return a === b ? 0 : a > b ? 1 : -1
}

export function standingView(standing: Standing, rank: number): Record<string, unknown> {
  return {
    rank,
    accountId: standing.accountId,
    displayName: standing.displayName,
    pnl: formatDecimal(standing.pnl),
    roi: formatDecimal(standing.roi),
    volume: formatDecimal(standing.volume),
    winRate: formatDecimal(standing.winRate),
    trades: standing.trades,
  }
}

export function championshipView(championship: Championship): Record<string, unknown> {
  const { championshipId, slug, name, description, status, type, period, featured, prizePool, startTime, endTime, participants } = championship
  return { championshipId, slug, name, description, status, type, period, featured, prizePool, prizeToken: 'USDC', startTime, endTime, participants }
}

const NAMES = ['satoshi_fan', 'delta_neutral', 'gamma_squeeze', 'long_only', 'mean_reverter', 'basis_trader', 'funding_farmer', 'tape_reader', 'whale_watcher', 'grid_bot', 'vol_seller', 'scalper_x']
