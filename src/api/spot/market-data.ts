import * as v from 'valibot'
import { marketDataOperations, type KlinesInput, type Market, type OrderBook, type OrderbookInput, type Ticker, type Trade, type TradesInput } from '../common/market-data.ts'
import { operation, type Operation } from '../operation.ts'
import { tokenSymbol, type MarketInput, type PatternSchema } from '../schemas.ts'
import type * as schemas from './responses.ts'
import type { Kline } from '../response-shapes.ts'

export interface Token extends v.InferOutput<typeof schemas.tokenSchema> {}

export type SpotMarket = Market
export type SpotTicker = Ticker

const tokenInput: v.StrictObjectSchema<{
  readonly symbol: PatternSchema
}, undefined> = v.strictObject({ symbol: tokenSymbol })
export interface TokenInput extends v.InferInput<typeof tokenInput> {}

/** Spot Market Data: open, no credential. Symbols are `<BASE>-<QUOTE>`. */
export const spotMarketDataOperations: {
  listMarkets: Operation<undefined, SpotMarket[]>
  getMarket: Operation<MarketInput, SpotMarket>
  listKlines: Operation<KlinesInput, Kline[]>
  getOrderbook: Operation<OrderbookInput, OrderBook>
  getTicker: Operation<MarketInput, SpotTicker>
  listTrades: Operation<TradesInput, Trade[]>
  listTokens: Operation<undefined, Token[]>
  getToken: Operation<TokenInput, Token>
} = {
  ...marketDataOperations<SpotMarket, SpotTicker>('spot', 'ETH-USDC'),
  listTokens: operation<Token[]>({
    method: 'GET', path: '/api/v1/spot/tokens', auth: 'none', effect: 'public', source: 'spec',
    summary: 'Every spot token',
  }),
  getToken: operation<Token, TokenInput>({
    method: 'GET', path: '/api/v1/spot/tokens/:symbol', auth: 'none', effect: 'public', source: 'spec',
    summary: 'One spot token', input: tokenInput, example: { symbol: 'ETH' },
  }),
}
