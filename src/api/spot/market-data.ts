import * as v from 'valibot'
import { marketDataOperations, type Market, type Ticker } from '../common/market-data.ts'
import { operation } from '../operation.ts'
import { tokenSymbol } from '../schemas.ts'
import type * as schemas from './responses.ts'

export interface Token extends v.InferOutput<typeof schemas.tokenSchema> {}

export type SpotMarket = Market
export type SpotTicker = Ticker

const tokenInput = v.strictObject({ symbol: tokenSymbol })
export interface TokenInput extends v.InferInput<typeof tokenInput> {}

/** Spot Market Data: open, no credential. Symbols are `<BASE>-<QUOTE>`. */
export const spotMarketDataOperations = {
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
