/**
 * What the crash bot (crash-bot.ts) and its harness (../crash-soak.test.ts) agree on: the intents (one
 * resting perp buy each, told apart on the exchange by its price), the bot's ledger (one JSON line per
 * intent it knows done) and the events it prints. Plain TypeScript, no import: Node, Deno and Bun load
 * it from the bot as it is.
 */

export const MARKET = 'BTC-USDC'
/** Where the harness pins BTC-USDC's mark: every intent's price is 12 % below it, inside the 15 % band. */
export const MARK_PRICE = '65000'
export const ORDER_SIZE = '0.001'
const BASE_PRICE = 57_000
/** The market's tick: intent i rests at BASE_PRICE + i ticks. */
const TICKS_PER_UNIT = 10

/** Intent i's order: a limit buy far below the mark, so it rests on the book and never fills. */
export function intentOrder(intent: number): { market: string; side: 'buy'; type: 'limit'; size: string; price: string } {
  return { market: MARKET, side: 'buy', type: 'limit', size: ORDER_SIZE, price: intentPrice(intent) }
}

export function intentPrice(intent: number): string {
  if (!Number.isInteger(intent) || intent < 0 || intent >= 10_000) throw new Error(`no intent ${intent}`)
  return `${BASE_PRICE + Math.floor(intent / TICKS_PER_UNIT)}.${intent % TICKS_PER_UNIT}`
}

/** The intent an order (or a journal record's input) stands for, from its market, size and price; undefined for any other. */
export function intentOf(order: { market?: unknown; size?: unknown; price?: unknown } | undefined): number | undefined {
  if (!order || order.market !== MARKET || typeof order.price !== 'string' || typeof order.size !== 'string') return undefined
  if (Number(order.size) !== Number(ORDER_SIZE)) return undefined
  const match = /^(\d+)(?:\.(\d))?0*$/.exec(order.price)
  if (!match) return undefined
  const intent = (Number(match[1]) - BASE_PRICE) * TICKS_PER_UNIT + Number(match[2] ?? 0)
  return intent >= 0 && intent < 10_000 ? intent : undefined
}

/** A line of the bot's ledger: an intent it knows is on the exchange, with the order's ids. */
export interface LedgerEntry {
  intent: number
  clientOrderId: string
  orderId: string
  /** How the bot learnt it: the placement's answer, or recover() after a crash. */
  via: 'answer' | 'recover'
}

/** The ledger's entries; a torn last line (a kill mid-append) is skipped. */
export function parseLedger(text: string): LedgerEntry[] {
  const entries: LedgerEntry[] = []
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue
    try {
      entries.push(JSON.parse(line) as LedgerEntry)
    } catch {
      // A line cut short by the kill: its append never completed, so the intent was never known done.
    }
  }
  return entries
}

/** The records left in a store file of `{"put":record}` and `{"delete":id}` lines (the leaky journal's); a torn last line is skipped. */
export function parseStoreLines(text: string): { id: string; [field: string]: unknown }[] {
  const records = new Map<string, { id: string }>()
  for (const line of text.split('\n')) {
    let entry: { put?: { id: string }; delete?: string }
    try {
      entry = JSON.parse(line) as typeof entry
    } catch {
      continue
    }
    if (entry.put) records.set(entry.put.id, entry.put)
    else if (entry.delete) records.delete(entry.delete)
  }
  return [...records.values()]
}

/** What recover() answers of one journal record, as far as the bot reads it. */
export interface RecoveredItem {
  id: string
  operation: string
  clientOrderIds: readonly string[]
  outcome: 'applied' | 'not-applied' | 'pending' | 'unknown'
  record: { input?: Readonly<Record<string, unknown>> }
  found?: unknown
  finalAt?: number
  reason?: string
}

/** The bot's state after reading its ledger and a recover() report. */
export interface StartState {
  /** Intent → the order the bot knows for it. */
  done: Map<number, LedgerEntry>
  /** Intents with a placement that may still land: not placed again until recover() says. */
  blocked: Set<number>
  /** Entries to append: orders recover() found that the ledger did not hold. */
  learnt: LedgerEntry[]
  /** Intents recover() found a second order for, or records it could not map: never expected. */
  anomalies: string[]
}

/**
 * Folds a recover() report into the ledger: applied → done (learnt when new), not-applied → open again,
 * pending (and unknown) → blocked. An intent that appears nowhere is open.
 */
export function applyRecovery(ledger: readonly LedgerEntry[], items: readonly RecoveredItem[]): StartState {
  const done = new Map<number, LedgerEntry>()
  for (const entry of ledger) done.set(entry.intent, entry)
  const state: StartState = { done, blocked: new Set(), learnt: [], anomalies: [] }
  for (const item of items) {
    if (item.operation !== 'perp.placeOrder') {
      state.anomalies.push(`${item.id}: ${item.operation} is no write of this bot`)
      continue
    }
    const intent = intentOf(item.record.input)
    if (intent === undefined) {
      state.anomalies.push(`${item.id}: its input ${JSON.stringify(item.record.input)} names no intent`)
      continue
    }
    if (item.outcome === 'applied') {
      const found = (item.found ?? {}) as { clientOrderId?: string | null; orderId?: string }
      const clientOrderId = found.clientOrderId ?? item.clientOrderIds[0]!
      const known = done.get(intent)
      if (known && known.clientOrderId !== clientOrderId) state.anomalies.push(`intent ${intent}: recover found ${clientOrderId}, the ledger holds ${known.clientOrderId}`)
      if (known) continue
      const entry: LedgerEntry = { intent, clientOrderId, orderId: String(found.orderId ?? ''), via: 'recover' }
      done.set(intent, entry)
      state.learnt.push(entry)
    } else if (item.outcome === 'pending' || item.outcome === 'unknown') {
      state.blocked.add(intent)
      if (item.outcome === 'unknown') state.anomalies.push(`${item.id}: unknown (${item.reason ?? 'no reason given'})`)
    }
  }
  for (const intent of done.keys()) state.blocked.delete(intent)
  return state
}

/** The intents still to place, in order: neither done nor blocked. */
export function openIntents(count: number, state: Pick<StartState, 'done' | 'blocked'>): number[] {
  const open: number[] = []
  for (let intent = 0; intent < count; intent++) if (!state.done.has(intent) && !state.blocked.has(intent)) open.push(intent)
  return open
}

/**
 * The bot's stdout: one line per event, `<event> <json>`. The harness times its kills by them:
 * `journaled` (the record is durable, the request has not left), `sent` (the request left), `answered` (its
 * answer came), `returned` (placeOrder returned: the SDK has settled the record; the ledger's append is next).
 */
export type BotEvent =
  | 'start' | 'recovered' | 'journaled' | 'sent' | 'answered' | 'returned' | 'placed' | 'unknown' | 'learnt' | 'anomaly' | 'finished'

export const formatEvent = (event: BotEvent, detail: Record<string, unknown> = {}): string => `${event} ${JSON.stringify(detail)}`

export function parseEvent(line: string): { event: BotEvent; detail: Record<string, unknown> } | undefined {
  const match = /^([a-z]+) (\{.*\})$/.exec(line)
  if (!match) return undefined
  try {
    return { event: match[1] as BotEvent, detail: JSON.parse(match[2]!) as Record<string, unknown> }
  } catch {
    return undefined
  }
}
