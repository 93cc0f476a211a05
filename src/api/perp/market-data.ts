import * as v from 'valibot'
import { marketDataOperations, type KlinesInput, type OrderBook, type OrderbookInput, type Trade, type TradesInput } from '../common/market-data.ts'
import { operation, type Operation } from '../operation.ts'
import { integer, marketInput, marketSymbol, type IntegerSchema, type MarketInput, type PatternSchema } from '../schemas.ts'
import type * as schemas from './responses.ts'
import type { Kline } from '../response-shapes.ts'

export interface PerpMarket extends v.InferOutput<typeof schemas.perpMarketSchema> {}
export interface PerpTicker extends v.InferOutput<typeof schemas.perpTickerSchema> {}
export interface FundingRate extends v.InferOutput<typeof schemas.fundingRateSchema> {}
export interface InsuranceFund extends v.InferOutput<typeof schemas.insuranceFundSchema> {}
export interface MarkPrice extends v.InferOutput<typeof schemas.markPriceSchema> {}
export interface IndexPrice extends v.InferOutput<typeof schemas.indexPriceSchema> {}
export interface OpenInterest extends v.InferOutput<typeof schemas.openInterestSchema> {}

const fundingHistoryInput: v.StrictObjectSchema<{
  readonly market: PatternSchema
  readonly limit: v.OptionalSchema<IntegerSchema, undefined>
}, undefined> = v.strictObject({ market: marketSymbol, limit: v.optional(integer(1)) })
export interface FundingHistoryInput extends v.InferInput<typeof fundingHistoryInput> {}

const market = 'BTC-USDC'

/** Perp Market Data: open, no credential. */
export const perpMarketDataOperations: {
  listMarkets: Operation<undefined, PerpMarket[]>
  getMarket: Operation<MarketInput, PerpMarket>
  listKlines: Operation<KlinesInput, Kline[]>
  getOrderbook: Operation<OrderbookInput, OrderBook>
  getTicker: Operation<MarketInput, PerpTicker>
  listTrades: Operation<TradesInput, Trade[]>
  getInsuranceFund: Operation<undefined, InsuranceFund>
  listFundingRateHistory: Operation<FundingHistoryInput, FundingRate[]>
  getFundingRate: Operation<MarketInput, FundingRate>
  getIndexPrice: Operation<MarketInput, IndexPrice>
  getMarkPrice: Operation<MarketInput, MarkPrice>
  getOpenInterest: Operation<MarketInput, OpenInterest>
} = {
  getInsuranceFund: operation<InsuranceFund>({
    method: 'GET', path: '/api/v1/perp/insurance-fund', auth: 'none', effect: 'public', source: 'spec', summary: 'Insurance fund balance',
  }),
  ...marketDataOperations<PerpMarket, PerpTicker>('perp', market),
  listFundingRateHistory: operation<FundingRate[], FundingHistoryInput>({
    method: 'GET', path: '/api/v1/perp/markets/:market/funding-history', auth: 'none', effect: 'public', source: 'spec',
    summary: 'Past funding rates of a market', input: fundingHistoryInput, example: { market, limit: 10 },
  }),
  getFundingRate: operation<FundingRate, MarketInput>({
    method: 'GET', path: '/api/v1/perp/markets/:market/funding-rate', auth: 'none', effect: 'public', source: 'spec',
    summary: 'Current funding rate', input: marketInput, example: { market },
  }),
  getIndexPrice: operation<IndexPrice, MarketInput>({
    method: 'GET', path: '/api/v1/perp/markets/:market/index-price', auth: 'none', effect: 'public', source: 'spec',
    summary: 'Index price', input: marketInput, example: { market },
  }),
  getMarkPrice: operation<MarkPrice, MarketInput>({
    method: 'GET', path: '/api/v1/perp/markets/:market/mark-price', auth: 'none', effect: 'public', source: 'spec',
    summary: 'Mark price', input: marketInput, example: { market },
  }),
  getOpenInterest: operation<OpenInterest, MarketInput>({
    method: 'GET', path: '/api/v1/perp/markets/:market/open-interest', auth: 'none', effect: 'public', source: 'spec',
    summary: 'Open interest', input: marketInput, example: { market },
  }),
}
