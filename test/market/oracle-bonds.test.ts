/**
 * The oracle keeps its bond and its breath: a challenge locks the advertised bond, one open
 * challenge per account and market, a bounded number of rounds then escalation to the market's
 * resolution source; and the proposal at a market's end comes from a rule one account cannot set
 * alone (a time-weighted price over the last 30 minutes, self-trades excluded).
 */
import { describe, expect, it } from 'vitest'
import { type Harness, harness, START } from './harness.ts'

const MINUTE = 60_000
const PERIOD = 10 * MINUTE
const END = START + 60 * MINUTE
const YES = 0
const NO = 1

/** A binary market ending at END; `honest` buys 100 No from the market maker early on (0.51 each). */
function market(accounts: Record<string, Record<string, string>> = {}) {
  const h = harness({ challengePeriodMs: PERIOD, accounts: { creator: { USDC: '1000' }, honest: { USDC: '1000' }, ...accounts } })
  const { marketId } = h.ok('POST', '/api/v1/prediction/markets', { question: 'Will it rain?', category: 'weather', marketType: 'binary', endTime: END }, 'creator')
  h.clock.now = START + MINUTE
  expect(h.ok('POST', '/api/v1/prediction/orders', { marketId, side: 0, outcomeIndex: NO, priceE6: 510_000, amount: 100 }, 'honest')).toMatchObject({ status: 'filled' })
  return { ...h, marketId: marketId as string }
}

const usdc = (h: Harness, account: string) => Number(h.market.balances(account).USDC?.available ?? 0)
const locked = (h: Harness, account: string) => Number(h.market.balances(account).USDC?.locked ?? 0)
const proposal = (h: Harness, marketId: string) => h.ok('GET', `/api/v1/prediction/markets/${marketId}/proposal`)
const challenge = (h: Harness, marketId: string, outcomeIndex: number, account: string) => h.call('POST', '/api/v1/prediction/oracle/challenges', { marketId, outcomeIndex }, account)

/** The honest account claims its No shares after the result is final; returns its USDC then. */
function claimAndCount(h: Harness, marketId: string): number {
  h.ok('POST', '/api/v1/prediction/claims', { marketId }, 'honest')
  return usdc(h, 'honest')
}

describe('oracle challenges lock the advertised bond', () => {
  it('locks 100 USDC per challenge, refuses one without the balance, and takes one open challenge per account and market', () => {
    const h = market({ poor: { USDC: '99' }, carol: { USDC: '1000' } })
    const { bondE6 } = h.ok('GET', `/api/v1/prediction/markets/${h.marketId}/oracle-config`)
    expect(bondE6).toBe(100_000_000)
    h.clock.now = END + MINUTE
    expect(proposal(h, h.marketId)).toMatchObject({ status: 'proposed', proposedOutcomeIndex: NO })

    expect(challenge(h, h.marketId, YES, 'poor')).toMatchObject({ status: 400, error: { code: 'TRADE_INSUFFICIENT_BALANCE' } })
    expect(proposal(h, h.marketId)).toMatchObject({ proposedOutcomeIndex: NO, challengeCount: 0 })

    expect(challenge(h, h.marketId, YES, 'carol').status).toBe(200)
    expect([usdc(h, 'carol'), locked(h, 'carol')]).toEqual([1000 - bondE6 / 1e6, bondE6 / 1e6])
    expect(challenge(h, h.marketId, NO, 'carol')).toMatchObject({ status: 409, error: { code: 'ORACLE_CHALLENGE_CLOSED' } })
    expect(locked(h, 'carol')).toBe(100)
  })

  it('returns a right challenge its bond plus the wrong one\'s, and the wrong one forfeits its bond', () => {
    const h = market({ mallory: { USDC: '1000' } })
    h.clock.now = END + MINUTE
    expect(challenge(h, h.marketId, YES, 'mallory').status).toBe(200)
    h.clock.now += MINUTE
    expect(challenge(h, h.marketId, NO, 'honest').status).toBe(200)
    h.clock.now += PERIOD + 1
    expect(h.ok('POST', '/api/v1/prediction/oracle/finalizations', { marketId: h.marketId })).toMatchObject({ finalOutcomeIndex: NO })
    expect([usdc(h, 'mallory'), locked(h, 'mallory')]).toEqual([900, 0])
    expect(locked(h, 'honest')).toBe(0)
    expect(claimAndCount(h, h.marketId)).toBe(1000 - 51 + 100 + 100) // paid 51 for 100 No; bond back, mallory's bond, 100 winning shares
  })
})

describe('the challenge period does not restart without limit', () => {
  it('an attacker challenging one second before each deadline, 99 times, does not decide the market against the honest account', () => {
    const attackers = Object.fromEntries(Array.from({ length: 99 }, (_, index) => [`mallory-${index}`, { USDC: '1000' }]))
    const h = market(attackers)
    const start = usdc(h, 'honest') + 51 // before it bought
    h.clock.now = END
    let accepted = 0
    for (let round = 0; round < 99; round++) {
      const { challengeDeadline, proposedOutcomeIndex } = proposal(h, h.marketId)
      h.clock.now = challengeDeadline - 1000
      // The attacker pushes Yes; the honest account answers with No (it may hold one open challenge).
      const answer = proposedOutcomeIndex === NO ? challenge(h, h.marketId, YES, `mallory-${round}`) : challenge(h, h.marketId, NO, 'honest')
      if (answer.status !== 200) {
        expect(answer.error).toMatchObject({ code: 'ORACLE_CHALLENGE_CLOSED' })
        break
      }
      accepted++
    }
    const summary = proposal(h, h.marketId)
    expect(accepted).toBe(3)
    expect(summary).toMatchObject({ escalated: true, challengeCount: 3, maxChallengeRounds: 3 })
    expect(summary.challenges).toHaveLength(3)
    expect(summary.challengeDeadline).toBeLessThanOrEqual(END + 4 * PERIOD)
    expect(challenge(h, h.marketId, NO, 'mallory-98')).toMatchObject({ status: 409, error: { code: 'ORACLE_CHALLENGE_CLOSED' } })

    h.clock.now = summary.challengeDeadline + 1
    expect(h.ok('POST', '/api/v1/prediction/oracle/finalizations', { marketId: h.marketId })).toMatchObject({ finalOutcomeIndex: NO })
    expect(claimAndCount(h, h.marketId)).toBeGreaterThanOrEqual(start + 100 - 51)
    expect(usdc(h, 'mallory-0') + locked(h, 'mallory-0')).toBe(900)
  })

  it('an escalated market takes the operator\'s ruling as its resolution source', () => {
    const h = market({ a: { USDC: '1000' }, b: { USDC: '1000' } })
    h.clock.now = END + MINUTE
    for (const [account, outcome] of [['a', YES], ['honest', NO], ['b', YES]] as const) expect(challenge(h, h.marketId, outcome, account).status).toBe(200)
    h.market.rule(h.marketId, YES)
    h.clock.now += PERIOD + 1
    expect(h.ok('POST', '/api/v1/prediction/oracle/finalizations', { marketId: h.marketId })).toMatchObject({ finalOutcomeIndex: YES })
    expect(usdc(h, 'a') + usdc(h, 'b')).toBe(2000 + 100) // both bonds back, the honest account's bond shared
  })
})

describe('the proposal at a market\'s end', () => {
  it('is not set by one account trading with itself a minute before the end', () => {
    const h = market({ mallory: { USDC: '10000' } })
    const start = usdc(h, 'honest') + 51
    h.clock.now = END - MINUTE
    h.ok('POST', '/api/v1/prediction/mints', { marketId: h.marketId, amount: 100 }, 'mallory')
    h.ok('POST', '/api/v1/prediction/orders', { marketId: h.marketId, side: 1, outcomeIndex: YES, priceE6: 999_000, amount: 100 }, 'mallory')
    const asks = h.ok('GET', `/api/v1/prediction/markets/${h.marketId}/depth?outcomeIndex=${YES}`).asks as { price: number; amount: number }[]
    const makerAsks = asks.filter((level) => level.price < 0.999).reduce((total, level) => total + level.amount, 0)
    h.ok('POST', '/api/v1/prediction/orders', { marketId: h.marketId, side: 0, outcomeIndex: YES, priceE6: 999_000, amount: makerAsks + 100 }, 'mallory')

    h.clock.now = END + PERIOD + 1
    expect(proposal(h, h.marketId)).toMatchObject({ proposedOutcomeIndex: NO })
    expect(h.ok('POST', '/api/v1/prediction/oracle/finalizations', { marketId: h.marketId })).toMatchObject({ finalOutcomeIndex: NO })
    expect(claimAndCount(h, h.marketId)).toBe(start - 51 + 100)
    expect(h.ok('GET', `/api/v1/prediction/markets/${h.marketId}/oracle-config`).proposalRule).toEqual({ kind: 'time-weighted-price', windowMs: 30 * MINUTE, excludesSelfTrades: true })
  })
})
