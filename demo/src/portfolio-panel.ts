import { card, fill, h, table } from './dom.ts'
import { formatFixed, formatSigned, trend } from './format.ts'
import { notice, type Notice } from './notice.ts'

export interface PositionView {
  market: string
  side: string
  size: string
  entryPrice: string
  markPrice?: string
  unrealizedPnl?: string
  /** The USDC held as the position's margin: out of the balance while the position is open. */
  margin?: string
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

export interface PortfolioTotal {
  /** USDC balance: available and locked. */
  balance: number
  /** Margin held by the open positions. */
  margin: number
  unrealizedPnl: number
  total: number
}

/**
 * What the account is worth in USDC: its USDC balance, plus the margin its positions hold (taken out of
 * the balance when a position opens, so a total of balances alone drops on every fill), plus their
 * unrealized PnL. Other tokens are listed, not valued.
 */
export function portfolioTotal(balances: readonly BalanceView[], positions: readonly PositionView[]): PortfolioTotal {
  const sum = (values: (string | undefined)[]) => values.reduce((total, value) => total + (Number(value) || 0), 0)
  const balance = sum(balances.filter((entry) => entry.token === 'USDC').map((entry) => entry.total))
  const margin = sum(positions.map((position) => position.margin))
  const unrealizedPnl = sum(positions.map((position) => position.unrealizedPnl))
  return { balance, margin, unrealizedPnl, total: balance + margin + unrealizedPnl }
}

/** The account: balances, and perp positions each with a close button. */
export function portfolioPanel(onClose: (market: string) => void): PortfolioPanel {
  const positions = h('div', { 'data-test': 'positions' }, h('p', { class: 'empty' }, 'Sign in to see your positions'))
  const balances = h('div', { 'data-test': 'balances' }, h('p', { class: 'empty' }, 'Sign in to see your balances'))
  const totalBox = h('div', { class: 'portfolio-total', 'data-test': 'portfolio-total' })
  const status = notice('Portfolio')
  // The total sums up the tables above it; the notice stays right under the close buttons it reports on.
  const element = card('Portfolio', 'portfolio-panel', h('h3', {}, 'Balances'), balances, h('h3', {}, 'Positions'), positions, status.element, totalBox)
  let shown: { balances?: readonly BalanceView[]; positions: readonly PositionView[] } = { positions: [] }
  const showTotal = () => {
    if (!shown.balances) return
    const { balance, margin, unrealizedPnl, total } = portfolioTotal(shown.balances, shown.positions)
    fill(totalBox,
      h('span', { class: 'label' }, 'Total (USDC)'),
      h('strong', { class: 'value', 'data-test': 'total-value' }, formatFixed(total, 2)),
      h('span', { class: 'muted', 'data-test': 'total-parts' },
        `balance ${formatFixed(balance, 2)} + position margin ${formatFixed(margin, 2)} + unrealized PnL ${formatSigned(unrealizedPnl, 2)}`))
  }
  const buttons = () => element.querySelectorAll<HTMLButtonElement>('[data-test="close-position"]')
  return {
    element,
    notice: status,
    positions(list, priceDecimals, sizeDecimals) {
      shown = { ...shown, positions: list }
      showTotal()
      fill(positions, table(['Market', 'Side', 'Size', 'Entry', 'Mark', 'PnL', ''], list.map((position) => [
        position.market,
        h('span', { class: position.side === 'short' || position.side === 'sell' ? 'ask' : 'bid' }, position.side),
        formatFixed(position.size, sizeDecimals),
        formatFixed(position.entryPrice, priceDecimals),
        formatFixed(position.markPrice, priceDecimals),
        h('span', { class: trend(position.unrealizedPnl) }, formatSigned(position.unrealizedPnl, 2)),
        h('button', { class: 'secondary small', type: 'button', 'data-test': 'close-position', 'aria-label': `Close the ${position.market} ${position.side} position at market`, onClick: () => onClose(position.market) }, 'Close'),
      ]), 'No open positions', { numeric: [2, 3, 4, 5], optional: [0, 4], rowTest: 'position' }))
    },
    balances(list) {
      shown = { ...shown, balances: list }
      showTotal()
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
