/** Perp routes: market data, orders, positions (snake_case bodies for leverage, margin, TP/SL), history. */
import type { RouteContext } from '../../http/router.ts'
import { formatDecimal, mul } from '../decimal.ts'
import { invalidParams, notFound } from '../errors.ts'
import { Fields } from '../input.ts'
import { PERP_ORDER_FIELDS, readTradeOrder } from '../order-input.ts'
import type { Lists } from '../pages.ts'
import type { PerpDesk } from '../perp.ts'
import { MAINTENANCE_MARGIN_RATE, type TriggerLeg } from '../positions.ts'
import { FUNDING_INTERVAL, fundingRate, fundingTimes } from '../prices.ts'
import type { MarketState } from '../state.ts'
import { orderView, positionView } from '../trade-views.ts'
import { addMarketDataRoutes } from './market-data.ts'
import { addOrderRoutes } from './orders.ts'
import { type AddRoute, accountOf } from './route.ts'

const TRIGGER_TYPES = ['market', 'limit'] as const
/** TP/SL bodies are snake_case on the real service (camelCase keys are ignored there; refused here). */
const TPSL_FIELDS = ['take_profit_price', 'stop_loss_price', 'take_profit_type', 'stop_loss_type', 'replace']

export function addPerpRoutes(add: AddRoute, market: MarketState): void {
  const { perp, lists } = market
  const { board } = perp
  /** `leverage` from 1 to the market's maximum within the exchange's policy (over it: the limit in the details). */
  function leverageOf(fields: Fields, symbol: string, required: true): number
  function leverageOf(fields: Fields, symbol: string, required: false): number | undefined
  function leverageOf(fields: Fields, symbol: string, required: boolean): number | undefined {
    const most = perp.maxLeverage(symbol)
    const leverage = fields.optionalCount('leverage', most)
    if (required && leverage === undefined) throw invalidParams('leverage', 'leverage is required')
    return leverage
  }

  addMarketDataRoutes(add, 'perp', {
    board,
    venue: perp.venue,
    lists,
    marketExtras: (found) => ({ maxLeverage: perp.maxLeverage(found.symbol), maintenanceMarginRate: formatDecimal(MAINTENANCE_MARGIN_RATE), fundingIntervalHours: 8, sessionDegraded: false, capReason: null }),
    tickerExtras: (market, now) => ({
      markPrice: formatDecimal(perp.markPrice(market.symbol, now)),
      indexPrice: formatDecimal(board.reference(market.symbol, now)),
      fundingRate: formatDecimal(fundingRate(market.baseAsset, nextFunding(now))),
      nextFundingTime: nextFunding(now),
      openInterest: formatDecimal(perp.openInterest(market.symbol)),
    }),
  })

  add('GET', '/perp/insurance-fund', 'none', (context) => ({ balance: formatDecimal(perp.insuranceFund), token: 'USDC', updatedAt: context.now }))

  add('GET', '/perp/markets/:market/funding-history', 'none', (context) => {
    const market = board.get(context.params.market!)
    return fundingTimes(-Infinity, context.now, lists.limit(context.query, 50, 500))
      .reverse()
      .map((fundingTime) => ({ market: market.symbol, fundingRate: formatDecimal(fundingRate(market.baseAsset, fundingTime)), markPrice: formatDecimal(perp.markPrice(market.symbol, fundingTime)), fundingTime }))
  })

  add('GET', '/perp/markets/:market/funding-rate', 'none', (context) => {
    const market = board.get(context.params.market!)
    const mark = formatDecimal(perp.markPrice(market.symbol, context.now))
    return { market: market.symbol, fundingRate: formatDecimal(fundingRate(market.baseAsset, nextFunding(context.now))), nextFundingTime: nextFunding(context.now), fundingIntervalHours: 8, markPrice: mark, indexPrice: mark, timestamp: context.now }
  })

  add('GET', '/perp/markets/:market/index-price', 'none', (context) => {
    const market = board.get(context.params.market!)
    return { market: market.symbol, indexPrice: formatDecimal(board.reference(market.symbol, context.now)), timestamp: context.now }
  })

  add('GET', '/perp/markets/:market/mark-price', 'none', (context) => {
    const market = board.get(context.params.market!)
    const mark = formatDecimal(perp.markPrice(market.symbol, context.now))
    return { market: market.symbol, markPrice: mark, indexPrice: mark, timestamp: context.now }
  })

  add('GET', '/perp/markets/:market/open-interest', 'none', (context) => {
    const market = board.get(context.params.market!)
    const openInterest = perp.openInterest(market.symbol)
    return { market: market.symbol, openInterest: formatDecimal(openInterest), openInterestValue: formatDecimal(mul(openInterest, perp.markPrice(market.symbol, context.now))), timestamp: context.now }
  })

  addOrderRoutes(
    add,
    'perp',
    {
      venue: perp.venue,
      perp: true,
      fields: PERP_ORDER_FIELDS,
      read: (fields) => {
        const input = readTradeOrder(fields, board)
        return { ...input, leverage: leverageOf(fields, input.market.symbol, false) }
      },
      place: (accountId, input, now) => perp.place(accountId, input, now),
      checkChange: (order, price, size, now) => {
        board.checkGrid(board.get(order.market), size ?? order.size, price)
        if (price !== undefined) perp.checkDeviation(order.market, price, now)
      },
      symbol: (text) => board.canonical(text),
    },
    market,
  )

  add('GET', '/perp/positions', 'read', (context) => perp.positionsOf(accountOf(context)).map((found) => positionView(found, perp.markPrice(found.market, context.now))))

  add('GET', '/perp/positions/:market', 'read', (context) => {
    const symbol = board.get(context.params.market!).symbol
    const found = perp.position(accountOf(context), symbol)
    if (!found) throw notFound(`no open position in ${symbol}`)
    return positionView(found, perp.markPrice(symbol, context.now))
  })

  add('POST', '/perp/positions/:market/close', 'trade', (context) => {
    const fields = Fields.body(context.body ?? {}, ['type', 'size', 'price'])
    const type = fields.optionalOneOf('type', ['market', 'limit'] as const) ?? 'market'
    if (type === 'market' && fields.has('price')) throw invalidParams('price', 'a market close takes no price; send type "limit" to set one')
    const price = type === 'limit' ? fields.decimal('price') : undefined
    const result = perp.closePosition(accountOf(context), context.params.market!, { type, size: fields.optionalDecimal('size'), price }, context.now)
    return { order: orderView(result.order, true), position: result.position ? positionView(result.position, perp.markPrice(result.position.market, context.now)) : null }
  })

  const leverageView = (accountId: string, symbol: string) => ({ market: symbol, leverage: perp.leverageOf(accountId, symbol), maxLeverage: perp.maxLeverage(symbol) })

  add('GET', '/perp/positions/:market/leverage', 'read', (context) => leverageView(accountOf(context), board.get(context.params.market!).symbol))

  add('PUT', '/perp/positions/:market/leverage', 'trade', (context) => {
    const { symbol } = board.get(context.params.market!)
    perp.setLeverage(accountOf(context), symbol, leverageOf(Fields.body(context.body, ['leverage']), symbol, true), context.now)
    return leverageView(accountOf(context), symbol)
  })

  add('POST', '/perp/positions/:market/margin', 'trade', (context) => {
    const fields = Fields.body(context.body, ['amount', 'type'])
    const adjusted = perp.adjustMargin(accountOf(context), context.params.market!, fields.decimal('amount'), fields.oneOf('type', ['add', 'remove'] as const), context.now)
    return positionView(adjusted, perp.markPrice(adjusted.market, context.now))
  })

  const setTpsl = (replace: boolean) => (context: RouteContext) => {
    const market = board.get(context.params.market!)
    const fields = Fields.body(context.body, TPSL_FIELDS)
    const leg = (name: 'take_profit' | 'stop_loss'): TriggerLeg | undefined => {
      const price = fields.optionalDecimal(`${name}_price`)
      if (price === undefined) return undefined
      board.checkTick(market, price, `${name}_price`)
      return { price, type: fields.optionalOneOf(`${name}_type`, TRIGGER_TYPES) ?? 'market' }
    }
    const mode = replace || fields.optionalBoolean('replace') === true ? 'replace' : 'create'
    const updated = perp.setTpsl(accountOf(context), market.symbol, { takeProfit: leg('take_profit'), stopLoss: leg('stop_loss') }, mode, context.now)
    return positionView(updated, perp.markPrice(market.symbol, context.now))
  }
  add('POST', '/perp/positions/:market/tpsl', 'trade', setTpsl(false))
  add('PUT', '/perp/positions/:market/tpsl', 'trade', setTpsl(true))

  add('DELETE', '/perp/positions/:market/tpsl', 'trade', (context) => {
    // Which leg goes is the `type` query parameter; a body (`{ type }`) would be ignored, so it is refused.
    Fields.none(context.body)
    const which = Fields.query(context.query).optionalOneOf('type', ['take_profit', 'stop_loss', 'all'] as const) ?? 'all'
    const updated = perp.cancelTpsl(accountOf(context), board.get(context.params.market!).symbol, which, context.now)
    return positionView(updated, perp.markPrice(updated.market, context.now))
  })

  addHistory(add, perp, lists)
}

function addHistory(add: AddRoute, perp: PerpDesk, lists: Lists): void {
  const histories = {
    funding: { records: (accountId: string) => perp.fundingOf(accountId), id: 'fundingId' },
    liquidations: { records: (accountId: string) => perp.liquidationsOf(accountId), id: 'liquidationId' },
    pnl: { records: (accountId: string) => perp.pnlOf(accountId), id: 'pnlId' },
  }
  for (const [name, list] of Object.entries(histories)) {
    add('GET', `/perp/history/${name}`, 'read', (context) => {
      const market = Fields.query(context.query).optionalString('market')
      const records = list.records(accountOf(context)).filter((record) => market === undefined || record.market === perp.board.canonical(market))
      return lists.cursor(records, context.query, (record) => String(record[list.id]))
    })
  }
}

function nextFunding(now: number): number {
  return (Math.floor(now / FUNDING_INTERVAL) + 1) * FUNDING_INTERVAL
}
