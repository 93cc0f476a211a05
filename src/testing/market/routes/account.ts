/** Account routes: deposits, withdrawals, on-chain status, overview, perp margin and stats, spot summary. */
import { abs, type Decimal, dec, div, formatDecimal, fromInteger, mul } from '../decimal.ts'
import { QUOTE, TOKENS } from '../demo-data.ts'
import { invalidParams } from '../errors.ts'
import { Fields } from '../input.ts'
import { MAINTENANCE_MARGIN_RATE, unrealizedPnl } from '../positions.ts'
import type { MarketState } from '../state.ts'
import { fillStats } from '../trade-views.ts'
import { isOpen } from '../venue.ts'
import { type AddRoute, accountOf } from './route.ts'

export function addAccountRoutes(add: AddRoute, market: MarketState): void {
  const { ledger, perp, spot, prediction, treasury, lists } = market
  const token = (fields: Fields) => {
    const symbol = fields.string('token')
    if (symbol !== undefined && !TOKENS.some((candidate) => candidate.symbol === symbol)) {
      fields.check(() => {
        throw invalidParams('token', `token must be one of ${TOKENS.map((candidate) => candidate.symbol).join(', ')}`)
      })
    }
    return symbol
  }

  /** Position margin, unrealized PnL and maintenance margin over the account's perp positions. */
  const perpTotals = (accountId: string, now: number) => {
    let margin = 0n
    let pnl = 0n
    let maintenance = 0n
    for (const position of perp.positionsOf(accountId)) {
      const mark = perp.markPrice(position.market, now)
      margin += position.margin
      pnl += unrealizedPnl(position, mark)
      maintenance += mul(mul(mark, abs(position.size)), MAINTENANCE_MARGIN_RATE)
    }
    const equity = margin + pnl
    const ratio = equity > 0n ? div(maintenance, equity) : maintenance > 0n ? dec('1') : 0n
    return { margin, pnl, maintenance, ratio, count: perp.positionsOf(accountId).length }
  }
  /** USDC value of the spot tokens other than USDC, and of prediction shares. */
  const holdingsValue = (accountId: string, now: number) => {
    let spotValue = 0n
    for (const { symbol } of TOKENS) {
      if (symbol === QUOTE) continue
      const { available, locked } = ledger.peek(accountId, symbol)
      spotValue += mul(available + locked, spot.usdPrice(symbol, now))
    }
    const predictionValue = prediction.positionsOf(accountId).reduce((total, row) => total + row.value, 0n)
    return { spotValue, predictionValue }
  }

  add('GET', '/account/deposits', 'read', (context) => lists.page(treasury.deposits(accountOf(context)), context.query))
  add('POST', '/account/deposits', 'trade', (context) => {
    const fields = Fields.collect(context.body, ['token', 'amount', 'txHash'], ['token', 'amount'])
    const [symbol, amount, txHash] = [token(fields), fields.decimal('amount'), fields.optionalString('txHash')]
    fields.done()
    return treasury.deposit(accountOf(context), symbol, amount, txHash, context.now)
  })

  add('GET', '/account/withdrawals', 'read', (context) => lists.page(treasury.withdrawals(accountOf(context)), context.query))
  add('POST', '/account/withdrawals', 'withdraw', (context) => {
    const fields = Fields.collect(context.body, ['token', 'amount', 'address'], ['token', 'amount', 'address'])
    const accountId = accountOf(context)
    const symbol = token(fields)
    const amount = fields.decimal('amount')
    const address = fields.string('address')
    fields.done()
    perp.checkWithdrawal(accountId, symbol, amount, context.now)
    return treasury.withdraw(accountId, symbol, amount, address, context.now)
  })

  add('GET', '/account/onchain-status', 'read', (context) => ({ accountId: accountOf(context), synced: true, lastSyncedAt: context.now, pendingDeposits: 0, pendingWithdrawals: 0 }))

  add('GET', '/account/overview', 'read', (context) => {
    const accountId = accountOf(context)
    const usdc = ledger.peek(accountId, QUOTE)
    const totals = perpTotals(accountId, context.now)
    const { spotValue, predictionValue } = holdingsValue(accountId, context.now)
    const balance = usdc.available + usdc.locked
    return {
      accountId,
      totalEquity: formatDecimal(balance + totals.margin + totals.pnl + spotValue + predictionValue),
      availableBalance: formatDecimal(usdc.available),
      balance: formatDecimal(balance),
      lockedBalance: formatDecimal(usdc.locked),
      perpMargin: formatDecimal(totals.margin),
      unrealizedPnl: formatDecimal(totals.pnl),
      spotValue: formatDecimal(spotValue),
      predictionValue: formatDecimal(predictionValue),
      riskLevel: riskLevel(totals.ratio),
      updatedAt: context.now,
    }
  })

  add('GET', '/account/perp/margin', 'read', (context) => {
    const accountId = accountOf(context)
    const totals = perpTotals(accountId, context.now)
    const orderMargin = perp.venue.ordersOf(accountId).filter(isOpen).reduce((total, order) => total + (order.reserve?.amount ?? 0n), 0n)
    return {
      accountId,
      positionMargin: formatDecimal(totals.margin),
      orderMargin: formatDecimal(orderMargin),
      availableMargin: formatDecimal(ledger.peek(accountId, QUOTE).available),
      unrealizedPnl: formatDecimal(totals.pnl),
      maintenanceMargin: formatDecimal(totals.maintenance),
      marginRatio: formatDecimal(totals.ratio),
      positions: totals.count,
      riskLevel: riskLevel(totals.ratio),
    }
  })

  add('GET', '/account/perp/trading-stats', 'read', (context) => {
    const accountId = accountOf(context)
    const stats = fillStats(perp.venue.fillsOf(accountId))
    const decided = stats.wins + stats.losses
    return {
      accountId,
      totalTrades: stats.trades,
      totalVolume: formatDecimal(stats.volume),
      totalFees: formatDecimal(stats.fees),
      realizedPnl: formatDecimal(stats.realizedPnl),
      winningTrades: stats.wins,
      losingTrades: stats.losses,
      winRate: decided === 0 ? '0' : formatDecimal(div(fromInteger(stats.wins), fromInteger(decided))),
    }
  })

  add('GET', '/account/spot/summary', 'read', (context) => {
    const accountId = accountOf(context)
    const stats = fillStats(spot.venue.fillsOf(accountId))
    const usdc = ledger.peek(accountId, QUOTE)
    return {
      accountId,
      totalValue: formatDecimal(usdc.available + usdc.locked + holdingsValue(accountId, context.now).spotValue),
      openOrders: spot.venue.ordersOf(accountId).filter(isOpen).length,
      totalTrades: stats.trades,
      totalVolume: formatDecimal(stats.volume),
      totalFees: formatDecimal(stats.fees),
    }
  })
}

function riskLevel(marginRatio: Decimal): 'safe' | 'warning' | 'danger' {
  if (marginRatio < dec('0.5')) return 'safe'
  return marginRatio < dec('0.8') ? 'warning' : 'danger'
}
