import * as v from 'valibot'
import { operation } from '../operation.ts'
import { id, text } from '../schemas.ts'
import { BINARY_MARKET, marketIdInput, outcomeIndex, type MarketIdInput } from './schemas.ts'

export interface OracleConfig {
  marketId?: string
  challengePeriodMs: number
  bondE6: number
  sources: unknown[]
  [field: string]: unknown
}

export type ProposalStatus = 'none' | 'proposed' | 'challenged' | 'finalized'

export interface OracleChallenge {
  challenger: string
  outcomeIndex: number
  evidenceHash: string | null
  challengedAt: number
  [field: string]: unknown
}

/** A market's result proposal. A challenge replaces the proposed outcome and restarts the period. */
export interface Proposal {
  marketId: string
  status: ProposalStatus
  proposedOutcomeIndex: number | null
  proposedAt: number | null
  /** UTC ms; challenges are taken until then, finalization only after. */
  challengeDeadline: number | null
  challenges: OracleChallenge[]
  challengeCount?: number
  finalizedAt: number | null
  finalOutcomeIndex?: number | null
  [field: string]: unknown
}

/** The proposal after a challenge; `txSignature` is an operation id. */
export interface ChallengedProposal extends Proposal {
  txSignature: string
}

export interface FinalizedResult {
  txSignature: string
  marketId: string
  status: 'finalized'
  finalOutcomeIndex: number
  finalizedAt: number
  [field: string]: unknown
}

/** The LLM oracle's research on a market. */
export interface OracleResearch {
  marketId: string
  status: string
  summary?: string
  recommendedOutcomeIndex?: number | null
  confidence?: number
  sources?: { title: string; url: string }[]
  generatedAt?: number
  [field: string]: unknown
}

const challengeInput = v.strictObject({
  marketId: id,
  outcomeIndex,
  evidenceHash: v.optional(v.pipe(text(128), v.regex(/^[A-Za-z0-9]+$/, 'must be a hash (letters and digits)'))),
})
export type ChallengeInput = v.InferInput<typeof challengeInput>

const marketId = BINARY_MARKET

/** Prediction Oracle: reads open; challenging and finalizing need trade. */
export const predictionOracleOperations = {
  getOracleConfig: operation<OracleConfig, MarketIdInput>({
    method: 'GET', path: '/api/v1/prediction/markets/:marketId/oracle-config', auth: 'none', source: 'real', specName: 'get oracle configuration for a market',
    summary: 'Challenge period, bond and sources of the oracle', input: marketIdInput, example: { marketId },
  }),
  getProposal: operation<Proposal, MarketIdInput>({
    method: 'GET', path: '/api/v1/prediction/markets/:marketId/proposal', auth: 'none', source: 'real', specName: 'get current proposal for a market',
    summary: 'The current result proposal', input: marketIdInput, example: { marketId },
  }),
  getResearch: operation<OracleResearch, MarketIdInput>({
    method: 'GET', path: '/api/v1/prediction/markets/:marketId/research', auth: 'none', source: 'real', specName: 'get LLM oracle research data for a market',
    summary: "The LLM oracle's research data", input: marketIdInput, example: { marketId },
  }),
  challengeResult: operation<ChallengedProposal, ChallengeInput>({
    method: 'POST', path: '/api/v1/prediction/oracle/challenges', auth: 'trade', source: 'real', specName: 'challenge a proposed result',
    summary: 'Challenge a proposed result during the challenge period', input: challengeInput, example: { marketId, outcomeIndex: 1 },
  }),
  finalizeResult: operation<FinalizedResult, MarketIdInput>({
    method: 'POST', path: '/api/v1/prediction/oracle/finalizations', auth: 'trade', source: 'real', specName: 'finalize a market result after the challenge period',
    summary: 'Finalize a result after the challenge period', input: marketIdInput, example: { marketId },
  }),
}
