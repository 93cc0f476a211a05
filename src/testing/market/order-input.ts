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

/** The body fields of a spot order; a perp order also takes reduceOnly and leverage. Spot has no position to reduce. */
export const SPOT_ORDER_FIELDS = ['market', 'side', 'type', 'size', 'price', 'clientOrderId', 'timeInForce', 'postOnly'] as const
export const PERP_ORDER_FIELDS = [...SPOT_ORDER_FIELDS, 'reduceOnly', 'leverage'] as const
/** The fields every order must have (a limit order's price is checked with its type). */
export const REQUIRED_ORDER_FIELDS = ['market', 'side', 'type', 'size'] as const

const SIDES: readonly Side[] = ['buy', 'sell']
const ORDER_TYPES: readonly OrderType[] = ['limit', 'market']
const TIMES_IN_FORCE: readonly TimeInForce[] = ['GTC', 'IOC', 'FOK']

/**
 * Reads every field first (a collecting `Fields` notes each fault), then `done()` answers all of
 * them at once; only then are the values combined and checked against the market.
 */
export function readTradeOrder<M extends TradingMarket>(fields: Fields, board: MarketBoard<M>): TradeOrderInput<M> {
  // While collecting, a faulty field reads as undefined (a missing market is already noted).
  const symbol: string | undefined = fields.string('market')
  const market = fields.check(() => (symbol === undefined ? undefined : board.field(symbol))) as M
  const side = fields.oneOf('side', SIDES)
  const type = fields.oneOf('type', ORDER_TYPES)
  const size = fields.decimal('size')
  // A market order's price would be ignored: refused, so a caller never believes it was applied.
  const price = type === 'limit' ? fields.decimal('price') : type === 'market' ? undefined : fields.optionalDecimal('price')
  const timeInForce = fields.optionalOneOf('timeInForce', TIMES_IN_FORCE)
  const postOnly = fields.optionalBoolean('postOnly') ?? false
  const reduceOnly = fields.optionalBoolean('reduceOnly') ?? false
  const clientOrderId = fields.clientOrderId()
  fields.done()
  if (type === 'market' && fields.has('price')) throw invalidParams('price', 'a market order takes no price; send a limit order to set one')
  board.checkGrid(market, size, price)
  const inForce = timeInForce ?? (type === 'market' ? 'IOC' : 'GTC')
  if (postOnly && (type !== 'limit' || inForce !== 'GTC')) throw invalidParams('postOnly', 'postOnly needs a GTC limit order')
  return { market, side, type, price, size, timeInForce: inForce, postOnly, reduceOnly, clientOrderId }
}
