/** The markets, tokens, prediction markets and championships every reference exchange starts with. */
import { type Decimal, dec } from './decimal.ts'
import { HOUR } from './prices.ts'

const DAY = 24 * HOUR

export const QUOTE = 'USDC'
export const MAKER_FEE_RATE = dec('0.0002')
export const TAKER_FEE_RATE = dec('0.0005')

export interface TradingMarket {
  symbol: string
  baseAsset: string
  quoteAsset: string
  /** Where the reference price waves around. */
  basePrice: Decimal
  tickSize: Decimal
  stepSize: Decimal
  minOrderSize: Decimal
  /** Size of each market-maker quote. */
  quoteSize: Decimal
}

export interface PerpMarket extends TradingMarket {
  maxLeverage: number
}

export const PERP_MARKETS: readonly PerpMarket[] = [
  { symbol: 'BTC-USDC', baseAsset: 'BTC', quoteAsset: QUOTE, basePrice: dec('65000'), tickSize: dec('0.1'), stepSize: dec('0.001'), minOrderSize: dec('0.001'), quoteSize: dec('0.5'), maxLeverage: 50 },
  { symbol: 'ETH-USDC', baseAsset: 'ETH', quoteAsset: QUOTE, basePrice: dec('3200'), tickSize: dec('0.01'), stepSize: dec('0.01'), minOrderSize: dec('0.01'), quoteSize: dec('8'), maxLeverage: 50 },
  { symbol: 'SOL-USDC', baseAsset: 'SOL', quoteAsset: QUOTE, basePrice: dec('150'), tickSize: dec('0.001'), stepSize: dec('0.1'), minOrderSize: dec('0.1'), quoteSize: dec('150'), maxLeverage: 20 },
]

export const SPOT_MARKETS: readonly TradingMarket[] = [
  { symbol: 'BTC-USDC', baseAsset: 'BTC', quoteAsset: QUOTE, basePrice: dec('65000'), tickSize: dec('0.01'), stepSize: dec('0.0001'), minOrderSize: dec('0.0001'), quoteSize: dec('0.25') },
  { symbol: 'ETH-USDC', baseAsset: 'ETH', quoteAsset: QUOTE, basePrice: dec('3200'), tickSize: dec('0.01'), stepSize: dec('0.001'), minOrderSize: dec('0.001'), quoteSize: dec('4') },
]

export interface Token {
  symbol: string
  name: string
  decimals: number
  withdrawFee: string
  minWithdrawal: string
}

export const TOKENS: readonly Token[] = [
  { symbol: 'USDC', name: 'USD Coin', decimals: 6, withdrawFee: '1', minWithdrawal: '10' },
  { symbol: 'BTC', name: 'Bitcoin', decimals: 8, withdrawFee: '0.0001', minWithdrawal: '0.001' },
  { symbol: 'ETH', name: 'Ether', decimals: 18, withdrawFee: '0.001', minWithdrawal: '0.01' },
]

/**
 * Where a demo market's oracle starts: `proposed` inside its challenge period, `finalizable` with
 * the period over but not yet finalized, or `finalized`.
 */
export interface OracleSeed {
  state: 'proposed' | 'finalizable' | 'finalized'
  outcomeIndex: number
}

export interface PredictionSeed {
  marketId: string
  question: string
  description: string
  category: string
  tags: string[]
  marketType: 'binary' | 'multi_outcome'
  outcomes: { label: string; priceE6: number }[]
  /** Relative to the exchange's start. */
  createdOffset: number
  endOffset: number
  oracle?: OracleSeed
}

export const PREDICTION_MARKETS: readonly PredictionSeed[] = [
  {
    marketId: '1001',
    question: 'Will BTC close above $70,000 on December 31?',
    description: 'Resolves Yes if the BTC-USDC index closes above 70,000 at 00:00 UTC on December 31.',
    category: 'crypto',
    tags: ['btc', 'price'],
    marketType: 'binary',
    outcomes: [{ label: 'Yes', priceE6: 620_000 }, { label: 'No', priceE6: 380_000 }],
    createdOffset: -20 * DAY,
    endOffset: 30 * DAY,
  },
  {
    marketId: '1002',
    question: 'Will spot ETH ETFs see net inflows above $1B this week?',
    description: 'Resolves Yes if the published weekly net inflow figure exceeds one billion dollars.',
    category: 'crypto',
    tags: ['eth', 'etf'],
    marketType: 'binary',
    outcomes: [{ label: 'Yes', priceE6: 410_000 }, { label: 'No', priceE6: 590_000 }],
    createdOffset: -6 * DAY,
    endOffset: 6 * HOUR,
  },
  {
    marketId: '1003',
    question: 'Who wins the World Cup final?',
    description: 'Resolves to the team that lifts the trophy; any team not listed resolves to Other.',
    category: 'sports',
    tags: ['football', 'world-cup'],
    marketType: 'multi_outcome',
    outcomes: [
      { label: 'Brazil', priceE6: 300_000 },
      { label: 'France', priceE6: 280_000 },
      { label: 'Argentina', priceE6: 220_000 },
      { label: 'Other', priceE6: 200_000 },
    ],
    createdOffset: -10 * DAY,
    endOffset: 20 * DAY,
  },
  {
    marketId: '1004',
    question: 'Will the central bank cut rates at its next meeting?',
    description: 'Resolves Yes if the policy rate announced at the next scheduled meeting is lower than today.',
    category: 'politics',
    tags: ['rates', 'economy'],
    marketType: 'binary',
    outcomes: [{ label: 'Yes', priceE6: 730_000 }, { label: 'No', priceE6: 270_000 }],
    createdOffset: -30 * DAY,
    endOffset: -1 * HOUR,
    oracle: { state: 'proposed', outcomeIndex: 0 },
  },
  {
    marketId: '1005',
    question: 'Which party wins the most seats in the election?',
    description: 'Resolves to the party with the most seats in the official results.',
    category: 'politics',
    tags: ['election'],
    marketType: 'multi_outcome',
    outcomes: [
      { label: 'Party A', priceE6: 450_000 },
      { label: 'Party B', priceE6: 350_000 },
      { label: 'Party C', priceE6: 200_000 },
    ],
    createdOffset: -15 * DAY,
    endOffset: 60 * DAY,
  },
  {
    marketId: '1006',
    question: 'Will the home side win the derby?',
    description: 'Resolves Yes on a home win in regular time; a draw or away win resolves No.',
    category: 'sports',
    tags: ['football', 'derby'],
    marketType: 'binary',
    outcomes: [{ label: 'Yes', priceE6: 450_000 }, { label: 'No', priceE6: 550_000 }],
    createdOffset: -12 * DAY,
    endOffset: -3 * DAY,
    oracle: { state: 'finalized', outcomeIndex: 1 },
  },
  {
    marketId: '1007',
    question: 'Will SOL overtake ETH by market capitalisation this year?',
    description: 'Resolves Yes if SOL market capitalisation exceeds ETH on any daily close before the end date.',
    category: 'crypto',
    tags: ['sol', 'eth'],
    marketType: 'binary',
    outcomes: [{ label: 'Yes', priceE6: 80_000 }, { label: 'No', priceE6: 920_000 }],
    createdOffset: -1 * HOUR,
    endOffset: 90 * DAY,
  },
  {
    marketId: '1008',
    question: 'Which city hosts the next summit?',
    description: 'Resolves to the host city named in the official announcement.',
    category: 'politics',
    tags: ['summit'],
    marketType: 'multi_outcome',
    outcomes: [
      { label: 'Geneva', priceE6: 500_000 },
      { label: 'Vienna', priceE6: 300_000 },
      { label: 'Oslo', priceE6: 200_000 },
    ],
    createdOffset: -40 * DAY,
    endOffset: -5 * DAY,
    oracle: { state: 'finalized', outcomeIndex: 0 },
  },
  {
    marketId: '1009',
    question: 'Will the network upgrade ship on its announced date?',
    description: 'Resolves Yes if the upgrade activates on mainnet on the announced day.',
    category: 'crypto',
    tags: ['upgrade'],
    marketType: 'binary',
    outcomes: [{ label: 'Yes', priceE6: 650_000 }, { label: 'No', priceE6: 350_000 }],
    createdOffset: -25 * DAY,
    endOffset: -1 * DAY,
    oracle: { state: 'finalizable', outcomeIndex: 0 },
  },
]

export interface ChampionshipSeed {
  championshipId: string
  slug: string
  name: string
  description: string
  status: 'upcoming' | 'active' | 'ended'
  type: 'ex_only' | 'prediction_only' | 'mixed'
  period: 'weekly' | 'monthly' | 'quarterly' | 'custom'
  featured: boolean
  prizePool: string
  startOffset: number
  endOffset: number
  participants: number
}

export const CHAMPIONSHIPS: readonly ChampionshipSeed[] = [
  { championshipId: '1', slug: 'perp-masters-weekly', name: 'Perp Masters Weekly', description: 'Highest perp PnL this week wins.', status: 'active', type: 'ex_only', period: 'weekly', featured: true, prizePool: '50000', startOffset: -3 * DAY, endOffset: 4 * DAY, participants: 30 },
  { championshipId: '2', slug: 'prediction-cup-monthly', name: 'Prediction Cup', description: 'The sharpest forecasters of the month.', status: 'active', type: 'prediction_only', period: 'monthly', featured: false, prizePool: '20000', startOffset: -10 * DAY, endOffset: 20 * DAY, participants: 24 },
  { championshipId: '3', slug: 'genesis-season', name: 'Genesis Season', description: 'The first season across every market.', status: 'ended', type: 'mixed', period: 'quarterly', featured: true, prizePool: '100000', startOffset: -120 * DAY, endOffset: -30 * DAY, participants: 40 },
  { championshipId: '4', slug: 'winter-open', name: 'Winter Open', description: 'Registration opens soon.', status: 'upcoming', type: 'mixed', period: 'custom', featured: false, prizePool: '30000', startOffset: 7 * DAY, endOffset: 37 * DAY, participants: 0 },
]
