/** Prediction routes, open part: discovery, market data, oracle reads; market creation. */
import type { RouteContext } from '../../http/router.ts'
import { fromInteger, toE6 } from '../decimal.ts'
import { notional } from '../engine.ts'
import { Fields } from '../input.ts'
import { bookKey, type MarketStatus, type PredictionMarket } from '../prediction-market.ts'
import { depthLevels, marketView, matchView, orderbookLevels, orderView, outcomesView, proposalView, shares } from '../prediction-views.ts'
import { CLOSING_WINDOW_MS } from '../closing-price.ts'
import { RESOLUTION_SOURCE } from '../oracle.ts'
import { candles, HOUR, pastTrades } from '../prices.ts'
import type { MarketState } from '../state.ts'
import { candleView } from './market-data.ts'
import { type AddRoute, accountOf } from './route.ts'

const STATUSES: readonly MarketStatus[] = ['active', 'closed', 'resolved']
const MARKET_TYPES = ['binary', 'multi_outcome'] as const
const BALANCE_TOLERANCE_E6 = 20_000

export function addPredictionRoutes(add: AddRoute, { prediction: desk, lists, policy }: MarketState): void {
  const view = (market: PredictionMarket, now: number) => marketView(desk, market, now)
  const marketOf = (context: RouteContext) => desk.market(context.params.marketId!)
  const outcomeOf = (context: RouteContext, market: PredictionMarket) => {
    const outcomeIndex = Fields.query(context.query).optionalInteger('outcomeIndex', 0, policy.maxOutcomes - 1) ?? 0
    desk.outcome(market, outcomeIndex)
    return outcomeIndex
  }
  /** A limited, sorted selection of markets as `{ items }`. */
  const selection = (pick: (now: number) => PredictionMarket[]) => (context: RouteContext) => ({
    items: pick(context.now)
      .slice(0, lists.limit(context.query, 20))
      .map((market) => view(market, context.now)),
  })
  const active = (now: number) => desk.list().filter((market) => desk.status(market, now) === 'active')

  add('GET', '/prediction/categories', 'none', () => counted(desk.list().map((market) => market.category)).map(([category, count]) => ({ category, count })))

  add('GET', '/prediction/tags', 'none', (context) =>
    counted(desk.list().flatMap((market) => market.tags))
      .slice(0, lists.limit(context.query, 20))
      .map(([tag, count]) => ({ tag, count })),
  )

  add('GET', '/prediction/markets', 'none', (context) => {
    const query = Fields.query(context.query)
    const status = query.optionalOneOf('status', STATUSES)
    const category = query.optionalString('category')
    const marketType = query.optionalOneOf('marketType', MARKET_TYPES)
    const tag = query.optionalString('tag')
    const markets = desk
      .list()
      .filter((market) => (status === undefined || desk.status(market, context.now) === status) && (category === undefined || market.category === category) && (marketType === undefined || market.marketType === marketType) && (tag === undefined || market.tags.includes(tag)))
    const page = lists.page(markets, context.query)
    return { ...page, items: page.items.map((market) => view(market, context.now)) }
  })

  add('GET', '/prediction/markets/active', 'none', selection((now) => active(now)))
  add('GET', '/prediction/markets/ending-soon', 'none', selection((now) => active(now).sort((a, b) => a.endTime - b.endTime)))
  add('GET', '/prediction/markets/new', 'none', selection(() => desk.list().sort((a, b) => b.createdAt - a.createdAt)))
  add('GET', '/prediction/markets/trending', 'none', selection((now) => active(now).sort((a, b) => desk.volumeE6(b) - desk.volumeE6(a))))

  add('GET', '/prediction/search', 'none', (context) => {
    const words = Fields.query(context.query).string('q').toLowerCase()
    const found = desk.list().filter((market) => [market.question, market.description, market.category, ...market.tags].some((text) => text.toLowerCase().includes(words)))
    return { items: found.slice(0, lists.limit(context.query, 20)).map((market) => view(market, context.now)) }
  })

  add('POST', '/prediction/markets', 'trade', (context) => {
    const fields = Fields.collect(context.body, ['question', 'description', 'category', 'tags', 'marketType', 'outcomes', 'endTime'])
    const input = {
      question: fields.string('question'),
      description: fields.optionalString('description') ?? '',
      category: fields.string('category'),
      tags: fields.optionalStrings('tags', 10) ?? [],
      marketType: fields.oneOf('marketType', MARKET_TYPES),
      outcomes: fields.optionalStrings('outcomes', policy.maxOutcomes) ?? [],
      endTime: fields.integer('endTime', 0, Number.MAX_SAFE_INTEGER),
    }
    fields.done()
    return view(desk.createMarket(accountOf(context), input, context.now), context.now)
  })

  add('POST', '/prediction/markets/batch-prices', 'none', (context) => {
    const ids = Fields.body(context.body, ['marketIds']).ids('marketIds', policy.maxBatch)
    const markets = ids.flatMap((id) => desk.find(id) ?? [])
    return {
      prices: markets.map((market) => {
        const outcomes = outcomesView(desk, market)
        const binary = market.marketType === 'binary' ? { yesPriceE6: outcomes[0]!.priceE6, noPriceE6: outcomes[1]!.priceE6 } : {}
        return { marketId: market.marketId, marketType: market.marketType, outcomes, ...binary, updatedAt: context.now }
      }),
    }
  })

  add('GET', '/prediction/markets/:marketId', 'none', (context) => view(marketOf(context), context.now))

  add('GET', '/prediction/markets/:marketId/all-depths', 'none', (context) => {
    const market = marketOf(context)
    return market.outcomes.map((_, outcomeIndex) => {
      const book = desk.venue.book(bookKey(market.marketId, outcomeIndex))
      return { outcomeIndex, bids: depthLevels(book.levels('buy', 20)), asks: depthLevels(book.levels('sell', 20)) }
    })
  })

  add('GET', '/prediction/markets/:marketId/depth', 'none', (context) => {
    const market = marketOf(context)
    const outcomeIndex = outcomeOf(context, market)
    const book = desk.venue.book(bookKey(market.marketId, outcomeIndex))
    return { marketId: market.marketId, outcomeIndex, bids: depthLevels(book.levels('buy', 20)), asks: depthLevels(book.levels('sell', 20)), timestamp: context.now }
  })

  add('GET', '/prediction/markets/:marketId/orderbook', 'none', (context) => {
    const market = marketOf(context)
    const outcomeIndex = outcomeOf(context, market)
    const book = desk.venue.book(bookKey(market.marketId, outcomeIndex))
    return { marketId: market.marketId, marketType: market.marketType, outcomeIndex, bids: orderbookLevels(book.levels('buy', 50)), asks: orderbookLevels(book.levels('sell', 50)), lastUpdated: context.now }
  })

  add('GET', '/prediction/markets/:marketId/klines', 'none', (context) => {
    const market = marketOf(context)
    return candles(desk.candleSource(market, outcomeOf(context, market), context.now), context.query, context.now).map(candleView)
  })

  add('GET', '/prediction/markets/:marketId/price-history', 'none', (context) => {
    const market = marketOf(context)
    const source = desk.candleSource(market, outcomeOf(context, market), context.now)
    const limit = lists.limit(context.query, 100, 1000)
    const newest = Math.floor(context.now / HOUR) * HOUR
    return Array.from({ length: limit }, (_, index) => newest - (limit - 1 - index) * HOUR).map((timestamp) => ({ timestamp, priceE6: toE6(source.priceAt(timestamp)) }))
  })

  add('GET', '/prediction/markets/:marketId/orders', 'none', (context) => {
    const market = marketOf(context)
    const orders = desk.ordersOn(market.marketId)
    return {
      items: orders.slice(-lists.limit(context.query, 50)).reverse().map((order) => {
        const { clientOrderId: _client, ...publicView } = orderView(desk, order)
        return publicView
      }),
    }
  })

  add('GET', '/prediction/markets/:marketId/outcomes', 'none', (context) => {
    const market = marketOf(context)
    return outcomesView(desk, market).map((outcome) => ({ ...outcome, probability: outcome.priceE6 / 1_000_000, winner: market.finalOutcomeIndex === null ? null : market.finalOutcomeIndex === outcome.outcomeIndex }))
  })

  add('GET', '/prediction/markets/:marketId/price-balance', 'none', (context) => {
    const outcomes = outcomesView(desk, marketOf(context))
    const sumPriceE6 = outcomes.reduce((total, outcome) => total + outcome.priceE6, 0)
    return { marketId: context.params.marketId, sumPriceE6, balanced: Math.abs(sumPriceE6 - 1_000_000) <= BALANCE_TOLERANCE_E6, toleranceE6: BALANCE_TOLERANCE_E6, outcomes }
  })

  add('GET', '/prediction/markets/:marketId/stats', 'none', (context) => {
    const market = marketOf(context)
    const trades = desk.trades(market)
    return {
      marketId: market.marketId,
      totalVolumeE6: desk.volumeE6(market),
      volume24hE6: toE6(notional(trades.filter((trade) => trade.createdAt > context.now - 24 * HOUR))),
      totalTrades: trades.length,
      openInterestE6: desk.openInterestE6(market),
      outcomes: outcomesView(desk, market),
      status: desk.status(market, context.now),
    }
  })

  add('GET', '/prediction/markets/:marketId/trades', 'none', (context) => {
    const market = marketOf(context)
    const limit = lists.limit(context.query, 50, 500)
    const own = desk.trades(market).map((trade) => ({ ...matchView(trade), tradeId: trade.tradeId }))
    const history = market.outcomes.flatMap((_, outcomeIndex) =>
      pastTrades(desk.candleSource(market, outcomeIndex, context.now), fromInteger(1), limit, Math.min(context.now, market.endTime)).map((trade) => ({
        tradeId: trade.tradeId,
        matchId: trade.tradeId,
        marketId: market.marketId,
        outcomeIndex,
        takerSide: trade.side === 'buy' ? 0 : 1,
        priceE6: toE6(trade.price),
        amount: shares(trade.size),
        createdAt: trade.timestamp,
      })),
    )
    return [...own, ...history].sort((a, b) => b.createdAt - a.createdAt).slice(0, limit)
  })

  add('GET', '/prediction/markets/:marketId/match-stats', 'none', (context) => {
    const market = marketOf(context)
    const trades = desk.trades(market)
    return {
      marketId: market.marketId,
      totalMatches: trades.length,
      matchedVolumeE6: toE6(notional(trades)),
      lastMatchAt: trades[0]?.createdAt ?? null,
      outcomes: market.outcomes.map((_, outcomeIndex) => ({ outcomeIndex, matches: trades.filter((trade) => trade.market === bookKey(market.marketId, outcomeIndex)).length })),
    }
  })

  add('GET', '/prediction/markets/:marketId/oracle-config', 'none', (context) => ({
    marketId: marketOf(context).marketId,
    challengePeriodMs: desk.oracle.challengePeriodMs,
    bondE6: desk.oracle.bondE6,
    maxChallengeRounds: desk.oracle.maxRounds,
    proposalRule: { kind: 'time-weighted-price', windowMs: CLOSING_WINDOW_MS, excludesSelfTrades: true },
    resolutionSource: RESOLUTION_SOURCE,
    sources: ['llm-research', 'community-challenge'],
    resolver: 'optimistic-oracle',
  }))

  add('GET', '/prediction/markets/:marketId/proposal', 'none', (context) => proposalView(desk.oracle, marketOf(context)))

  add('GET', '/prediction/markets/:marketId/research', 'none', (context) => {
    const market = marketOf(context)
    const leader = outcomesView(desk, market).reduce((best, outcome) => (outcome.priceE6 > best.priceE6 ? outcome : best))
    return {
      marketId: market.marketId,
      status: 'available',
      summary: `Market consensus favours "${leader.label}" at ${leader.priceE6 / 10_000}%. This research is generated by the reference exchange for testing.`,
      recommendedOutcomeIndex: leader.outcomeIndex,
      confidence: leader.priceE6 / 1_000_000,
      sources: [{ title: `Reference data for market ${market.marketId}`, url: `https://example.invalid/markets/${market.marketId}` }],
      generatedAt: market.createdAt,
    }
  })
}

/** Values with how often each occurs, most frequent first (ties by name). */
function counted(values: readonly string[]): [string, number][] {
  const counts = new Map<string, number>()
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1)
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
}
