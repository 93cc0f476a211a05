import * as v from 'valibot'
import { operation, type Operation } from '../operation.ts'
import { id, text, type IntegerSchema, type TextSchema } from '../schemas.ts'
import type * as schemas from './responses.ts'
import { BINARY_MARKET, marketIdInput, outcomeIndex, type MarketIdInput } from './schemas.ts'

export interface OracleConfig extends v.InferOutput<typeof schemas.oracleConfigSchema> {}
export interface OracleChallenge extends v.InferOutput<typeof schemas.oracleChallengeSchema> {}
/** A market's result proposal. A challenge replaces the proposed outcome and restarts the period. */
export interface Proposal extends v.InferOutput<typeof schemas.proposalSchema> {}
export type ProposalStatus = Proposal['status']
/** The proposal after a challenge; `txSignature` is an operation id. */
export interface ChallengedProposal extends v.InferOutput<typeof schemas.challengedProposalSchema> {}
export interface FinalizedResult extends v.InferOutput<typeof schemas.finalizedResultSchema> {}
/** The LLM oracle's research on a market. */
export interface OracleResearch extends v.InferOutput<typeof schemas.oracleResearchSchema> {}

const challengeInput: v.StrictObjectSchema<{
  readonly marketId: typeof id
  readonly outcomeIndex: IntegerSchema
  readonly evidenceHash: v.OptionalSchema<v.SchemaWithPipe<readonly [TextSchema, v.RegexAction<string, 'must be a hash (letters and digits)'>]>, undefined>
}, undefined> = v.strictObject({
  marketId: id,
  outcomeIndex,
  evidenceHash: v.optional(v.pipe(text(128), v.regex(/^[A-Za-z0-9]+$/, 'must be a hash (letters and digits)'))),
})
export interface ChallengeInput extends v.InferInput<typeof challengeInput> {}

const marketId = BINARY_MARKET

/** Prediction Oracle: reads open; challenging and finalizing need trade. */
export const predictionOracleOperations: {
  getOracleConfig: Operation<MarketIdInput, OracleConfig>
  getProposal: Operation<MarketIdInput, Proposal>
  getResearch: Operation<MarketIdInput, OracleResearch>
  challengeResult: Operation<ChallengeInput, ChallengedProposal>
  finalizeResult: Operation<MarketIdInput, FinalizedResult>
} = {
  getOracleConfig: operation<OracleConfig, MarketIdInput>({
    method: 'GET', path: '/api/v1/prediction/markets/:marketId/oracle-config', auth: 'none', effect: 'public', source: 'real', specName: 'get oracle configuration for a market',
    summary: 'Challenge period, bond and sources of the oracle', input: marketIdInput, example: { marketId },
  }),
  getProposal: operation<Proposal, MarketIdInput>({
    method: 'GET', path: '/api/v1/prediction/markets/:marketId/proposal', auth: 'none', effect: 'public', source: 'real', specName: 'get current proposal for a market',
    summary: 'The current result proposal', input: marketIdInput, example: { marketId },
  }),
  getResearch: operation<OracleResearch, MarketIdInput>({
    method: 'GET', path: '/api/v1/prediction/markets/:marketId/research', auth: 'none', effect: 'public', source: 'real', specName: 'get LLM oracle research data for a market',
    summary: "The LLM oracle's research data", input: marketIdInput, example: { marketId },
  }),
  challengeResult: operation<ChallengedProposal, ChallengeInput>({
    method: 'POST', path: '/api/v1/prediction/oracle/challenges', auth: 'trade', effect: 'moves-value', source: 'real', specName: 'challenge a proposed result',
    summary: 'Challenge a proposed result during the challenge period', input: challengeInput, example: { marketId, outcomeIndex: 1 },
  }),
  finalizeResult: operation<FinalizedResult, MarketIdInput>({
    method: 'POST', path: '/api/v1/prediction/oracle/finalizations', auth: 'trade', effect: 'moves-value', source: 'real', specName: 'finalize a market result after the challenge period',
    summary: 'Finalize a result after the challenge period', input: marketIdInput, example: { marketId },
  }),
}
