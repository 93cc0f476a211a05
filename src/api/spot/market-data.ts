import * as v from 'valibot'
import { marketDataOperations, type Market, type Ticker } from '../common/market-data.ts'
import { operation } from '../operation.ts'
import { tokenSymbol } from '../schemas.ts'
import type * as schemas from './responses.ts'
import type { Operation } from '../operation.ts'
import type { MarketInput } from '../schemas.ts'
import type { KlinesInput, OrderBook, OrderbookInput, Trade, TradesInput } from '../common/market-data.ts'

export interface Token extends v.InferOutput<typeof schemas.tokenSchema> {}

export type SpotMarket = Market
export type SpotTicker = Ticker

const tokenInput: v.StrictObjectSchema<{
  readonly symbol: v.SchemaWithPipe<readonly [v.StringSchema<string>, v.RegexAction<string, string>]>;
}, undefined> = v.strictObject({ symbol: tokenSymbol })
export interface TokenInput extends v.InferInput<typeof tokenInput> {}

/** Spot Market Data: open, no credential. Symbols are `<BASE>-<QUOTE>`. */
export const spotMarketDataOperations: {
  listMarkets: Operation<undefined, Market[]>;
  getMarket: Operation<MarketInput, Market>;
  listKlines: Operation<KlinesInput, {
    openTime: number;
    open: string;
    high: string;
    low: string;
    close: string;
    volume: string;
    closeTime: number;
  }[]>;
  getOrderbook: Operation<OrderbookInput, OrderBook>;
  getTicker: Operation<MarketInput, Ticker>;
  listTrades: Operation<TradesInput, Trade[]>;
  listTokens: Operation<undefined, Token[]>;
  getToken: Operation<TokenInput, Token>;
} = {
  ...marketDataOperations<SpotMarket, SpotTicker>('spot', 'ETH-USDC'),
  listTokens: operation<Token[]>({
    method: 'GET', path: '/api/v1/spot/tokens', auth: 'none', source: 'spec',
    summary: 'Every spot token',
  }),
  getToken: operation<Token, TokenInput>({
    method: 'GET', path: '/api/v1/spot/tokens/:symbol', auth: 'none', source: 'spec',
    summary: 'One spot token', input: tokenInput, example: { symbol: 'ETH' },
  }),
}
