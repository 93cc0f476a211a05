/** Prediction routes, account part: the activity feeds, my data, orders, complete sets, claims, oracle writes. */
import type { RouteContext } from '../../http/router.ts'
import { toE6 } from '../decimal.ts'
import { notional } from '../engine.ts'
import { invalidPrice } from '../errors.ts'
import { Fields } from '../input.ts'
import type { Lists } from '../pages.ts'
import type { PredictionDesk, PredictionOrderInput } from '../prediction.ts'
import { bookOf, type MarketType } from '../prediction-market.ts'
import { fillView, matchView, orderView, placementView, positionRow, proposalView, shares } from '../prediction-views.ts'
import type { MarketState } from '../state.ts'
import { isOpen } from '../venue.ts'
import { type AddRoute, accountOf } from './route.ts'

const MAX_AMOUNT = 1_000_000_000

export function addPredictionTradingRoutes(add: AddRoute, { prediction: desk, lists, policy }: MarketState): void {
  const lastOutcome = policy.maxOutcomes - 1
  addFeeds(add, desk, lists)
  addMine(add, desk, lists)

  for (const [prefix, route] of [['/prediction', 'binary'], ['/prediction/multi-outcome', 'multi_outcome']] as const) {
    add('POST', `${prefix}/orders`, 'trade', (context) => placementView(desk, desk.place(accountOf(context), route, readPredictionOrder(Fields.collect(context.body, PREDICTION_ORDER_FIELDS, PREDICTION_ORDER_FIELDS.slice(0, 5)), lastOutcome), context.now)))
    addSets(add, desk, prefix, route, lastOutcome)
  }

  add('POST', '/prediction/orders/cancel', 'trade', (context) => {
    const fields = Fields.body(context.body, ['marketId', 'orderId'], ['marketId', 'orderId'])
    const accountId = accountOf(context)
    const order = desk.order(accountId, fields.id('marketId'), fields.id('orderId'))
    desk.venue.cancel(accountId, order.id, context.now)
    return { txSignature: desk.newTxSignature(), orderId: order.id, status: 'cancelled' }
  })

  add('POST', '/prediction/orders/batch-cancel', 'trade', (context) => {
    const fields = Fields.body(context.body, ['marketId', 'orderIds'], ['marketId', 'orderIds'])
    const accountId = accountOf(context)
    const marketId = desk.market(fields.id('marketId')).marketId
    const ids = fields.ids('orderIds', policy.maxBatch).filter((orderId) => desk.venue.ordersOf(accountId).some((order) => order.id === orderId && bookOf(order).marketId === marketId))
    const cancelled = desk.venue.cancelMany(accountId, ids, context.now)
    return { cancelledCount: cancelled.length, orderIds: cancelled }
  })

  add('POST', '/prediction/orders/cancel-all', 'trade', (context) => {
    const fields = Fields.body(context.body ?? {}, ['marketId'])
    const marketId = fields.has('marketId') ? desk.market(fields.id('marketId')).marketId : undefined
    const cancelled = desk.cancelAll(accountOf(context), marketId, context.now)
    return { cancelledCount: cancelled.length, orderIds: cancelled }
  })

  add('POST', '/prediction/oracle/challenges', 'trade', (context) => {
    const fields = Fields.collect(context.body, ['marketId', 'outcomeIndex', 'evidenceHash'])
    const [marketId, outcomeIndex, evidenceHash] = [fields.id('marketId'), fields.integer('outcomeIndex', 0, lastOutcome), fields.optionalString('evidenceHash')]
    fields.done()
    desk.challenge(accountOf(context), marketId, outcomeIndex, evidenceHash, context.now)
    return { txSignature: desk.newTxSignature(), ...proposalView(desk.oracle, desk.market(marketId)) }
  })

  add('POST', '/prediction/oracle/finalizations', 'trade', (context) => {
    const market = desk.finalize(Fields.body(context.body, ['marketId']).id('marketId'), context.now)
    return { txSignature: desk.newTxSignature(), marketId: market.marketId, status: 'finalized', finalOutcomeIndex: market.finalOutcomeIndex, finalizedAt: market.resolvedAt }
  })
}

/** Mint, redeem and claim on one route family (binary or multi-outcome). */
function addSets(add: AddRoute, desk: PredictionDesk, prefix: string, route: MarketType, lastOutcome: number): void {
  /** The set's fields, every fault of them answered at once. */
  const read = <T>(context: RouteContext, known: readonly string[], more: (fields: Fields) => T) => {
    const fields = Fields.collect(context.body, known)
    const values = { accountId: accountOf(context), marketId: fields.id('marketId'), more: more(fields) }
    fields.done()
    return values
  }
  const amountOf = (fields: Fields) => fields.integer('amount', 1, MAX_AMOUNT)

  add('POST', `${prefix}/mints`, 'trade', (context) => {
    const { accountId, marketId, more: amount } = read(context, ['marketId', 'amount'], amountOf)
    const market = desk.mint(accountId, route, marketId, amount, context.now)
    return { txSignature: desk.newTxSignature(), marketId, amount, costE6: amount * 1_000_000, outcomes: market.outcomes.map((outcome, outcomeIndex) => ({ outcomeIndex, label: outcome.label, shares: amount })) }
  })

  add('POST', `${prefix}/redemptions`, 'trade', (context) => {
    const { accountId, marketId, more: amount } = read(context, ['marketId', 'amount'], amountOf)
    desk.redeem(accountId, route, marketId, amount, context.now)
    return { txSignature: desk.newTxSignature(), marketId, amount, payoutE6: amount * 1_000_000 }
  })

  add('POST', `${prefix}/claims`, 'trade', (context) => {
    const { accountId, marketId, more: outcomeIndex } = read(context, route === 'multi_outcome' ? ['marketId', 'outcomeIndex'] : ['marketId'], (fields) => (route === 'multi_outcome' ? fields.integer('outcomeIndex', 0, lastOutcome) : undefined))
    const claimed = desk.claim(accountId, route, marketId, outcomeIndex, context.now)
    return { txSignature: desk.newTxSignature(), marketId, outcomeIndex: claimed.outcomeIndex, shares: shares(claimed.shares), payoutE6: toE6(claimed.shares) }
  })
}

/** Public feeds: the activity of all markets and the global match history. */
function addFeeds(add: AddRoute, desk: PredictionDesk, lists: Lists): void {
  // The newest matches of every market, kept bounded as they happen (no walk over every market).
  const allTrades = () => [...desk.recentTrades()].reverse()

  add('GET', '/prediction/activity', 'none', (context) => {
    const trades = allTrades().map((trade) => ({ type: 'trade', ...matchView(trade), timestamp: trade.createdAt }))
    const events = desk.events().filter((event) => event.timestamp <= context.now)
    const items = [...trades, ...events].sort((a, b) => b.timestamp - a.timestamp)
    return { items: items.slice(0, lists.limit(context.query, 50)) }
  })

  add('GET', '/prediction/matches', 'none', (context) => ({
    items: allTrades()
      .sort((a, b) => b.createdAt - a.createdAt)
      .slice(0, lists.limit(context.query, 50))
      .map(matchView),
  }))
}

/** The caller's own prediction data (page lists). */
function addMine(add: AddRoute, desk: PredictionDesk, lists: Lists): void {
  const marketFilter = (context: RouteContext) => Fields.query(context.query).optionalString('marketId')
  const fills = (context: RouteContext) => {
    const marketId = marketFilter(context)
    return desk.venue.fillsOf(accountOf(context)).filter((fill) => marketId === undefined || fill.market.startsWith(`${marketId}:`))
  }

  add('GET', '/prediction/me/orders', 'read', (context) => {
    const marketId = marketFilter(context)
    const clientOrderId = Fields.query(context.query).optionalString('clientOrderId')
    const orders = desk.venue.ordersOf(accountOf(context)).filter((order) => (marketId === undefined || bookOf(order).marketId === marketId) && (clientOrderId === undefined || order.clientOrderId === clientOrderId))
    return lists.page(
      orders.map((order) => orderView(desk, order)),
      context.query,
    )
  })

  add('GET', '/prediction/me/trades', 'read', (context) => lists.page(fills(context).map(fillView), context.query))

  add('GET', '/prediction/me/matches', 'read', (context) =>
    lists.page(
      fills(context).map((fill) => {
        const { tradeId, ...rest } = fillView(fill)
        return { matchId: tradeId, ...rest }
      }),
      context.query,
    ),
  )

  add('GET', '/prediction/me/positions', 'read', (context) => {
    const query = Fields.query(context.query)
    const activeOnly = query.optionalBoolean('activeOnly') ?? false
    const marketId = query.optionalString('marketId')
    const rows = desk.positionsOf(accountOf(context)).filter((row) => (marketId === undefined || row.market.marketId === marketId) && (!activeOnly || row.shares > 0n))
    return lists.page(
      rows.map((row) => positionRow(desk, row, context.now)),
      context.query,
    )
  })

  add('GET', '/prediction/me/stats', 'read', (context) => {
    const accountId = accountOf(context)
    const mine = desk.venue.fillsOf(accountId)
    const rows = desk.positionsOf(accountId)
    const pnl = rows.reduce((total, row) => total + row.realized + row.value - row.cost, 0n)
    const volume = notional(mine)
    return {
      totalTrades: mine.length,
      totalVolumeE6: toE6(volume),
      totalPnlE6: toE6(pnl),
      activePositions: rows.filter((row) => row.shares > 0n).length,
      activeOrders: desk.venue.ordersOf(accountId).filter(isOpen).length,
      marketsParticipated: new Set(rows.map((row) => row.market.marketId)).size,
    }
  })
}

/** The body of a prediction order: the first five are required. */
const PREDICTION_ORDER_FIELDS = ['marketId', 'side', 'outcomeIndex', 'priceE6', 'amount', 'orderType', 'clientOrderId', 'leverage', 'marginMode']
/** The most leverage a prediction order may name: the real service's user documents say up to 10x. */
const MAX_PREDICTION_LEVERAGE = 10

/** A prediction order body: priceE6 off the 0.1-cent grid in [1000, 999000] is REQ_INVALID_PRICE. */
function readPredictionOrder(fields: Fields, lastOutcome: number): PredictionOrderInput {
  const marketId = fields.id('marketId')
  const side = fields.integer('side', 0, 1) as 0 | 1
  const outcomeIndex = fields.integer('outcomeIndex', 0, lastOutcome)
  const priceE6 = fields.integer('priceE6', Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER)
  const amount = fields.integer('amount', 1, MAX_AMOUNT)
  const orderType = fields.optionalInteger('orderType', 0, 3) ?? 0
  // Checked, then not applied: this exchange's prediction orders are paid in full (docs/reference-exchange.md).
  fields.optionalInteger('leverage', 1, MAX_PREDICTION_LEVERAGE)
  fields.optionalOneOf('marginMode', ['cross', 'isolated'])
  const clientOrderId = fields.clientOrderId()
  fields.done()
  if (priceE6 % 1000 !== 0 || priceE6 < 1000 || priceE6 > 999_000) throw invalidPrice('priceE6 must be a multiple of 1000 in [1000, 999000]')
  return { marketId, side, outcomeIndex, priceE6, amount, orderType, clientOrderId }
}
