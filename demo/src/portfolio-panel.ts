import { card, fill, h, table } from './dom.ts'
import { formatFixed, trend } from './format.ts'
import { notice, type Notice } from './notice.ts'

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
  /** Outcomes of closing a position, and of the account's live data. */
  notice: Notice
  positions(positions: readonly PositionView[], priceDecimals: number, sizeDecimals: number): void
  balances(balances: readonly BalanceView[]): void
  enabled(on: boolean): void
}

/** The account: balances, and perp positions each with a close button. */
export function portfolioPanel(onClose: (market: string) => void): PortfolioPanel {
  const positions = h('div', { 'data-test': 'positions' }, h('p', { class: 'empty' }, 'Sign in to see your positions'))
  const balances = h('div', { 'data-test': 'balances' }, h('p', { class: 'empty' }, 'Sign in to see your balances'))
  const status = notice('Portfolio')
  const element = card('Portfolio', 'portfolio-panel', h('h3', {}, 'Balances'), balances, h('h3', {}, 'Positions'), positions, status.element)
  const buttons = () => element.querySelectorAll<HTMLButtonElement>('[data-test="close-position"]')
  return {
    element,
    notice: status,
    positions(list, priceDecimals, sizeDecimals) {
      fill(positions, table(['Market', 'Side', 'Size', 'Entry', 'Mark', 'PnL', ''], list.map((position) => [
        position.market,
        h('span', { class: position.side === 'short' || position.side === 'sell' ? 'ask' : 'bid' }, position.side),
        formatFixed(position.size, sizeDecimals),
        formatFixed(position.entryPrice, priceDecimals),
        formatFixed(position.markPrice, priceDecimals),
        h('span', { class: trend(position.unrealizedPnl) }, formatFixed(position.unrealizedPnl, 2)),
        h('button', { class: 'secondary small', type: 'button', 'data-test': 'close-position', 'aria-label': `Close the ${position.market} ${position.side} position at market`, onClick: () => onClose(position.market) }, 'Close'),
      ]), 'No open positions', { numeric: [2, 3, 4, 5], optional: [0, 4], rowTest: 'position' }))
    },
    balances(list) {
      fill(balances, table(['Token', 'Available', 'Locked', 'Total'], list.map((balance) => [
        h('strong', {}, balance.token),
        h('span', { 'data-test': `balance-${balance.token}` }, formatFixed(balance.available, 2)),
        formatFixed(balance.locked, 2),
        formatFixed(balance.total, 2),
      ]), 'No balances', { numeric: [1, 2, 3], optional: [2] }))
    },
    enabled(on) {
      for (const button of buttons()) button.disabled = !on
    },
  }
}
