/**
 * The optimistic oracle of prediction markets: a result is proposed, anyone may challenge it
 * within the challenge period (the challenger's outcome becomes the proposal and the period
 * starts again), and once a period passes unchallenged the result can be finalized.
 */
import { challengeClosed, invalidParams, notFinalizable } from './errors.ts'

export const ORACLE_BOND_E6 = 100_000_000
export const DEFAULT_CHALLENGE_PERIOD_MS = 2 * 60 * 60 * 1000

export interface Challenge {
  challenger: string
  outcomeIndex: number
  evidenceHash: string | null
  challengedAt: number
}

export interface Proposal {
  marketId: string
  status: 'proposed' | 'challenged' | 'finalized'
  proposedOutcomeIndex: number
  proposedAt: number
  challengeDeadline: number
  challenges: Challenge[]
  finalizedAt: number | null
}

export class Oracle {
  readonly challengePeriodMs: number
  readonly #proposals = new Map<string, Proposal>()

  constructor(challengePeriodMs: number) {
    this.challengePeriodMs = challengePeriodMs
  }

  proposal(marketId: string): Proposal | undefined {
    return this.#proposals.get(marketId)
  }

  propose(marketId: string, outcomeIndex: number, at: number): Proposal {
    const proposal: Proposal = { marketId, status: 'proposed', proposedOutcomeIndex: outcomeIndex, proposedAt: at, challengeDeadline: at + this.challengePeriodMs, challenges: [], finalizedAt: null }
    this.#proposals.set(marketId, proposal)
    return proposal
  }

  /** ORACLE_CHALLENGE_CLOSED when nothing is proposed, the result is final or the period is over. */
  challenge(marketId: string, challenge: Challenge): Proposal {
    const proposal = this.#proposals.get(marketId)
    if (!proposal) throw challengeClosed(marketId, 'no result has been proposed yet')
    if (proposal.status === 'finalized') throw challengeClosed(marketId, 'the result is already final')
    if (challenge.challengedAt > proposal.challengeDeadline) throw challengeClosed(marketId, `the challenge period ended at ${proposal.challengeDeadline}`)
    if (challenge.outcomeIndex === proposal.proposedOutcomeIndex) throw invalidParams('outcomeIndex', 'a challenge must name a different outcome than the proposal')
    proposal.challenges.push(challenge)
    proposal.status = 'challenged'
    proposal.proposedOutcomeIndex = challenge.outcomeIndex
    proposal.challengeDeadline = challenge.challengedAt + this.challengePeriodMs
    return proposal
  }

  /** ORACLE_NOT_FINALIZABLE when nothing is proposed, the period is still open, or it is final already. */
  finalize(marketId: string, now: number): Proposal {
    const proposal = this.#proposals.get(marketId)
    if (!proposal) throw notFinalizable(marketId, 'no result has been proposed yet')
    if (proposal.status === 'finalized') throw notFinalizable(marketId, 'the result is already final')
    if (now <= proposal.challengeDeadline) throw notFinalizable(marketId, `the challenge period is open until ${proposal.challengeDeadline}`)
    proposal.status = 'finalized'
    proposal.finalizedAt = now
    return proposal
  }
}
