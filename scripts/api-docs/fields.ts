// The input fields of an operation, read from its input schema, with what each means. The meanings
// are written here once per field name (with a few per-operation ones where a name means something
// else); a field without a meaning fails the generator, so a new field cannot go undocumented.
import type { Operation } from '../../src/api/operation.ts'

export interface Field {
  name: string
  optional: boolean
  meaning: string
  /** The values a picklist field takes. */
  values?: readonly (string | number)[]
}

const MEANINGS: Record<string, string> = {
  activeOnly: 'only positions that still hold shares',
  address: 'destination wallet address (EVM `0x…` or Solana base58)',
  amount: 'amount, a decimal string such as `"100"`',
  category: 'category name',
  clientOrderId: 'idempotency key of the order, 1 to 64 characters of `[A-Za-z0-9_-]`',
  cursor: 'the `nextCursor` of the previous page',
  depth: 'price levels per side',
  description: 'what the market is about',
  endTime: 'end, UTC milliseconds',
  evidenceHash: 'hash of the evidence behind the challenge',
  featuredOnly: 'only featured championships',
  id: 'API key id',
  interval: 'candle width',
  leverage: "leverage, a whole number from 1 (the market's maximum is the service's to enforce)",
  limit: 'most items to return',
  market: 'market symbol `<BASE>-<QUOTE>`, such as `BTC-USDC`',
  marketId: 'prediction market id (a string: real ids exceed 2^53)',
  marketIds: 'prediction market ids, at least one',
  marketType: 'kind of prediction market',
  marginMode: 'how a leveraged prediction order is margined: `cross` (as the service\'s own client sends) or `isolated`',
  message: 'login message `<service name> - login - <timestamp>`',
  offset: 'items to skip',
  orderId: 'order id',
  orderIds: 'order ids, at least one',
  orderType: '0 = GTC, 1 = GTD, 2 = IOC, 3 = FOK',
  orders: 'the orders, each as `placeOrder` takes it',
  outcomeIndex: 'outcome: binary markets 0 = Yes, 1 = No; multi-outcome markets 0 … n-1',
  outcomes: 'outcome labels of a multi-outcome market, at least 2',
  page: 'page number, from 1',
  pageSize: 'items per page',
  period: 'period',
  postOnly: 'only rest on the book: refused if it would take liquidity',
  price: 'limit price, a decimal string (limit orders only)',
  priceE6: 'price in millionths of USDC: a multiple of 1000 in [1000, 999000]',
  q: 'search words',
  question: 'the question the market resolves',
  reduceOnly: 'only reduce the open position, never grow or flip it',
  replace: 'replace legs that already exist instead of failing with `POS_TPSL_EXISTS`',
  search: 'part of a display name',
  side: 'order side',
  signature: 'wallet signature over `message`',
  size: 'size, a decimal string such as `"0.01"`',
  slug: 'championship slug or id',
  sortBy: 'what to rank by',
  startTime: 'start, UTC milliseconds',
  status: 'status',
  stopLossPrice: 'stop-loss trigger price, a decimal string',
  stopLossType: 'stop-loss order once triggered',
  symbol: 'token symbol, such as `ETH`',
  tag: 'tag',
  tags: 'tags',
  takeProfitPrice: 'take-profit trigger price, a decimal string',
  takeProfitType: 'take-profit order once triggered',
  timeInForce: 'GTC rests until cancelled; IOC fills what it can now; FOK fills in full now or not at all',
  timestamp: 'UTC milliseconds, the digits that end `message`',
  token: 'token symbol, such as `USDC`',
  txHash: 'transaction hash of the deposit',
  type: 'order type',
  walletAddress: 'wallet address of the user',
  walletType: 'kind of wallet',
}

/** Where a name means something else: by `group.field` or `group.operation.field`. */
const OVERRIDES: Record<string, string> = {
  'prediction.amount': 'whole shares',
  'prediction.side': '0 = buy, 1 = sell',
  'prediction.leverage': 'leverage of a margined order, a whole number from 1 (the cap, which depends on the market\'s duration, is the service\'s to enforce); sent with `marginMode`',
  'prediction.status': 'market status',
  'perp.modifyOrder.price': 'new limit price, a decimal string',
  'spot.modifyOrder.price': 'new limit price, a decimal string',
  'perp.modifyOrder.size': 'new size, a decimal string',
  'spot.modifyOrder.size': 'new size, a decimal string',
  'perp.closePosition.type': 'close at market, or with a limit IOC order at `price`',
  'perp.closePosition.size': 'size to close, a decimal string (the whole position when absent)',
  'perp.closePosition.price': 'IOC limit price of a limit close',
  'perp.adjustMargin.type': 'add margin to the position or take it out',
  'perp.cancelTpsl.type': 'which legs to cancel',
  'championship.type': 'kind of championship',
  'championship.status': 'championship status',
  'championship.period': 'championship period (list) or ranking window (leaderboard)',
  'perp.listOrderHistory.status': 'the state the order closed in',
  'spot.listOrderHistory.status': 'the state the order closed in',
}

interface SchemaNode {
  type: string
  wrapped?: SchemaNode
  entries?: Record<string, SchemaNode>
  options?: readonly (string | number)[]
}

/** The schema under `optional` (a `pipe` keeps its schema's type and entries, so it needs no unwrapping). */
const unwrap = (schema: SchemaNode): SchemaNode => (schema.type === 'optional' && schema.wrapped ? unwrap(schema.wrapped) : schema)

/** The fields of an operation's input, each with its meaning; throws naming a field that has none. */
export function fieldsOf(group: string, name: string, op: Operation<any, any>): Field[] {
  if (!op.input) return []
  const object = unwrap(op.input as unknown as SchemaNode)
  return Object.entries(object.entries ?? {}).map(([field, schema]) => {
    const meaning = OVERRIDES[`${group}.${name}.${field}`] ?? OVERRIDES[`${group}.${field}`] ?? MEANINGS[field]
    if (meaning === undefined) throw new Error(`scripts/api-docs/fields.ts: no meaning for the input field ${group}.${name}.${field}`)
    const inner = unwrap(schema)
    return { name: field, optional: schema.type === 'optional', meaning, ...(inner.type === 'picklist' && { values: inner.options }) }
  })
}

/** Whether the whole input may be left out (`input?:`): its schema is `v.optional(…)`. */
export const inputIsOptional = (op: Operation<any, any>) => (op.input as unknown as SchemaNode | undefined)?.type === 'optional'
