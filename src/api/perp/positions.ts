import * as v from 'valibot'
import { operation, type Operation } from '../operation.ts'
import { marketInput, marketSymbol, on, positiveDecimal, type IntegerSchema, type MarketInput, type PatternSchema } from '../schemas.ts'
import type * as schemas from './responses.ts'
import { leverage } from './trading.ts'

export interface Position extends v.InferOutput<typeof schemas.positionSchema> {}
export interface ClosedPosition extends v.InferOutput<typeof schemas.closedPositionSchema> {}
export interface Leverage extends v.InferOutput<typeof schemas.leverageSchema> {}

const closeInput: v.SchemaWithPipe<readonly [v.StrictObjectSchema<{
  readonly market: PatternSchema
  readonly type: v.PicklistSchema<['market', 'limit'], 'must be "market" or "limit"'>
  readonly size: v.OptionalSchema<typeof positiveDecimal, undefined>
  readonly price: v.OptionalSchema<typeof positiveDecimal, undefined>
}, undefined>, v.CheckAction<{
  market: string
  type: 'limit' | 'market'
  size?: string | undefined
  price?: string | undefined
}, (issue: v.BaseIssue<unknown>) => string>]> = v.pipe(
  v.strictObject({
    market: marketSymbol,
    type: v.picklist(['market', 'limit'], 'must be "market" or "limit"'),
    size: v.optional(positiveDecimal),
    price: v.optional(positiveDecimal),
  }),
  v.check((input) => input.type !== 'limit' || input.price !== undefined, on('price', 'a limit close needs a price')),
)
const leverageInput: v.StrictObjectSchema<{
  readonly market: PatternSchema
  readonly leverage: IntegerSchema
}, undefined> = v.strictObject({ market: marketSymbol, leverage })
const marginInput: v.StrictObjectSchema<{
  readonly market: PatternSchema
  readonly amount: typeof positiveDecimal
  readonly type: v.PicklistSchema<['add', 'remove'], 'must be "add" or "remove"'>
}, undefined> = v.strictObject({ market: marketSymbol, amount: positiveDecimal, type: v.picklist(['add', 'remove'], 'must be "add" or "remove"') })
const triggerType = v.optional(v.picklist(['market', 'limit'], 'must be "market" or "limit"'))
const tpslInput: v.SchemaWithPipe<readonly [v.StrictObjectSchema<{
  readonly market: PatternSchema
  readonly takeProfitPrice: v.OptionalSchema<typeof positiveDecimal, undefined>
  readonly stopLossPrice: v.OptionalSchema<typeof positiveDecimal, undefined>
  readonly takeProfitType: v.OptionalSchema<v.PicklistSchema<['market', 'limit'], 'must be "market" or "limit"'>, undefined>
  readonly stopLossType: v.OptionalSchema<v.PicklistSchema<['market', 'limit'], 'must be "market" or "limit"'>, undefined>
  /** Replace legs that already exist instead of failing with POS_TPSL_EXISTS. */
  readonly replace: v.OptionalSchema<v.BooleanSchema<'must be true or false'>, undefined>
}, undefined>, v.CheckAction<{
  market: string
  takeProfitPrice?: string | undefined
  stopLossPrice?: string | undefined
  takeProfitType?: 'limit' | 'market' | undefined
  stopLossType?: 'limit' | 'market' | undefined
  replace?: boolean | undefined
}, (issue: v.BaseIssue<unknown>) => string>]> = v.pipe(
  v.strictObject({
    market: marketSymbol,
    takeProfitPrice: v.optional(positiveDecimal),
    stopLossPrice: v.optional(positiveDecimal),
    takeProfitType: triggerType,
    stopLossType: triggerType,
    /** Replace legs that already exist instead of failing with POS_TPSL_EXISTS. */
    replace: v.optional(v.boolean('must be true or false')),
  }),
  v.check((input) => input.takeProfitPrice !== undefined || input.stopLossPrice !== undefined, on('takeProfitPrice', 'give a takeProfitPrice, a stopLossPrice or both')),
)
const cancelTpslInput: v.StrictObjectSchema<{
  readonly market: PatternSchema
  readonly type: v.PicklistSchema<['take_profit', 'stop_loss', 'all'], 'must be take_profit, stop_loss or all'>
}, undefined> = v.strictObject({
  market: marketSymbol,
  type: v.picklist(['take_profit', 'stop_loss', 'all'], 'must be take_profit, stop_loss or all'),
})

export interface ClosePositionInput extends v.InferInput<typeof closeInput> {}
export interface SetLeverageInput extends v.InferInput<typeof leverageInput> {}
export interface AdjustMarginInput extends v.InferInput<typeof marginInput> {}
export interface TpslInput extends v.InferInput<typeof tpslInput> {}
export interface CancelTpslInput extends v.InferInput<typeof cancelTpslInput> {}

/** The service takes these bodies in snake_case; the SDK's input stays camelCase. */
const tpslWire = {
  takeProfitPrice: 'take_profit_price',
  stopLossPrice: 'stop_loss_price',
  takeProfitType: 'take_profit_type',
  stopLossType: 'stop_loss_type',
}

const market = 'BTC-USDC'
const tpslExample: TpslInput = { market, takeProfitPrice: '70000', stopLossPrice: '50000' }

/** Perp Positions: reads need read, changes need trade. */
export const perpPositionOperations: {
  listPositions: Operation<undefined, Position[]>
  getPosition: Operation<MarketInput, Position>
  closePosition: Operation<ClosePositionInput, ClosedPosition>
  getLeverage: Operation<MarketInput, Leverage>
  setLeverage: Operation<SetLeverageInput, Leverage>
  adjustMargin: Operation<AdjustMarginInput, Position>
  setTpsl: Operation<TpslInput, Position>
  modifyTpsl: Operation<TpslInput, Position>
  cancelTpsl: Operation<CancelTpslInput, Position>
} = {
  listPositions: operation<Position[]>({
    method: 'GET', path: '/api/v1/perp/positions', auth: 'read', effect: 'read', source: 'spec',
    summary: 'Every open position',
  }),
  getPosition: operation<Position, MarketInput>({
    method: 'GET', path: '/api/v1/perp/positions/:market', auth: 'read', effect: 'read', source: 'spec',
    summary: 'The position in one market', input: marketInput, example: { market },
  }),
  closePosition: operation<ClosedPosition, ClosePositionInput>({
    method: 'POST', path: '/api/v1/perp/positions/:market/close', auth: 'trade', effect: 'trade', source: 'spec',
    summary: 'Close a position (market, or limit IOC at a price), in full or by size', input: closeInput, example: { market, type: 'market' },
  }),
  getLeverage: operation<Leverage, MarketInput>({
    method: 'GET', path: '/api/v1/perp/positions/:market/leverage', auth: 'read', effect: 'read', source: 'spec',
    summary: 'Leverage preference of a market', input: marketInput, example: { market },
  }),
  setLeverage: operation<Leverage, SetLeverageInput>({
    method: 'PUT', path: '/api/v1/perp/positions/:market/leverage', auth: 'trade', effect: 'trade', source: 'spec',
    summary: 'Set the leverage of a market', input: leverageInput, example: { market, leverage: 10 },
  }),
  adjustMargin: operation<Position, AdjustMarginInput>({
    method: 'POST', path: '/api/v1/perp/positions/:market/margin', auth: 'trade', effect: 'trade', source: 'spec',
    summary: 'Add margin to a position or remove it', input: marginInput, example: { market, amount: '10', type: 'add' },
  }),
  setTpsl: operation<Position, TpslInput>({
    method: 'POST', path: '/api/v1/perp/positions/:market/tpsl', auth: 'trade', effect: 'trade', source: 'spec',
    summary: 'Set take-profit and/or stop-loss (body in snake_case)', input: tpslInput, wire: tpslWire, example: tpslExample,
  }),
  modifyTpsl: operation<Position, TpslInput>({
    method: 'PUT', path: '/api/v1/perp/positions/:market/tpsl', auth: 'trade', effect: 'trade', source: 'spec',
    summary: 'Change take-profit and/or stop-loss (body in snake_case)', input: tpslInput, wire: tpslWire, example: { market, takeProfitPrice: '72000' },
  }),
  cancelTpsl: operation<Position, CancelTpslInput>({
    method: 'DELETE', path: '/api/v1/perp/positions/:market/tpsl', auth: 'trade', effect: 'trade', source: 'spec',
    summary: 'Cancel take-profit, stop-loss or both (query type)', input: cancelTpslInput, example: { market, type: 'all' },
  }),
}
