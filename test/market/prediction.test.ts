import { describe, expect, it } from 'vitest'
import { harness, START } from './harness.ts'

const MINUTE = 60_000

describe('complete sets', () => {
  it('mints: takes amount USDC and credits amount shares of every outcome', () => {
    const h = harness()
    const minted = h.ok('POST', '/api/v1/prediction/mints', { marketId: '1001', amount: 10 })
    expect(minted).toMatchObject({ marketId: '1001', amount: 10, costE6: 10_000_000, outcomes: [{ outcomeIndex: 0, shares: 10 }, { outcomeIndex: 1, shares: 10 }] })
    expect(minted.txSignature).toMatch(/^[0-9a-f]{64}$/)
    const balances = h.market.balances('alice')
    expect(balances.USDC!.available).toBe('99990')
    expect([balances['shares:1001:0']!.available, balances['shares:1001:1']!.available]).toEqual(['10', '10'])
    h.ok('POST', '/api/v1/prediction/multi-outcome/mints', { marketId: '1003', amount: 3 })
    expect([0, 1, 2, 3].map((index) => h.market.balances('alice')[`shares:1003:${index}`]!.available)).toEqual(['3', '3', '3', '3'])
  })

  it('redeems: burns a complete set for 1 USDC, and needs every outcome', () => {
    const h = harness()
    h.ok('POST', '/api/v1/prediction/mints', { marketId: '1001', amount: 10 })
    expect(h.ok('POST', '/api/v1/prediction/redemptions', { marketId: '1001', amount: 4 })).toMatchObject({ amount: 4, payoutE6: 4_000_000 })
    expect(h.market.balances('alice').USDC!.available).toBe('99994')
    expect(h.market.balances('alice')['shares:1001:1']!.available).toBe('6')
    expect(h.call('POST', '/api/v1/prediction/redemptions', { marketId: '1001', amount: 7 })).toMatchObject({ status: 400, error: { code: 'TRADE_INSUFFICIENT_BALANCE', details: { token: 'shares:1001:0' } } })
  })

  it('keeps binary and multi-outcome routes apart', () => {
    const h = harness()
    expect(h.call('POST', '/api/v1/prediction/mints', { marketId: '1003', amount: 1 })).toMatchObject({ status: 400, error: { code: 'REQ_INVALID_PARAMS', details: { field: 'marketId' } } })
    expect(h.call('POST', '/api/v1/prediction/multi-outcome/orders', { marketId: '1001', side: 0, outcomeIndex: 0, priceE6: 500000, amount: 10 })).toMatchObject({ status: 400, error: { details: { field: 'marketId' } } })
    expect(h.call('POST', '/api/v1/prediction/mints', { marketId: '9999', amount: 1 })).toMatchObject({ status: 404, error: { code: 'NOT_FOUND' } })
  })
})

describe('prediction orders', () => {
  const buy = (extra: Record<string, unknown> = {}) => ({ marketId: '1001', side: 0, outcomeIndex: 0, priceE6: 640_000, amount: 100, ...extra })

  it('validates priceE6 on the 0.1-cent grid in [1000, 999000] and the 1 USDC minimum buy', () => {
    const h = harness()
    for (const priceE6 of [640_500, 0, 999_001, 1_000_000]) {
      expect(h.call('POST', '/api/v1/prediction/orders', buy({ priceE6 })), String(priceE6)).toMatchObject({ status: 400, error: { code: 'REQ_INVALID_PRICE', codeNum: 10003 } })
    }
    expect(h.call('POST', '/api/v1/prediction/orders', buy({ priceE6: '640000' })).error).toMatchObject({ code: 'REQ_INVALID_PARAMS', details: { field: 'priceE6' } })
    expect(h.call('POST', '/api/v1/prediction/orders', buy({ priceE6: 1000, amount: 999 })).error).toMatchObject({ code: 'REQ_INVALID_PARAMS', details: { field: 'amount' } })
    expect(h.call('POST', '/api/v1/prediction/orders', buy({ outcomeIndex: 2 })).error).toMatchObject({ details: { field: 'outcomeIndex' } })
    expect(h.call('POST', '/api/v1/prediction/orders', buy({ side: 'buy' })).error).toMatchObject({ details: { field: 'side' } })
  })

  it('fills against the market maker and pays price × amount for the shares', () => {
    const h = harness()
    const placed = h.ok('POST', '/api/v1/prediction/orders', buy())
    expect(placed).toMatchObject({ status: 'filled', filledQty: 100 })
    expect(placed.txSignature).toMatch(/^[0-9a-f]{64}$/)
    expect(h.market.balances('alice').USDC!.available).toBe('99937') // 100 × 0.63, the best ask
    expect(h.market.balances('alice')['shares:1001:0']!.available).toBe('100')
    const [position] = h.ok('GET', '/api/v1/prediction/me/positions?activeOnly=true').items
    expect(position).toMatchObject({ marketId: '1001', outcomeIndex: 0, shares: 100, avgPriceE6: 630_000, costE6: 63_000_000 })
  })

  it('rests a GTC order as active, lists it with every status, and cancels it', () => {
    const h = harness()
    const placed = h.ok('POST', '/api/v1/prediction/orders', buy({ priceE6: 500_000, clientOrderId: 'rest-1' }))
    expect(placed).toMatchObject({ status: 'active', filledQty: 0 })
    expect(h.market.balances('alice').USDC).toEqual({ available: '99950', locked: '50' })
    const mine = h.ok('GET', '/api/v1/prediction/me/orders?marketId=1001')
    expect(mine.pagination).toMatchObject({ page: 1, totalItems: 1 })
    expect(mine.items[0]).toMatchObject({ orderId: placed.orderId, status: 'active', priceE6: 500_000, amount: 100, sharesE6: 100_000_000, orderType: 0 })
    expect(h.ok('POST', '/api/v1/prediction/orders/cancel', { marketId: '1001', orderId: placed.orderId })).toMatchObject({ orderId: placed.orderId, status: 'cancelled' })
    expect(h.market.balances('alice').USDC).toEqual({ available: '100000', locked: '0' })
    expect(h.call('POST', '/api/v1/prediction/orders/cancel', { marketId: '1001', orderId: placed.orderId })).toMatchObject({ status: 409, error: { code: 'ORDER_NOT_OPEN' } })
    expect(h.call('POST', '/api/v1/prediction/orders/cancel', { marketId: '1002', orderId: placed.orderId })).toMatchObject({ status: 404, error: { code: 'ORDER_NOT_FOUND' } })
  })

  it('answers a repeated clientOrderId with the first order and its txSignature, and finds it by clientOrderId', () => {
    const h = harness()
    const first = h.ok('POST', '/api/v1/prediction/orders', buy({ priceE6: 500_000, clientOrderId: 'once' }))
    const again = h.ok('POST', '/api/v1/prediction/orders', buy({ priceE6: 600_000, amount: 5, clientOrderId: 'once' }))
    expect(again).toEqual(first)
    const found = h.ok('GET', '/api/v1/prediction/me/orders?clientOrderId=once')
    expect(found.items).toHaveLength(1)
    expect(h.market.balances('alice').USDC!.locked).toBe('50')
  })

  it('sells held shares IOC into the bids, and cannot sell shares it does not hold', () => {
    const h = harness()
    h.ok('POST', '/api/v1/prediction/mints', { marketId: '1001', amount: 20 })
    expect(h.call('POST', '/api/v1/prediction/orders', { marketId: '1001', side: 1, outcomeIndex: 1, priceE6: 300_000, amount: 21 }).error).toMatchObject({ code: 'TRADE_INSUFFICIENT_BALANCE' })
    const sold = h.ok('POST', '/api/v1/prediction/orders', { marketId: '1001', side: 1, outcomeIndex: 1, priceE6: 300_000, amount: 20, orderType: 2 })
    expect(sold).toMatchObject({ status: 'filled', filledQty: 20 })
    expect(h.market.balances('alice').USDC!.available).toBe('99987.4') // −20 mint + 20 × 0.37
    const [trade] = h.ok('GET', '/api/v1/prediction/me/trades').items
    expect(trade).toMatchObject({ marketId: '1001', outcomeIndex: 1, side: 1, priceE6: 370_000, amount: 20, realizedPnlE6: -2_600_000 })
  })

  it('cancels in batches and all at once, per market', () => {
    const h = harness()
    const ids = [400_000, 410_000, 420_000].map((priceE6) => h.ok('POST', '/api/v1/prediction/orders', buy({ priceE6 })).orderId)
    const other = h.ok('POST', '/api/v1/prediction/orders', { marketId: '1002', side: 0, outcomeIndex: 0, priceE6: 300_000, amount: 10 }).orderId
    expect(h.ok('POST', '/api/v1/prediction/orders/batch-cancel', { marketId: '1001', orderIds: [ids[0], other] })).toEqual({ cancelledCount: 1, orderIds: [ids[0]] })
    expect(h.ok('POST', '/api/v1/prediction/orders/cancel-all', { marketId: '1001' })).toEqual({ cancelledCount: 2, orderIds: [ids[2], ids[1]] })
    expect(h.ok('POST', '/api/v1/prediction/orders/cancel-all', {})).toEqual({ cancelledCount: 1, orderIds: [other] })
  })
})

describe('oracle lifecycle and claims (injected clock, 60 s challenge period)', () => {
  function ended() {
    const h = harness({ challengePeriodMs: MINUTE })
    const endTime = START + 10 * MINUTE
    const created = h.ok('POST', '/api/v1/prediction/markets', { question: 'Will the test pass?', category: 'testing', tags: ['ci'], marketType: 'multi_outcome', outcomes: ['Red', 'Green', 'Blue'], endTime })
    return { ...h, marketId: created.marketId as string, endTime, created }
  }

  it('creates a market that trades until its end time', () => {
    const h = ended()
    expect(h.created).toMatchObject({ marketType: 'multi_outcome', numOutcomes: 3, status: 'active', category: 'testing', creator: 'alice', outcomes: [{ label: 'Red', priceE6: 333_000 }, { label: 'Green' }, { label: 'Blue' }] })
    expect(h.ok('GET', `/api/v1/prediction/markets/${h.marketId}/proposal`)).toMatchObject({ status: 'none', proposedOutcomeIndex: null })
    expect(h.call('POST', '/api/v1/prediction/oracle/finalizations', { marketId: h.marketId })).toMatchObject({ status: 409, error: { code: 'ORACLE_NOT_FINALIZABLE', codeNum: 15002 } })
    expect(h.call('POST', '/api/v1/prediction/oracle/challenges', { marketId: h.marketId, outcomeIndex: 1 })).toMatchObject({ status: 409, error: { code: 'ORACLE_CHALLENGE_CLOSED', codeNum: 15001 } })
    expect(h.call('POST', '/api/v1/prediction/multi-outcome/claims', { marketId: h.marketId, outcomeIndex: 0 })).toMatchObject({ status: 409, error: { code: 'MARKET_NOT_RESOLVED', codeNum: 15003 } })
  })

  it('closes at the end time, cancels resting orders, and lets the oracle propose', () => {
    const h = ended()
    h.ok('POST', '/api/v1/prediction/multi-outcome/orders', { marketId: h.marketId, side: 0, outcomeIndex: 0, priceE6: 100_000, amount: 50 })
    expect(h.market.balances('alice').USDC!.locked).toBe('105') // the order's 5 and the creator's bond of 100
    h.clock.now = h.endTime
    expect(h.ok('GET', `/api/v1/prediction/markets/${h.marketId}`).status).toBe('closed')
    expect(h.market.balances('alice').USDC!.locked).toBe('100') // the bond stays until the market is resolved
    expect(h.ok('GET', '/api/v1/prediction/me/orders').items[0].status).toBe('cancelled')
    expect(h.ok('GET', `/api/v1/prediction/markets/${h.marketId}/proposal`)).toMatchObject({ status: 'proposed', proposedAt: h.endTime, challengeDeadline: h.endTime + MINUTE })
    expect(h.call('POST', '/api/v1/prediction/multi-outcome/orders', { marketId: h.marketId, side: 0, outcomeIndex: 0, priceE6: 100_000, amount: 50 }).error).toMatchObject({ details: { field: 'marketId' } })
  })

  it('takes a challenge inside the period, restarts it, finalizes after it, and pays winners 1 USDC a share', () => {
    const h = ended()
    h.ok('POST', '/api/v1/prediction/multi-outcome/mints', { marketId: h.marketId, amount: 30 })
    h.clock.now = h.endTime + 30_000
    const proposed = h.ok('GET', `/api/v1/prediction/markets/${h.marketId}/proposal`).proposedOutcomeIndex
    const challenger = (proposed + 1) % 3
    expect(h.call('POST', '/api/v1/prediction/oracle/challenges', { marketId: h.marketId, outcomeIndex: proposed }).error).toMatchObject({ details: { field: 'outcomeIndex' } })
    expect(h.ok('POST', '/api/v1/prediction/oracle/challenges', { marketId: h.marketId, outcomeIndex: challenger, evidenceHash: '0xabc' })).toMatchObject({
      status: 'challenged',
      proposedOutcomeIndex: challenger,
      challengeDeadline: h.clock.now + MINUTE,
      challenges: [{ challenger: 'alice', outcomeIndex: challenger, evidenceHash: '0xabc' }],
    })
    h.clock.now += MINUTE
    expect(h.call('POST', '/api/v1/prediction/oracle/finalizations', { marketId: h.marketId }).error).toMatchObject({ code: 'ORACLE_NOT_FINALIZABLE' })
    h.clock.now += 1
    expect(h.call('POST', '/api/v1/prediction/oracle/challenges', { marketId: h.marketId, outcomeIndex: proposed }).error).toMatchObject({ code: 'ORACLE_CHALLENGE_CLOSED' })
    expect(h.ok('POST', '/api/v1/prediction/oracle/finalizations', { marketId: h.marketId })).toMatchObject({ status: 'finalized', finalOutcomeIndex: challenger })
    expect(h.call('POST', '/api/v1/prediction/oracle/finalizations', { marketId: h.marketId }).error).toMatchObject({ code: 'ORACLE_NOT_FINALIZABLE' })
    expect(h.ok('GET', `/api/v1/prediction/markets/${h.marketId}`)).toMatchObject({ status: 'resolved', finalOutcomeIndex: challenger })

    const loser = (challenger + 1) % 3
    expect(h.call('POST', '/api/v1/prediction/multi-outcome/claims', { marketId: h.marketId, outcomeIndex: loser }).error).toMatchObject({ details: { field: 'outcomeIndex' } })
    const usdcBefore = Number(h.market.balances('alice').USDC!.available)
    expect(h.ok('POST', '/api/v1/prediction/multi-outcome/claims', { marketId: h.marketId, outcomeIndex: challenger })).toMatchObject({ outcomeIndex: challenger, shares: 30, payoutE6: 30_000_000 })
    expect(Number(h.market.balances('alice').USDC!.available)).toBe(usdcBefore + 30)
    expect(h.ok('POST', '/api/v1/prediction/multi-outcome/claims', { marketId: h.marketId, outcomeIndex: challenger })).toMatchObject({ shares: 0, payoutE6: 0 })
  })

  it('starts with demo markets in every oracle state: proposed, past its challenge period, finalized (binary and multi-outcome)', () => {
    const h = harness()
    expect(h.ok('GET', '/api/v1/prediction/markets/1004/proposal')).toMatchObject({ status: 'proposed', proposedAt: START, challengeDeadline: START + 2 * 60 * MINUTE })
    expect(h.ok('GET', '/api/v1/prediction/markets/1006/proposal')).toMatchObject({ status: 'finalized', finalOutcomeIndex: 1 })
    expect(h.ok('GET', '/api/v1/prediction/markets/1006').status).toBe('resolved')
    expect(h.ok('GET', '/api/v1/prediction/markets/1008')).toMatchObject({ marketType: 'multi_outcome', status: 'resolved', finalOutcomeIndex: 0 })
    const finalizable = h.ok('GET', '/api/v1/prediction/markets/1009/proposal')
    expect(finalizable).toMatchObject({ status: 'proposed', proposedOutcomeIndex: 0 })
    expect(finalizable.challengeDeadline).toBeLessThan(START)
    expect(h.ok('POST', '/api/v1/prediction/oracle/finalizations', { marketId: '1009' })).toMatchObject({ status: 'finalized', finalOutcomeIndex: 0 })
    expect(h.ok('GET', '/api/v1/prediction/markets/1004/oracle-config')).toMatchObject({ challengePeriodMs: 2 * 60 * MINUTE })
  })
})
