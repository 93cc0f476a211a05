/** The prediction market record: outcomes, times, result; one order book per outcome. */
import type { Decimal } from './decimal.ts'
import type { PredictionSeed } from './demo-data.ts'
import { pick } from '../prng.ts'

export type MarketType = 'binary' | 'multi_outcome'
export type MarketStatus = 'active' | 'closed' | 'resolved'

export interface Outcome {
  label: string
  referenceE6: number
}

export interface PredictionMarket {
  readonly marketId: string
  readonly slug: string
  readonly question: string
  readonly description: string
  readonly category: string
  readonly tags: readonly string[]
  readonly marketType: MarketType
  readonly outcomes: readonly Outcome[]
  readonly createdAt: number
  readonly endTime: number
  readonly creator: string | null
  /** Volume traded before the exchange started (demo history). */
  readonly baseVolumeE6: number
  /** Complete sets minted and not redeemed. */
  setsOutstanding: Decimal
  finalOutcomeIndex: number | null
  resolvedAt: number | null
  /** Trading has stopped: orders cancelled, quotes withdrawn. */
  closed: boolean
}

export interface NewMarketInput {
  question: string
  description: string
  category: string
  tags: string[]
  marketType: MarketType
  outcomes: string[]
  endTime: number
}

export function bookKey(marketId: string, outcomeIndex: number): string {
  return `${marketId}:${outcomeIndex}`
}

/** The market and outcome of a prediction book (of an order, a fill or a trade). */
export function bookOf({ market }: { market: string }): { marketId: string; outcomeIndex: number } {
  const [marketId, outcomeIndex] = market.split(':')
  return { marketId: marketId!, outcomeIndex: Number(outcomeIndex) }
}

/** A market from a seed (demo data) or a creation request, its times relative to `now`. */
export function newMarket(seed: PredictionSeed, now: number, creator: string | null): PredictionMarket {
  return {
    marketId: seed.marketId,
    slug: `${seed.question.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60)}-${seed.marketId}`,
    question: seed.question,
    description: seed.description,
    category: seed.category,
    tags: seed.tags,
    marketType: seed.marketType,
    outcomes: seed.outcomes.map((outcome) => ({ label: outcome.label, referenceE6: outcome.priceE6 })),
    createdAt: now + seed.createdOffset,
    endTime: now + seed.endOffset,
    creator,
    baseVolumeE6: creator === null ? pick(50_000, 900_000, 'volume', seed.marketId) * 1_000_000 : 0,
    setsOutstanding: 0n,
    finalOutcomeIndex: null,
    resolvedAt: null,
    closed: false,
  }
}

export function marketStatus(market: PredictionMarket, now: number): MarketStatus {
  if (market.finalOutcomeIndex !== null) return 'resolved'
  return now >= market.endTime ? 'closed' : 'active'
}
