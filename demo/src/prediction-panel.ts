import { card, fill, h, table } from './dom.ts'
import { formatNumber } from './format.ts'
import { numericInput } from './numeric-input.ts'
import { notice, type Notice } from './notice.ts'

export interface PredictionMarketView {
  marketId: string
  question: string
  outcomes: readonly { outcomeIndex: number; label: string; priceE6?: number }[]
}

export interface PredictionPositionView {
  outcomeIndex: number
  shares: number
}

export interface PredictionPanel {
  element: HTMLElement
  /** Outcomes of minting and redeeming. */
  notice: Notice
  market(market: PredictionMarketView | undefined): void
  positions(positions: readonly PredictionPositionView[]): void
  enabled(on: boolean): void
}

/** Step 4: mint a complete set (1 USDC buys one share of every outcome) and redeem it back. */
export function predictionPanel(onMint: (amount: number) => void, onRedeem: (amount: number) => void): PredictionPanel {
  let current: PredictionMarketView | undefined
  const question = h('p', { class: 'question', 'data-test': 'prediction-question' }, 'Loading prediction market…')
  const amount = numericInput('whole', { value: '10', id: 'set-amount', 'data-test': 'set-amount' })
  const read = () => Number(amount.value)
  const mint = h('button', { class: 'primary', type: 'button', 'data-test': 'mint', onClick: () => onMint(read()) }, 'Mint sets')
  const redeem = h('button', { class: 'secondary', type: 'button', 'data-test': 'redeem', onClick: () => onRedeem(read()) }, 'Redeem sets')
  const holdings = h('div', { 'data-test': 'prediction-positions' })
  const status = notice('Prediction market')
  const element = card('4 · Prediction market', 'prediction-panel', question,
    h('p', { class: 'muted' }, 'A complete set is one share of every outcome for 1 USDC; redeeming burns one of each for 1 USDC back.'),
    h('div', { class: 'actions' }, h('label', { class: 'inline', for: 'set-amount' }, 'Sets', amount), mint, redeem), status.element, holdings)

  return {
    element,
    notice: status,
    market(market) {
      current = market
      question.textContent = market ? market.question : 'No open prediction market.'
    },
    positions(list) {
      const shares = (index: number) => list.filter((p) => p.outcomeIndex === index).reduce((sum, p) => sum + p.shares, 0)
      fill(holdings, table(['Outcome', 'Price', 'Your shares'], (current?.outcomes ?? []).map((outcome) => [
        outcome.label,
        outcome.priceE6 === undefined ? '—' : `${formatNumber(outcome.priceE6 / 10_000, 1)}%`,
        h('span', { 'data-test': `shares-${outcome.label}` }, String(shares(outcome.outcomeIndex))),
      ]), 'No outcomes'))
    },
    enabled(on) {
      for (const control of [amount, mint, redeem]) control.disabled = !on
    },
  }
}
