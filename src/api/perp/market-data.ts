import * as v from 'valibot'
import { marketDataOperations, type Market, type Ticker } from '../common/market-data.ts'
import { operation } from '../operation.ts'
import { integer, marketInput, marketSymbol, type MarketInput } from '../schemas.ts'

export interface PerpMarket extends Market {
  maxLeverage: number
}

export interface PerpTicker extends Ticker {
  markPrice: string
  indexPrice: string
}

export interface FundingRate {
  market: string
  fundingRate: string
  /** When the rate applies (history) or next applies (current rate), UTC ms. */
  fundingTime?: number
  nextFundingTime?: number
  [field: string]: unknown
}

export interface InsuranceFund {
  balance: string
  token: string
  [field: string]: unknown
}

export interface MarkPrice {
  market: string
  markPrice: string
  [field: string]: unknown
}

export interface IndexPrice {
  market: string
  indexPrice: string
  [field: string]: unknown
}

export interface OpenInterest {
  market: string
  openInterest: string
  [field: string]: unknown
}

const fundingHistoryInput = v.strictObject({ market: marketSymbol, limit: v.optional(integer(1)) })
export type FundingHistoryInput = v.InferInput<typeof fundingHistoryInput>

const market = 'BTC-USDC'

/** Perp Market Data: open, no credential. */
export const perpMarketDataOperations = {
  getInsuranceFund: operation<InsuranceFund>({
    method: 'GET', path: '/api/v1/perp/insurance-fund', auth: 'none', source: 'spec', summary: 'Insurance fund balance',
  }),
  ...marketDataOperations<PerpMarket, PerpTicker>('perp', market),
  listFundingRateHistory: operation<FundingRate[], FundingHistoryInput>({
    method: 'GET', path: '/api/v1/perp/markets/:market/funding-history', auth: 'none', source: 'spec',
    summary: 'Past funding rates of a market', input: fundingHistoryInput, example: { market, limit: 10 },
  }),
  getFundingRate: operation<FundingRate, MarketInput>({
    method: 'GET', path: '/api/v1/perp/markets/:market/funding-rate', auth: 'none', source: 'spec',
    summary: 'Current funding rate', input: marketInput, example: { market },
  }),
  getIndexPrice: operation<IndexPrice, MarketInput>({
    method: 'GET', path: '/api/v1/perp/markets/:market/index-price', auth: 'none', source: 'spec',
    summary: 'Index price', input: marketInput, example: { market },
  }),
  getMarkPrice: operation<MarkPrice, MarketInput>({
    method: 'GET', path: '/api/v1/perp/markets/:market/mark-price', auth: 'none', source: 'spec',
    summary: 'Mark price', input: marketInput, example: { market },
  }),
  getOpenInterest: operation<OpenInterest, MarketInput>({
    method: 'GET', path: '/api/v1/perp/markets/:market/open-interest', auth: 'none', source: 'spec',
    summary: 'Open interest', input: marketInput, example: { market },
  }),
}
