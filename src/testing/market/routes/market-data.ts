/** Open market-data routes perp and spot share: markets, klines, order book, ticker, trades. */
import { type Decimal, dec, div, floorTo, formatDecimal, max, min } from '../decimal.ts'
import { MAKER_FEE_RATE, TAKER_FEE_RATE, type TradingMarket } from '../demo-data.ts'
import { Fields } from '../input.ts'
import type { MarketBoard } from '../market-board.ts'
import type { Lists } from '../pages.ts'
import { type Candle, candles, pastTrades } from '../prices.ts'
import { bookView, publicTrades } from '../trade-views.ts'
import type { OrderVenue } from '../venue.ts'
import type { AddRoute } from './route.ts'

const HUNDREDTH = dec('0.01')

export interface MarketDataSource<M extends TradingMarket> {
  board: MarketBoard<M>
  venue: OrderVenue
  lists: Lists
  /** Fields only this area's markets have (perp: leverage, funding). */
  marketExtras(market: M): Record<string, unknown>
  tickerExtras(market: M, now: number): Record<string, unknown>
}

export function addMarketDataRoutes<M extends TradingMarket>(add: AddRoute, area: 'perp' | 'spot', source: MarketDataSource<M>): void {
  const { board, venue, lists } = source
  const marketView = (market: M) => ({
    symbol: market.symbol,
    baseAsset: market.baseAsset,
    quoteAsset: market.quoteAsset,
    status: 'active',
    tickSize: formatDecimal(market.tickSize),
    stepSize: formatDecimal(market.stepSize),
    minOrderSize: formatDecimal(market.minOrderSize),
    makerFeeRate: formatDecimal(MAKER_FEE_RATE),
    takerFeeRate: formatDecimal(TAKER_FEE_RATE),
    ...source.marketExtras(market),
  })
  const base = `/${area}/markets`

  add('GET', base, 'none', () => board.list().map(marketView))
  add('GET', `${base}/:market`, 'none', (context) => marketView(board.get(context.params.market!)))

  add('GET', `${base}/:market/klines`, 'none', (context) => candles(board.candleSource(board.get(context.params.market!).symbol), context.query, context.now).map(candleView))

  add('GET', `${base}/:market/orderbook`, 'none', (context) => {
    const market = board.get(context.params.market!)
    const depth = Fields.query(context.query).optionalInteger('depth', 1, 100) ?? 20
    return bookView(market.symbol, venue.book(market.symbol), depth, context.now)
  })

  add('GET', `${base}/:market/ticker`, 'none', (context) => {
    const market = board.get(context.params.market!)
    const day = candles(board.candleSource(market.symbol), new URLSearchParams({ interval: '1h', limit: '24' }), context.now)
    const last = venue.trades(market.symbol)[0]?.price ?? board.reference(market.symbol, context.now)
    const open = day[0]!.open
    const book = venue.book(market.symbol)
    return {
      market: market.symbol,
      lastPrice: formatDecimal(last),
      bestBid: optional(book.best('buy')?.price),
      bestAsk: optional(book.best('sell')?.price),
      open24h: formatDecimal(open),
      high24h: formatDecimal(day.reduce((high, candle) => max(high, candle.high), last)),
      low24h: formatDecimal(day.reduce((low, candle) => min(low, candle.low), last)),
      volume24h: formatDecimal(day.reduce((total, candle) => total + candle.volume, 0n)),
      change24h: formatDecimal(last - open),
      changePercent24h: formatDecimal(floorTo(div((last - open) * 100n, open), HUNDREDTH)),
      ...source.tickerExtras(market, context.now),
      timestamp: context.now,
    }
  })

  add('GET', `${base}/:market/trades`, 'none', (context) => {
    const market = board.get(context.params.market!)
    const limit = lists.limit(context.query, 50, 500)
    return publicTrades(market.symbol, venue.trades(market.symbol), pastTrades(board.candleSource(market.symbol), market.stepSize, limit, context.now), limit)
  })
}

export function candleView(candle: Candle): Record<string, unknown> {
  return {
    openTime: candle.openTime,
    open: formatDecimal(candle.open),
    high: formatDecimal(candle.high),
    low: formatDecimal(candle.low),
    close: formatDecimal(candle.close),
    volume: formatDecimal(candle.volume),
    closeTime: candle.closeTime,
  }
}

function optional(value: Decimal | undefined): string | null {
  return value === undefined ? null : formatDecimal(value)
}
