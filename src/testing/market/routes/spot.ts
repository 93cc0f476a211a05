/** Spot routes: market data, tokens, orders, balances, history. */
import { formatDecimal, mul } from '../decimal.ts'
import { type Token, TOKENS } from '../demo-data.ts'
import { notFound } from '../errors.ts'
import { readTradeOrder, SPOT_ORDER_FIELDS } from '../order-input.ts'
import type { MarketState } from '../state.ts'
import { addMarketDataRoutes } from './market-data.ts'
import { addOrderRoutes } from './orders.ts'
import { type AddRoute, accountOf } from './route.ts'

export function addSpotRoutes(add: AddRoute, market: MarketState): void {
  const { spot, ledger } = market
  const { board } = spot
  const token = (symbol: string): Token => {
    const found = TOKENS.find((candidate) => candidate.symbol === symbol)
    if (!found) throw notFound(`unknown token ${symbol}`)
    return found
  }
  const tokenView = (found: Token, now: number) => ({ ...found, status: 'active', usdPrice: formatDecimal(spot.usdPrice(found.symbol, now)) })
  const balanceView = (accountId: string, symbol: string, now: number) => {
    const { available, locked } = ledger.peek(accountId, symbol)
    return { token: symbol, available: formatDecimal(available), locked: formatDecimal(locked), total: formatDecimal(available + locked), usdValue: formatDecimal(mul(available + locked, spot.usdPrice(symbol, now))) }
  }

  addMarketDataRoutes(add, 'spot', { board, venue: spot.venue, lists: market.lists, marketExtras: () => ({}), tickerExtras: () => ({}) })

  add('GET', '/spot/tokens', 'none', (context) => TOKENS.map((found) => tokenView(found, context.now)))
  add('GET', '/spot/tokens/:symbol', 'none', (context) => tokenView(token(context.params.symbol!), context.now))

  addOrderRoutes(
    add,
    'spot',
    {
      venue: spot.venue,
      perp: false,
      fields: SPOT_ORDER_FIELDS,
      read: (fields) => readTradeOrder(fields, board),
      place: (accountId, input, now) => spot.place(accountId, input, now),
      checkChange: (order, price, size) => board.checkGrid(board.get(order.market), size ?? order.size, price),
      symbol: (text) => board.canonical(text),
    },
    market,
  )

  add('GET', '/spot/balances', 'read', (context) => TOKENS.map((found) => balanceView(accountOf(context), found.symbol, context.now)))
  add('GET', '/spot/balances/:token', 'read', (context) => balanceView(accountOf(context), token(context.params.token!).symbol, context.now))
}
