/** Reading a perp or spot order body (camelCase) against its market's rules. */
import type { Side } from './book.ts'
import type { TradingMarket } from './demo-data.ts'
import { invalidParams } from './errors.ts'
import type { Fields } from './input.ts'
import type { MarketBoard } from './market-board.ts'
import type { OrderRequest, OrderType, TimeInForce } from './venue.ts'

/** An order request before it has an account and a leverage: the market is the market's rules. */
export interface TradeOrderInput<M extends TradingMarket> extends Omit<OrderRequest, 'accountId' | 'market' | 'leverage' | 'source'> {
  market: M
}

const SIDES: readonly Side[] = ['buy', 'sell']
const ORDER_TYPES: readonly OrderType[] = ['limit', 'market']
const TIMES_IN_FORCE: readonly TimeInForce[] = ['GTC', 'IOC', 'FOK']

export function readTradeOrder<M extends TradingMarket>(fields: Fields, board: MarketBoard<M>): TradeOrderInput<M> {
  const market = board.field(fields.string('market'))
  const side = fields.oneOf('side', SIDES)
  const type = fields.oneOf('type', ORDER_TYPES)
  const size = fields.decimal('size')
  const price = type === 'limit' ? fields.decimal('price') : undefined
  board.checkGrid(market, size, price)
  const timeInForce = fields.optionalOneOf('timeInForce', TIMES_IN_FORCE) ?? (type === 'market' ? 'IOC' : 'GTC')
  const postOnly = fields.optionalBoolean('postOnly') ?? false
  if (postOnly && (type !== 'limit' || timeInForce !== 'GTC')) throw invalidParams('postOnly', 'postOnly needs a GTC limit order')
  const reduceOnly = fields.optionalBoolean('reduceOnly') ?? false
  return { market, side, type, price, size, timeInForce, postOnly, reduceOnly, clientOrderId: fields.clientOrderId() }
}
