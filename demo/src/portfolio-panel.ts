import { card, fill, h, table } from './dom.ts'
import { formatNumber, trend } from './format.ts'

export interface PositionView {
  market: string
  side: string
  size: string
  entryPrice: string
  markPrice?: string
  unrealizedPnl?: string
}

export interface BalanceView {
  token: string
  available: string
  locked: string
  total: string
}

export interface PortfolioPanel {
  element: HTMLElement
  positions(positions: readonly PositionView[]): void
  balances(balances: readonly BalanceView[]): void
}

/** The account: perp positions and balances. */
export function portfolioPanel(): PortfolioPanel {
  const positions = h('div', { 'data-test': 'positions' }, h('p', { class: 'empty' }, 'Sign in to see your positions'))
  const balances = h('div', { 'data-test': 'balances' }, h('p', { class: 'empty' }, 'Sign in to see your balances'))
  const element = card('Portfolio', 'portfolio-panel', h('h3', {}, 'Balances'), balances, h('h3', {}, 'Positions'), positions)
  return {
    element,
    positions(list) {
      fill(positions, table(['Market', 'Side', 'Size', 'Entry', 'Mark', 'PnL'], list.map((position) => [
        position.market,
        h('span', { class: position.side === 'short' || position.side === 'sell' ? 'ask' : 'bid' }, position.side),
        formatNumber(position.size, 6),
        formatNumber(position.entryPrice, 6),
        formatNumber(position.markPrice, 6),
        h('span', { class: trend(position.unrealizedPnl) }, formatNumber(position.unrealizedPnl, 2)),
      ]), 'No open positions'))
    },
    balances(list) {
      fill(balances, table(['Token', 'Available', 'Locked', 'Total'], list.map((balance) => [
        h('strong', {}, balance.token),
        h('span', { 'data-test': `balance-${balance.token}` }, formatNumber(balance.available, 6)),
        formatNumber(balance.locked, 6),
        formatNumber(balance.total, 6),
      ]), 'No balances'))
    },
  }
}
