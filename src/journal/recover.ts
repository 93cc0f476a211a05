// After a crash: what became of each write the journal still holds. Each is settled from what the
// exchange shows of it, by the rule reconcile follows: "not applied" only once the server's clock,
// freshly measured and confirmed, is past the last moment an attempt could be accepted.
import { findWalk, RECONCILE_MARGIN_MS, settleWrite, TIMESTAMP_TOLERANCE_MS, type ServerTimeSource } from '../api/common/reconcile.ts'
import type { OperationBinder } from '../api/operation.ts'
import { paginate, type ListMethod, type PaginateOptions } from '../api/paginate.ts'
import { accountApi } from '../areas/account.ts'
import { perpApi } from '../areas/perp.ts'
import { predictionApi } from '../areas/prediction.ts'
import { spotApi } from '../areas/spot.ts'
import type { Deposit, Withdrawal } from '../api/account.ts'
import type { PredictionOrder } from '../api/prediction/trading.ts'
import { ExchangeApiError } from '../errors.ts'
import { getKeyInfo } from '../key-calls.ts'
import type { JournalRecord, JournalStore } from './store.ts'

export interface RecoverOptions {
  /** Keep looking until nothing is pending (the window of the latest write passes: up to 35 s), or `signal` aborts. Default false. */
  wait?: boolean
  /** Between looks while waiting, in ms. Default 1000. */
  pollMs?: number
  signal?: AbortSignal
}

/**
 * - `applied`: the exchange shows the write's effect: the order it placed (`found`), the cancel, the
 *   withdrawal; for a write that sets a state (leverage, TP/SL, a cancel, a full close) the state it
 *   asked for holds, whoever set it. Do not send it again.
 * - `not-applied`: final: it did not take effect and no attempt of it can any more. Safe to send again.
 * - `pending`: not seen yet, and an attempt may still be accepted until the server's clock passes
 *   `finalAt`; or it could not be looked up now (`reason`). Kept in the journal: recover again later.
 * - `unknown`: no attempt can be accepted any more, but the exchange shows nothing that tells whether
 *   one was: `reason` says what to check.
 */
export type RecoveryOutcome = 'applied' | 'not-applied' | 'pending' | 'unknown'

export interface RecoveryItem {
  readonly id: string
  readonly operation: string
  readonly clientOrderIds: readonly string[]
  readonly outcome: RecoveryOutcome
  /** Why, in words; for `unknown`, what to check. */
  readonly reason: string
  /** What the exchange shows of it: the order (a placement, or the order a cancel or a change was for), the withdrawal or deposit, the position, the leverage. */
  readonly found?: unknown
  /** A batch placement: each order's outcome (the batch is `applied` when any order was taken). */
  readonly orders?: readonly { readonly clientOrderId: string; readonly outcome: 'applied' | 'not-applied' | 'pending'; readonly order?: unknown }[]
  /** `pending`: the server time (UTC ms) after which no attempt can be accepted. */
  readonly finalAt?: number
  /** The journal's record, as written before the write left. */
  readonly record: JournalRecord
}

/** One item per record that was not in flight in this process: settled ones are dropped from the journal, pending ones kept. */
export interface RecoveryReport {
  readonly items: readonly RecoveryItem[]
}

type Core = OperationBinder & ServerTimeSource & { readonly baseUrl: string; readonly apiKey: string | undefined }
type Settlement = Omit<RecoveryItem, 'id' | 'operation' | 'clientOrderIds' | 'record'>
/** What the exchange shows of a write: its effect (`found`), a state in which it can never apply (`never`), or nothing yet. */
type Sight = { found: unknown } | { never: unknown; reason: string } | undefined
type Look = (options: PaginateOptions) => Promise<Sight>

/** After a signature's timestamp, how long an attempt may still be accepted (the service's tolerance) and recorded. */
const WINDOW_MS = TIMESTAMP_TOLERANCE_MS + RECONCILE_MARGIN_MS

const AREAS = { perp: perpApi, spot: spotApi, prediction: predictionApi, account: accountApi }
type Areas = { [Name in keyof typeof AREAS]: ReturnType<(typeof AREAS)[Name]> }
const built = new WeakMap<object, Partial<Areas>>()

/** The area group recovery reads `core` through, built once per core (every look and every poll reuses it). */
function areaOf<Name extends keyof Areas>(core: Core, name: Name): Areas[Name] {
  let areas = built.get(core)
  if (!areas) built.set(core, (areas = {}))
  return (areas[name] ??= AREAS[name](core) as Areas[Name]) as Areas[Name]
}

/** A decimal string's value as a key: `65000`, `65000.0` and `065000.00` alike. */
const decimal = (value: unknown): string | undefined => {
  if (value === undefined || value === null) return undefined
  const [whole = '', fraction = ''] = String(value).split('.')
  const digits = fraction.replace(/0+$/, '')
  return `${whole.replace(/^0+(?=\d)/, '')}${digits ? `.${digits}` : ''}`
}
const sameDecimal = (a: unknown, b: unknown): boolean => decimal(a) !== undefined && decimal(a) === decimal(b)
const lower = (value: unknown): string => String(value ?? '').toLowerCase()
const isNotFound = (error: unknown): boolean => error instanceof ExchangeApiError && error.status === 404

/** Thrown out of a look that saw a state in which the write can never apply: no need to wait for the window. */
class Never extends Error {
  readonly sight: { never: unknown; reason: string }
  constructor(sight: { never: unknown; reason: string }) {
    super(sight.reason)
    this.sight = sight
  }
}

/** Settles by `look` within the write's window: what it shows, else not applied (or `ifAbsent`) once no attempt can land. */
async function byLook(core: Core, record: JournalRecord, look: Look, options: RecoverOptions | undefined, ifAbsent?: string): Promise<Settlement> {
  let result
  try {
    result = await settleWrite(
      async (call) => {
        const sight = await look(call)
        if (sight && 'never' in sight) throw new Never(sight)
        return sight
      },
      core,
      record.lastSignedAt,
      options,
    )
  } catch (error) {
    if (error instanceof Never) return { outcome: 'not-applied', found: error.sight.never, reason: error.sight.reason }
    throw error
  }
  if (result.status === 'found') return { outcome: 'applied', found: (result.order as { found: unknown }).found, reason: 'the exchange shows it' }
  if (result.status === 'pending') return { outcome: 'pending', finalAt: result.finalAt, reason: 'not seen yet, and an attempt may still be accepted until finalAt' }
  return ifAbsent
    ? { outcome: 'unknown', reason: ifAbsent }
    : { outcome: 'not-applied', reason: 'not seen, and no attempt can be accepted any more: safe to send again' }
}

/** An order looked up by id: applied when its status is `done`; never when it closed otherwise. */
function orderStatusLook(get: (options: PaginateOptions) => Promise<object | undefined>, done: (order: { status?: unknown }) => boolean, write: string): Look {
  return async (call) => {
    let order: { status?: unknown } | undefined
    try {
      order = (await get(call)) as { status?: unknown } | undefined
    } catch (error) {
      if (isNotFound(error)) return undefined
      throw error
    }
    if (!order) return undefined
    if (done(order)) return { found: order }
    const status = lower(order.status)
    const open = status === 'open' || status === 'active' || status.startsWith('partial')
    return open ? undefined : { never: order, reason: `the order is ${status}: the ${write} cannot apply any more` }
  }
}

/** Every item of a page list (page/pageSize), within the walk's bounds. */
type PageQuery = { page?: number; pageSize?: number }
async function* pages<T>(list: ListMethod<PageQuery, T>, call: PaginateOptions): AsyncGenerator<T> {
  yield* paginate<PageQuery, T>(list, { pageSize: 100 }, findWalk(call))
}

/** A transfer (withdrawal, deposit) listed with the write's token and amount (and address), made within its window. */
function transferLook<T extends { token: string; amount: string; address?: string | null; createdAt: number; txHash?: string | null }>(
  record: JournalRecord,
  list: ListMethod<PageQuery, T>,
): Look {
  const input = record.input ?? {}
  return async (call) => {
    const matches: T[] = []
    for await (const item of pages<T>(list, call)) {
      if (!withinWindow(record, item.createdAt)) continue
      if (lower(item.token) !== lower(input.token) || !sameDecimal(item.amount, input.amount)) continue
      if (input.address !== undefined && lower(item.address) !== lower(input.address)) continue
      if (input.txHash !== undefined && item.txHash !== input.txHash) continue
      matches.push(item)
    }
    if (matches.length > 1) throw new Ambiguous(matches, `${matches.length} transfers of ${String(input.amount)} ${String(input.token)} in its window: check which is this one`)
    return matches.length === 1 ? { found: matches[0] } : undefined
  }
}

/** Whether the service may have acted on the write at `at` (its time): within 30 s of a signature's timestamp either way, plus a margin. */
const withinWindow = (record: JournalRecord, at: number): boolean => at >= record.firstSignedAt - WINDOW_MS && at <= record.lastSignedAt + WINDOW_MS

/** Two or more things the exchange shows could each be the write's effect. */
class Ambiguous extends Error {
  readonly candidates: unknown[]
  constructor(candidates: unknown[], reason: string) {
    super(reason)
    this.candidates = candidates
  }
}

const placements = new Set(['perp.placeOrder', 'perp.placeOrders', 'spot.placeOrder', 'spot.placeOrders', 'prediction.placeOrder', 'prediction.placeMultiOutcomeOrder'])

/** What to check for writes the exchange shows no trace of, by operation. */
const UNTRACEABLE: Record<string, string> = {
  'perp.adjustMargin': "a margin change leaves no record of its own: compare perp.getPosition(market).margin with what you expect",
  'perp.closePosition': 'a close by size leaves no order of yours to find: check perp.getPosition(market) and perp.listTradeHistory around firstSignedAt',
  'prediction.mintCompleteSet': 'check prediction.listMyPositions(marketId) balances against what you expect',
  'prediction.mintMultiOutcomeCompleteSet': 'check prediction.listMyPositions(marketId) balances against what you expect',
  'prediction.redeemCompleteSet': 'check prediction.listMyPositions(marketId) balances against what you expect',
  'prediction.redeemMultiOutcomeCompleteSet': 'check prediction.listMyPositions(marketId) balances against what you expect',
  'prediction.claimWinnings': 'check prediction.listMyPositions(marketId): claimed shares are gone from it',
  'prediction.claimMultiOutcomeWinnings': 'check prediction.listMyPositions(marketId): claimed shares are gone from it',
}

async function settle(core: Core, record: JournalRecord, options: RecoverOptions | undefined): Promise<Settlement> {
  const input = (record.input ?? {}) as Record<string, any>
  const [group] = record.operation.split('.')
  const area = () => areaOf(core, group === 'spot' ? 'spot' : 'perp')
  if (placements.has(record.operation)) {
    const find = (clientOrderId: string, call: PaginateOptions) =>
      group === 'prediction' ? areaOf(core, 'prediction').findOrder({ clientOrderId }, call) : area().findOrder({ clientOrderId }, call)
    const orders = []
    let finalAt: number | undefined
    for (const clientOrderId of record.clientOrderIds) {
      const one = await byLook(core, record, async (call) => {
        const order = await find(clientOrderId, call)
        return order && { found: order }
      }, options)
      finalAt ??= one.finalAt
      orders.push({ clientOrderId, outcome: one.outcome as 'applied' | 'not-applied' | 'pending', order: one.found })
    }
    const outcome = orders.some((order) => order.outcome === 'pending') ? 'pending' : orders.some((order) => order.outcome === 'applied') ? 'applied' : 'not-applied'
    const reason = outcome === 'applied' ? 'the exchange holds the order' : outcome === 'pending' ? 'not found yet, and an attempt may still be accepted until finalAt' : 'not found, and no attempt can be accepted any more: safe to place again'
    return record.clientOrderIds.length === 1 ? { outcome, found: orders[0]!.order, reason, ...(outcome === 'pending' && { finalAt }) } : { outcome, orders, reason, ...(outcome === 'pending' && { finalAt }) }
  }
  switch (record.operation) {
    case 'perp.cancelOrder':
    case 'spot.cancelOrder':
      return byLook(core, record, orderStatusLook((call) => area().getOrder({ orderId: input.orderId }, call), (order) => lower(order.status) === 'cancelled', 'cancel'), options)
    case 'perp.cancelOrders':
    case 'spot.cancelOrders':
    case 'prediction.cancelOrders':
    case 'prediction.cancelOrder': {
      const ids: string[] = input.orderIds ?? [input.orderId]
      const get = (orderId: string, call: PaginateOptions) =>
        group === 'prediction' ? predictionOrder(core, input.marketId, orderId, call) : area().getOrder({ orderId }, call)
      const settled = []
      for (const orderId of ids) settled.push(await byLook(core, record, orderStatusLook((call) => get(orderId, call), (order) => lower(order.status) === 'cancelled', 'cancel'), options))
      return combined(settled)
    }
    case 'prediction.cancelAllOrders':
      return byLook(core, record, async (call) => {
        // Applied when no order of the market (or any) placed before the cancel is still open.
        for await (const order of predictionOrders(core, input.marketId, call)) {
          const status = lower(order.status)
          if ((status === 'active' || status.startsWith('partial')) && (order.createdAt ?? 0) <= record.firstSignedAt) return undefined
        }
        return { found: null }
      }, options)
    case 'perp.modifyOrder':
    case 'spot.modifyOrder':
      return byLook(core, record, orderStatusLook(
        (call) => area().getOrder({ orderId: input.orderId }, call),
        (order: Record<string, unknown>) => (input.price === undefined || sameDecimal(order.price, input.price)) && (input.size === undefined || sameDecimal(order.size, input.size)),
        'change',
      ), options)
    case 'perp.setLeverage':
      return byLook(core, record, async (call) => {
        const leverage = await areaOf(core, 'perp').getLeverage({ market: input.market }, call)
        return leverage.leverage === input.leverage ? { found: leverage } : undefined
      }, options)
    case 'perp.setTpsl':
    case 'perp.modifyTpsl':
    case 'perp.cancelTpsl':
      return byLook(core, record, async (call) => {
        const position = await positionOf(core, input.market, call)
        if (!position) return { never: null, reason: 'the position is closed: its TP/SL cannot apply' }
        const { takeProfitPrice: tp, stopLossPrice: sl } = position
        const holds = record.operation === 'perp.cancelTpsl'
          ? (input.type === 'stop_loss' || tp == null) && (input.type === 'take_profit' || sl == null)
          : (input.takeProfitPrice === undefined || sameDecimal(tp, input.takeProfitPrice)) && (input.stopLossPrice === undefined || sameDecimal(sl, input.stopLossPrice))
        return holds ? { found: position } : undefined
      }, options)
    case 'perp.closePosition':
      if (input.size === undefined) {
        return byLook(core, record, async (call) => {
          const position = await positionOf(core, input.market, call)
          return !position || Number(position.size) === 0 ? { found: position ?? null } : undefined
        }, options)
      }
      break
    case 'prediction.finalizeResult':
      return byLook(core, record, async (call) => {
        const proposal = await areaOf(core, 'prediction').getProposal({ marketId: input.marketId }, call)
        return proposal.status === 'finalized' ? { found: proposal } : undefined
      }, options)
    case 'prediction.challengeResult':
      // A challenge of this outcome made within the write's window.
      return ambiguousAware(() => byLook(core, record, async (call) => {
        const proposal = await areaOf(core, 'prediction').getProposal({ marketId: input.marketId }, call)
        const matches = proposal.challenges.filter((challenge) => challenge.outcomeIndex === input.outcomeIndex && withinWindow(record, challenge.challengedAt))
        if (matches.length > 1) throw new Ambiguous(matches, `${matches.length} challenges of outcome ${String(input.outcomeIndex)} in its window: check which is this one`)
        return matches.length === 1 ? { found: proposal } : undefined
      }, options))
    case 'prediction.createMarket':
      // A market with this question, category and end, created within the write's window.
      return ambiguousAware(() => byLook(core, record, async (call) => {
        const matches: unknown[] = []
        const list = (query: PageQuery, opts?: PaginateOptions) => areaOf(core, 'prediction').listMarkets({ ...query, category: input.category }, opts)
        for await (const market of pages(list, call)) {
          if (market.question === input.question && market.endTime === input.endTime && (market.createdAt === undefined || withinWindow(record, market.createdAt))) matches.push(market)
        }
        if (matches.length > 1) throw new Ambiguous(matches, `${matches.length} markets with this question in its window: check which is this one`)
        return matches.length === 1 ? { found: matches[0] } : undefined
      }, options))
    case 'keys.rotate':
      // The key stops taking the secret this client signs with once a rotation took effect.
      return byLook(core, record, async (call) => {
        try {
          await getKeyInfo(core, call)
          return undefined
        } catch (error) {
          if (!(error instanceof ExchangeApiError) || error.code !== 'AUTH_INVALID_SIGNATURE') throw error
          return { found: null }
        }
      }, options).then((settled) =>
        settled.outcome === 'applied'
          ? { ...settled, reason: 'the key no longer takes the secret this client signs with: the rotation took effect, and its new secret was lost with the answer; mint a new key (onboard) with the wallet' }
          : settled)
    case 'account.withdraw':
      return ambiguousAware(() => byLook(core, record, transferLook<Withdrawal>(record, (query, call) => areaOf(core, 'account').listWithdrawals(query, call)), options))
    case 'account.deposit':
      return ambiguousAware(() => byLook(core, record, transferLook<Deposit>(record, (query, call) => areaOf(core, 'account').listDeposits(query, call)), options))
  }
  const check = UNTRACEABLE[record.operation] ?? `${record.operation} is not one the SDK can look up: check its effect yourself`
  return byLook(core, record, async () => undefined, options, `no attempt can be accepted any more, and nothing the exchange shows says whether one was: ${check}`)
}

/** The position in `market`, or undefined when there is none. */
async function positionOf(core: Core, market: string, call: PaginateOptions) {
  try {
    return await areaOf(core, 'perp').getPosition({ market }, call)
  } catch (error) {
    if (isNotFound(error)) return undefined
    throw error
  }
}

/** A prediction order by id, from the user's order list. */
async function predictionOrder(core: Core, marketId: string | undefined, orderId: string, call: PaginateOptions) {
  for await (const order of predictionOrders(core, marketId, call)) {
    if (order.orderId === orderId) return order
  }
  return undefined
}

/** The user's prediction orders (of `marketId`, when given), every page. */
function predictionOrders(core: Core, marketId: string | undefined, call: PaginateOptions): AsyncGenerator<PredictionOrder> {
  return pages<PredictionOrder>((query, opts) => areaOf(core, 'prediction').listMyOrders({ ...query, marketId }, opts), call)
}

/** Several looks (a batch cancel): applied when all applied; pending when any is; else not applied (naming what was). */
function combined(settled: Settlement[]): Settlement {
  const pending = settled.find((one) => one.outcome === 'pending')
  if (pending) return pending
  if (settled.every((one) => one.outcome === 'applied')) return { outcome: 'applied', found: settled.map((one) => one.found), reason: 'the exchange shows every order cancelled' }
  return { outcome: 'not-applied', found: settled.map((one) => one.found), reason: settled.map((one) => one.reason).join('; ') }
}

async function ambiguousAware(run: () => Promise<Settlement>): Promise<Settlement> {
  try {
    return await run()
  } catch (error) {
    if (error instanceof Ambiguous) return { outcome: 'unknown', found: error.candidates, reason: error.message }
    throw error
  }
}

/**
 * Settles every record of `store` not in flight here (`inFlight`), oldest first: settled ones are
 * dropped, pending ones kept. A record signed with another key or for another base URL is kept and
 * reported pending: only a client of that key can look it up.
 */
export async function recoverFrom(core: object, store: JournalStore, inFlight: (id: string) => boolean, options?: RecoverOptions): Promise<RecoveryReport> {
  const client = core as Core
  const records = (await store.list()).filter((record) => !inFlight(record.id)).sort((a, b) => a.firstSignedAt - b.firstSignedAt)
  const items: RecoveryItem[] = []
  for (const record of records) {
    const { id, operation, clientOrderIds } = record
    let settlement: Settlement
    if (record.baseUrl !== client.baseUrl || record.apiKey !== client.apiKey) {
      settlement = { outcome: 'pending', reason: `signed with key ${String(record.apiKey).slice(0, 9)}… for ${record.baseUrl}: recover it with a client of that key and base URL` }
    } else {
      for (;;) {
        try {
          settlement = await settle(client, record, options)
          break
        } catch (error) {
          // Could not look now (the exchange unreachable, a refusal): pending, or look again when waiting.
          if (options?.wait !== true || options.signal?.aborted) {
            settlement = { outcome: 'pending', reason: `could not be looked up: ${(error as Error).message}` }
            break
          }
          await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 1000))
        }
      }
    }
    if (settlement.outcome !== 'pending') await store.delete(id)
    items.push({ id, operation, clientOrderIds, ...settlement, record })
  }
  return { items }
}
