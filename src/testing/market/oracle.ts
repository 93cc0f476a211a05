/**
 * The optimistic oracle of prediction markets, with bonds and a bounded dispute.
 *
 * At a market's end the closing-price rule proposes a result. Within the challenge period anyone
 * may challenge it by naming another outcome and locking the bond; the challenger's outcome becomes
 * the proposal and the period starts again. One open challenge per account and market, and at most
 * `maxRounds` challenges: the last one escalates the market to its resolution source (the
 * operator's ruling if one is given, else the closing-price rule's outcome), and no further
 * challenge is taken. Once the last period passes, the result can be finalized; challengers on the
 * final outcome get their bond back plus an equal share of the other challengers' bonds, the others
 * forfeit theirs (to the oracle pool when no challenger was right).
 */
import { type Decimal, fromInteger } from './decimal.ts'
import { QUOTE } from './demo-data.ts'
import { challengeClosed, invalidParams, notFinalizable } from './errors.ts'
import type { Ledger, Reserve } from './ledger.ts'

export const ORACLE_BOND_E6 = 100_000_000
const ORACLE_BOND: Decimal = fromInteger(ORACLE_BOND_E6 / 1_000_000)
export const DEFAULT_CHALLENGE_PERIOD_MS = 2 * 60 * 60 * 1000
/** Where forfeited bonds go when no challenger named the final outcome. */
export const ORACLE_POOL = 'oracle-pool'
/** What decides an escalated market: the operator's ruling, else the closing-price rule. */
export const RESOLUTION_SOURCE = 'closing-price-rule'

export interface Challenge {
  challenger: string
  outcomeIndex: number
  evidenceHash: string | null
  challengedAt: number
}

interface BondedChallenge extends Challenge {
  bond: Reserve
}

export interface Proposal {
  marketId: string
  status: 'proposed' | 'challenged' | 'finalized'
  proposedOutcomeIndex: number
  proposedAt: number
  challengeDeadline: number
  /** At most `maxRounds` entries. */
  challenges: readonly Challenge[]
  finalizedAt: number | null
  /** The rounds are used up: the resolution source decides, no challenge is taken. */
  escalated: boolean
}

interface ProposalState extends Proposal {
  /** What the closing-price rule proposed: the resolution source's answer without a ruling. */
  readonly ruleOutcomeIndex: number
  ruling: number | null
  challenges: BondedChallenge[]
}

export interface OracleOptions {
  challengePeriodMs: number
  maxRounds: number
}

export class Oracle {
  readonly challengePeriodMs: number
  readonly maxRounds: number
  readonly bondE6 = ORACLE_BOND_E6
  readonly #ledger: Ledger
  readonly #proposals = new Map<string, ProposalState>()

  constructor(ledger: Ledger, options: OracleOptions) {
    this.#ledger = ledger
    this.challengePeriodMs = options.challengePeriodMs
    this.maxRounds = options.maxRounds
  }

  proposal(marketId: string): Proposal | undefined {
    return this.#proposals.get(marketId)
  }

  propose(marketId: string, outcomeIndex: number, at: number): Proposal {
    const proposal: ProposalState = {
      marketId,
      status: 'proposed',
      proposedOutcomeIndex: outcomeIndex,
      ruleOutcomeIndex: outcomeIndex,
      ruling: null,
      proposedAt: at,
      challengeDeadline: at + this.challengePeriodMs,
      challenges: [],
      finalizedAt: null,
      escalated: false,
    }
    this.#proposals.set(marketId, proposal)
    return proposal
  }

  /**
   * Locks the bond and makes the challenger's outcome the proposal. ORACLE_CHALLENGE_CLOSED when
   * nothing is proposed, the result is final or escalated, the period is over, or this account's
   * challenge on the market is still open; TRADE_INSUFFICIENT_BALANCE without the bond.
   */
  challenge(marketId: string, challenge: Challenge): Proposal {
    const proposal = this.#proposals.get(marketId)
    if (!proposal) throw challengeClosed(marketId, 'no result has been proposed yet')
    if (proposal.status === 'finalized') throw challengeClosed(marketId, 'the result is already final')
    if (proposal.escalated) throw challengeClosed(marketId, `the ${this.maxRounds} challenge rounds are used up; the ${RESOLUTION_SOURCE} decides`)
    if (challenge.challengedAt > proposal.challengeDeadline) throw challengeClosed(marketId, `the challenge period ended at ${proposal.challengeDeadline}`)
    if (proposal.challenges.some((open) => open.challenger === challenge.challenger)) throw challengeClosed(marketId, 'this account has an open challenge on this market already')
    if (challenge.outcomeIndex === proposal.proposedOutcomeIndex) throw invalidParams('outcomeIndex', 'a challenge must name a different outcome than the proposal')
    const bond = this.#ledger.lock(challenge.challenger, QUOTE, ORACLE_BOND)
    proposal.challenges.push({ ...challenge, bond })
    proposal.status = 'challenged'
    proposal.proposedOutcomeIndex = challenge.outcomeIndex
    proposal.challengeDeadline = challenge.challengedAt + this.challengePeriodMs
    proposal.escalated = proposal.challenges.length >= this.maxRounds
    return proposal
  }

  /** The operator's answer for an escalated market (the resolution source); taken until it is final. */
  rule(marketId: string, outcomeIndex: number): void {
    const proposal = this.#proposals.get(marketId)
    if (!proposal?.escalated || proposal.status === 'finalized') throw notFinalizable(marketId, 'only an escalated result that is not final takes a ruling')
    proposal.ruling = outcomeIndex
  }

  /** ORACLE_NOT_FINALIZABLE when nothing is proposed, the period is still open, or it is final already. */
  finalize(marketId: string, now: number): Proposal {
    const proposal = this.#proposals.get(marketId)
    if (!proposal) throw notFinalizable(marketId, 'no result has been proposed yet')
    if (proposal.status === 'finalized') throw notFinalizable(marketId, 'the result is already final')
    if (now <= proposal.challengeDeadline) throw notFinalizable(marketId, `the challenge period is open until ${proposal.challengeDeadline}`)
    if (proposal.escalated) proposal.proposedOutcomeIndex = proposal.ruling ?? proposal.ruleOutcomeIndex
    proposal.status = 'finalized'
    proposal.finalizedAt = now
    this.#settleBonds(proposal)
    return proposal
  }

  /** Right challengers: bond back plus an equal share of the wrong ones' bonds (the indivisible rest to the pool). */
  #settleBonds(proposal: ProposalState): void {
    const right = proposal.challenges.filter((challenge) => challenge.outcomeIndex === proposal.proposedOutcomeIndex)
    let forfeited = 0n
    for (const challenge of proposal.challenges) {
      if (challenge.outcomeIndex === proposal.proposedOutcomeIndex) this.#ledger.release(challenge.bond)
      else forfeited += this.#ledger.spend(challenge.bond, challenge.bond.amount)
    }
    const share = right.length === 0 ? 0n : forfeited / BigInt(right.length)
    for (const challenge of right) this.#ledger.credit(challenge.challenger, QUOTE, share)
    const rest = forfeited - share * BigInt(right.length)
    if (rest > 0n) this.#ledger.credit(ORACLE_POOL, QUOTE, rest)
  }
}
