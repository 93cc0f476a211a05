/**
 * The exchange's own limits where the spec says "not shown" (batch size, page size, leverage,
 * outcomes, symbol case, prediction market creation, challenge rounds). They are policy, not API shape: a client validates the shape and this
 * exchange refuses what is over its limits, with REQ_INVALID_PARAMS naming the field and the limit.
 */

export interface MarketPolicy {
  /** Most entries one batch takes (orders, order ids, market ids). Default 50, the real service's batch. */
  maxBatch: number
  /** Most items one page of a list returns (`pageSize`, `limit`). Default 100. */
  maxPageSize: number
  /** Highest perp leverage; a market's own maximum applies below it. Default 125. */
  maxLeverage: number
  /** Most outcomes a prediction market has (and so the highest outcomeIndex + 1). Default 32. */
  maxOutcomes: number
  /**
   * `exact` (default): a market symbol must be written as listed, `btc-usdc` is an unknown market.
   * `upper`: symbols are upper-cased before the lookup.
   */
  symbolCase: 'exact' | 'upper'
  /** Open (not yet resolved) prediction markets the exchange holds at most, the demo's included. Default 10,000. */
  maxMarkets: number
  /** Prediction markets one account may have that are not yet resolved. Default 5. */
  maxOpenMarketsPerAccount: number
  /** USDC a market's creator locks until the market is resolved (0: none), while fewer than `marketBondDoubling` markets are open. Default 100. */
  marketBond: number
  /** The creation bond doubles for every this many open markets. Default 1,500. */
  marketBondDoubling: number
  /** Challenges a proposed result takes at most; the last one escalates it to the resolution source. Default 3. */
  maxChallengeRounds: number
  /**
   * The perp and spot market maker's ladder. `flat` (default): the same size at every level, a hit
   * quote replaced at once, so tests know the book. `lively` (the demo's): sizes vary by level,
   * side and minute, and a hit quote stays taken for 20 s before the ladder refills.
   */
  makerLadder: 'flat' | 'lively'
}

export const DEFAULT_POLICY: Readonly<MarketPolicy> = Object.freeze({ maxBatch: 50, maxPageSize: 100, maxLeverage: 125, maxOutcomes: 32, symbolCase: 'exact', maxMarkets: 10_000, maxOpenMarketsPerAccount: 5, marketBond: 100, marketBondDoubling: 1500, maxChallengeRounds: 3, makerLadder: 'flat' })

const COUNTS = ['maxBatch', 'maxPageSize', 'maxLeverage', 'maxOutcomes', 'maxMarkets', 'maxOpenMarketsPerAccount', 'marketBondDoubling', 'maxChallengeRounds'] as const

/** The defaults with `overrides` applied; a bad override throws a RangeError naming it. */
export function marketPolicy(overrides: Partial<MarketPolicy> = {}): MarketPolicy {
  const policy = { ...DEFAULT_POLICY, ...overrides }
  for (const name of COUNTS) {
    if (!Number.isSafeInteger(policy[name]) || policy[name] < 1) throw new RangeError(`policy.${name} must be a positive integer, got ${String(policy[name])}`)
  }
  if (!Number.isSafeInteger(policy.marketBond) || policy.marketBond < 0) throw new RangeError(`policy.marketBond must be a whole number of USDC, 0 or more, got ${String(policy.marketBond)}`)
  if (policy.maxOutcomes < 2) throw new RangeError('policy.maxOutcomes must be at least 2 (a binary market has two)')
  if (policy.makerLadder !== 'flat' && policy.makerLadder !== 'lively') throw new RangeError(`policy.makerLadder must be "flat" or "lively", got ${String(policy.makerLadder)}`)
  if (policy.symbolCase !== 'exact' && policy.symbolCase !== 'upper') throw new RangeError(`policy.symbolCase must be "exact" or "upper", got ${String(policy.symbolCase)}`)
  return policy
}
