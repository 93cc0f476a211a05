/**
 * A trading bot that dies: run by test/journal/crash-soak.test.ts under Node 22, Deno and Bun, and killed
 * with SIGKILL at random points. It loads the built package (dist/runtime/, `node scripts/build.ts`) by path,
 * as all three runtimes can, and trades through `fileJournal`, with the clientOrderIds the SDK generates.
 *
 * Each intent i is one resting perp buy whose price encodes i (crash-intents.ts). The bot's ledger, a file
 * appended and fsynced, holds each intent it knows done. On start it calls `recover()` first: applied →
 * done (into the ledger), not-applied → open again, pending → blocked (not placed again in this run); then it
 * places the intents neither done nor blocked, in order. With --finish it then waits out what is pending
 * (`recover({ wait: true })`), places what is left, and exits 0 once every intent is done.
 *
 * usage: <runtime> crash-bot.ts --base-url URL --journal PATH --ledger PATH --intents N [--finish]
 * environment:
 *   CRASH_BOT_API_KEY, CRASH_BOT_SECRET_KEY  the account's key
 *   CRASH_BOT_PAUSE_MS      a test hook: sleep this long once a placement is journaled, before it leaves
 *                           (the harness kills it in that window when it reads `journaled`); with
 *   CRASH_BOT_PAUSE_AT=returned  instead once placeOrder has returned, before the ledger's append
 *   CRASH_BOT_GAP_MS        pause between two placements (default 40), so kills land while it trades
 *   CRASH_BOT_LEAKY=1       the broken journal the soak must catch: put resolves at once and writes later
 *   CRASH_BOT_DIST          a directory holding another build of dist/runtime/ to load instead
 */
import { appendFileSync, closeSync, existsSync, fsyncSync, openSync, readFileSync, writeSync } from 'node:fs'
import process from 'node:process'
import type * as Sdk from '../../../src/index.ts'
import type * as JournalEntry from '../../../src/journal.ts'
import type * as JournalFile from '../../../src/journal-file.ts'
import type { JournalRecord, JournalStore } from '../../../src/journal/store.ts'
import { applyRecovery, formatEvent, intentOf, intentOrder, openIntents, parseLedger, parseStoreLines, type BotEvent, type LedgerEntry, type RecoveredItem, type StartState } from './crash-intents.ts'

const args = process.argv.slice(2)
const flag = (name: string): string => {
  const at = args.indexOf(name)
  const value = at === -1 ? undefined : args[at + 1]
  if (value === undefined) throw new Error(`crash-bot: ${name} is required`)
  return value
}
const baseUrl = flag('--base-url')
const journalPath = flag('--journal')
const ledgerPath = flag('--ledger')
const intentCount = Number(flag('--intents'))
const finish = args.includes('--finish')
const pauseMs = Number(process.env.CRASH_BOT_PAUSE_MS ?? 0)
const pauseAt = process.env.CRASH_BOT_PAUSE_AT === 'returned' ? 'returned' : 'journaled'
const gapMs = Number(process.env.CRASH_BOT_GAP_MS ?? 40)
const leaky = process.env.CRASH_BOT_LEAKY === '1'

const g = globalThis as { Deno?: { version: { deno: string } }; Bun?: { version: string } }
const runtime = g.Deno ? `deno ${g.Deno.version.deno}` : g.Bun ? `bun ${g.Bun.version}` : `node ${process.versions.node}`
const emit = (event: BotEvent, detail: Record<string, unknown> = {}) => console.log(formatEvent(event, { t: Date.now(), ...detail }))
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

// The built package, as a program outside this repository would load it (CRASH_BOT_DIST: another build of it).
const dist = process.env.CRASH_BOT_DIST ? new URL(`file://${process.env.CRASH_BOT_DIST.replace(/\/?$/, '/')}`) : new URL('../../../dist/runtime/', import.meta.url)
const { ExchangeClient, OrderOutcomeUnknownError } = (await import(new URL('index.js', dist).href)) as typeof Sdk
const { fileJournal } = (await import(new URL('journal-file.js', dist).href)) as typeof JournalFile
const { journalOn } = (await import(new URL('journal.js', dist).href)) as typeof JournalEntry

// The ledger: one line per intent known done, on disk (fsync) before the bot goes on.
const ledgerFd = openSync(ledgerPath, 'a')
const remember = (entry: LedgerEntry) => {
  writeSync(ledgerFd, `${JSON.stringify(entry)}\n`)
  fsyncSync(ledgerFd)
}

/**
 * The broken journal the soak must catch: a store in a file of JSON lines whose put resolves at once and
 * writes 5 s later (a delete first cancels it). The SDK's file journal flushes before the put resolves.
 */
function leakyStore(path: string): JournalStore {
  const later = new Map<string, ReturnType<typeof setTimeout>>()
  const line = (entry: object) => appendFileSync(path, `${JSON.stringify(entry)}\n`)
  return {
    async put(record: JournalRecord) {
      clearTimeout(later.get(record.id))
      later.set(record.id, setTimeout(() => {
        later.delete(record.id)
        line({ put: record })
      }, 5_000))
    },
    async delete(id: string) {
      clearTimeout(later.get(id))
      later.delete(id)
      line({ delete: id })
    },
    list: async () => (existsSync(path) ? parseStoreLines(readFileSync(path, 'utf8')) as unknown as JournalRecord[] : []),
  }
}

/**
 * fetch, seen by the bot. The SDK calls it once the journal's put has resolved, so a placement reaching it
 * is `journaled`; the bot pauses there when told (a test hook: the harness kills it in that window), then
 * says when the request left (`sent`) and when its answer came (`answered`).
 */
const tracedFetch: typeof fetch = async (input, init) => {
  const request = new Request(input, init)
  const path = new URL(request.url).pathname
  if (request.method === 'GET') return fetch(request)
  const placement = request.method === 'POST' && path === '/api/v1/perp/orders'
  if (placement) {
    const body = JSON.parse(await request.clone().text()) as { clientOrderId?: string; market?: string; size?: string; price?: string }
    emit('journaled', { clientOrderId: body.clientOrderId, intent: intentOf(body) })
    if (pauseAt === 'journaled' && pauseMs > 0) await sleep(pauseMs)
  }
  emit('sent', { method: request.method, path })
  const response = await fetch(request)
  emit('answered', { method: request.method, path, status: response.status })
  return response
}

// keepAccepted: an accepted placement's record stays until the ledger has it (acknowledge below), so a
// kill between placeOrder's return and the ledger's append leaves it for recover().
const journal = leaky ? journalOn(leakyStore(journalPath), { keepAccepted: true }) : fileJournal(journalPath, { keepAccepted: true })
const client = new ExchangeClient({
  baseUrl,
  apiKey: process.env.CRASH_BOT_API_KEY!,
  secretKey: process.env.CRASH_BOT_SECRET_KEY!,
  fetch: tracedFetch,
  journal,
})
const recover = (options: { wait?: boolean; pollMs?: number }) => client.recover(options) as Promise<{ items: readonly RecoveredItem[] }>

emit('start', { runtime, pid: process.pid, finish, leaky })

/** recover(), folded into the ledger: what it found goes to disk before anything is placed. */
async function recoverInto(wait: boolean): Promise<StartState> {
  const report = await recover(wait ? { wait: true, pollMs: 1_000 } : {})
  const state = applyRecovery(parseLedger(readFileSync(ledgerPath, 'utf8')), report.items)
  for (const entry of state.learnt) {
    remember(entry)
    emit('learnt', { intent: entry.intent, clientOrderId: entry.clientOrderId })
  }
  for (const anomaly of state.anomalies) emit('anomaly', { anomaly })
  const summary = report.items.map((item) => ({ id: item.id, intent: intentOf(item.record.input), outcome: item.outcome, finalAt: item.finalAt }))
  emit('recovered', { wait, items: summary })
  return state
}

/** Places each open intent once; an answer never read leaves it blocked until the next recover(). */
async function placeOpen(state: StartState): Promise<void> {
  for (const intent of openIntents(intentCount, state)) {
    if (gapMs > 0) await sleep(gapMs)
    try {
      const placed = await client.perp.placeOrder(intentOrder(intent))
      emit('returned', { intent, clientOrderId: placed.clientOrderId })
      if (pauseAt === 'returned' && pauseMs > 0) await sleep(pauseMs)
      const entry: LedgerEntry = { intent, clientOrderId: String(placed.clientOrderId), orderId: placed.orderId, via: 'answer' }
      remember(entry)
      await journal.acknowledge(entry.clientOrderId)
      state.done.set(intent, entry)
      emit('placed', { intent, clientOrderId: placed.clientOrderId, orderId: placed.orderId })
    } catch (error) {
      if (!(error instanceof OrderOutcomeUnknownError)) throw error
      state.blocked.add(intent)
      emit('unknown', { intent, clientOrderId: error.clientOrderId, message: error.message })
    }
  }
}

let state = await recoverInto(finish)
await placeOpen(state)
if (finish) {
  for (let round = 0; openIntents(intentCount, { done: state.done, blocked: new Set() }).length > 0; round++) {
    if (round === 5) throw new Error(`crash-bot: intents still not done after ${round} rounds of recover({ wait: true })`)
    state = await recoverInto(true)
    await placeOpen(state)
  }
}
closeSync(ledgerFd)
emit('finished', { done: state.done.size, blocked: [...state.blocked] })
process.exit(0)
