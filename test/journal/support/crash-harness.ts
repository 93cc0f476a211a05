// The crash soak's harness: starts crash-bot.ts in a runtime, kills it (SIGKILL) at the points it is told,
// restarts it, and at the end counts orphans, duplicates and lost intents from the exchange's own orders.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ReferenceExchange } from '../../../src/testing/index.ts'
import { ROOT } from '../../runtimes/bundle.ts'
import { runtimeBin } from '../../runtimes/tools.ts'
import { intentOf, parseEvent, parseLedger, type BotEvent } from './crash-intents.ts'

export const BOT = join(ROOT, 'test', 'journal', 'support', 'crash-bot.ts')
export type Runtime = 'node' | 'deno' | 'bun'
/**
 * Where a kill is aimed: right after a journal put (the bot pauses there), while an answer is held, at a random
 * delay; or once placeOrder has returned, before the bot's ledger has the order (the bot pauses there).
 */
export type KillPoint = 'journaled' | 'held' | 'random' | 'returned'

export interface BotConfig {
  runtime: Runtime
  baseUrl: string
  apiKey: string
  secretKey: string
  journal: string
  ledger: string
  intents: number
  /** Files the bot may write (Deno's --allow-write): the journal's and the ledger's directory. */
  dir: string
  leaky?: boolean
}

function command(runtime: Runtime, dir: string): string[] {
  switch (runtime) {
    case 'node':
      return [process.execPath, BOT]
    case 'deno':
      return [runtimeBin('deno'), 'run', '--no-lock', '--no-config', '--allow-net=127.0.0.1', `--allow-read=${[ROOT, dir, process.env.CRASH_BOT_DIST].filter(Boolean).join(',')}`, `--allow-write=${dir}`, '--allow-env', '--allow-run', BOT]
    case 'bun':
      return [runtimeBin('bun'), BOT]
  }
}

export interface BotEventLine {
  event: BotEvent
  detail: Record<string, unknown>
  /** Harness time it was read (performance.now()). */
  at: number
}

/** One run of the bot: its events as they arrive, and its end. */
export class BotRun {
  readonly child: ChildProcess
  readonly events: BotEventLine[] = []
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  stderr = ''
  #pending = ''
  #waiters: (() => void)[] = []
  #done = false

  constructor(config: BotConfig, options: { finish?: boolean; pauseMs?: number; pauseAt?: 'journaled' | 'returned' } = {}) {
    const [bin, ...pre] = command(config.runtime, config.dir)
    const args = [...pre, '--base-url', config.baseUrl, '--journal', config.journal, '--ledger', config.ledger, '--intents', String(config.intents)]
    if (options.finish) args.push('--finish')
    const env: Record<string, string> = {
      ...(process.env as Record<string, string>),
      CRASH_BOT_API_KEY: config.apiKey,
      CRASH_BOT_SECRET_KEY: config.secretKey,
      CRASH_BOT_PAUSE_MS: String(options.pauseMs ?? 0),
      CRASH_BOT_PAUSE_AT: options.pauseAt ?? 'journaled',
      CRASH_BOT_LEAKY: config.leaky ? '1' : '0',
      NO_COLOR: '1',
    }
    this.child = spawn(bin!, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
    this.child.stdout!.on('data', (chunk: Buffer) => this.#read(chunk.toString('utf8')))
    this.child.stderr!.on('data', (chunk: Buffer) => (this.stderr += chunk.toString('utf8')))
    this.exited = new Promise((resolve) => this.child.on('close', (code, signal) => {
      this.#read('\n')
      this.#done = true
      this.#wake()
      resolve({ code, signal })
    }))
  }

  #read(text: string): void {
    this.#pending += text
    const lines = this.#pending.split('\n')
    this.#pending = lines.pop()!
    for (const line of lines) {
      const parsed = parseEvent(line.trim())
      if (parsed) this.events.push({ ...parsed, at: performance.now() })
    }
    this.#wake()
  }

  #wake(): void {
    for (const waiter of this.#waiters.splice(0)) waiter()
  }

  /** The first event from index `from` on that passes `test`; undefined when the bot ends or `timeoutMs` passes first. */
  async next(from: number, test: (line: BotEventLine) => boolean, timeoutMs: number): Promise<{ line: BotEventLine; index: number } | undefined> {
    const deadline = performance.now() + timeoutMs
    for (let index = from; ; ) {
      for (; index < this.events.length; index++) if (test(this.events[index]!)) return { line: this.events[index]!, index }
      const left = deadline - performance.now()
      if (this.#done || left <= 0) return undefined
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        this.#waiters.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
  }

  get ended(): boolean {
    return this.#done
  }

  kill(): void {
    if (!this.#done) this.child.kill('SIGKILL')
  }
}

export interface KillRow {
  runtime: Runtime
  kill: number
  aimed: KillPoint
  /** Where the bot was: the last event it printed before it died. */
  landed: string
  /** What the next run's recover() reported. */
  recovered: string
}

const isPlacementSend = (line: BotEventLine) => line.event === 'sent' && line.detail.path === '/api/v1/perp/orders'

/** Where a run was when it died, from the last events it printed. */
export function landedAt(events: readonly BotEventLine[]): string {
  const last = events.at(-1)
  if (!last) return 'starting'
  const journaled = [...events].reverse().find((line) => line.event === 'journaled')
  const intent = journaled ? ` (intent ${String(journaled.detail.intent)})` : ''
  switch (last?.event) {
    case 'start':
      return 'in recover()'
    case 'journaled':
      return `journaled, not sent${intent}`
    case 'sent':
      return isPlacementSend(last) ? `sent, answer outstanding${intent}` : `sent ${String(last.detail.path)}`
    case 'answered':
      return `answered, not yet returned${intent}`
    case 'returned':
      return `returned, not yet in the ledger${intent}`
    default:
      return `between placements (after ${last.event})`
  }
}

/** A recover() report in one cell: the count per outcome, with the intents. */
export function describeRecovery(line: BotEventLine | undefined): string {
  if (!line) return 'no recover() (killed first)'
  const items = (line.detail.items ?? []) as { intent?: number; outcome: string }[]
  if (items.length === 0) return 'nothing to recover'
  const byOutcome = new Map<string, number[]>()
  for (const item of items) byOutcome.set(item.outcome, [...(byOutcome.get(item.outcome) ?? []), item.intent ?? -1])
  return [...byOutcome].map(([outcome, intents]) => `${outcome} ${intents.length} (#${intents.join(', #')})`).join('; ')
}

/**
 * Runs the bot until it has been killed once at each of `points` (a run that ends on its own, every intent done
 * or blocked, is started again), restarting it after each kill. The last row's `recovered` is filled in by
 * `finishRun`.
 */
export async function killPhase(config: BotConfig, points: readonly KillPoint[], random: () => number, onRun?: (run: BotRun) => void, signal?: AbortSignal): Promise<{ rows: KillRow[]; runs: number; seconds: number }> {
  const startedAt = performance.now()
  const rows: KillRow[] = []
  let runs = 0
  let previous: KillRow | undefined
  for (let kill = 0; kill < points.length; ) {
    signal?.throwIfAborted()
    const aimed = points[kill]!
    const pausing = aimed === 'journaled' || aimed === 'returned'
    const run = new BotRun(config, pausing ? { pauseMs: 3_000, pauseAt: aimed } : {})
    onRun?.(run)
    runs++
    if (pausing) {
      await run.next(0, (line) => line.event === aimed, 30_000)
    } else if (aimed === 'held') {
      // The first placement whose answer has not come 150 ms after it left: the exchange is holding it.
      for (let from = 0; ; ) {
        const sent = await run.next(from, isPlacementSend, 30_000)
        if (!sent) break
        const answered = await run.next(sent.index + 1, (line) => line.event === 'answered', 150)
        if (!answered) break
        from = answered.index + 1
      }
    } else {
      await new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 1_500)))
    }
    const killed = !run.ended
    run.kill()
    const { code } = await run.exited
    if (previous) previous.recovered = recoveredIn(run)
    if (!killed) {
      if (code !== 0) throw new Error(`${config.runtime} bot exited with ${code}\n${run.stderr}`)
      previous = undefined
      continue
    }
    previous = { runtime: config.runtime, kill: ++kill, aimed, landed: landedAt(run.events), recovered: 'no run after it' }
    rows.push(previous)
    // A supervisor's restart delay: it also stretches the phase past the 35 s after which early records are final.
    await new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 2_000)))
  }
  return { rows, runs, seconds: (performance.now() - startedAt) / 1000 }
}

/** What a run's first recover() reported. */
const recoveredIn = (run: BotRun) => describeRecovery(run.events.find((line) => line.event === 'recovered'))

/** The last run, with --finish: it waits out what is pending and places the rest; it must exit 0. */
export async function finishRun(config: BotConfig, rows: KillRow[], onRun?: (run: BotRun) => void): Promise<BotRun> {
  const finish = new BotRun(config, { finish: true })
  onRun?.(finish)
  const { code } = await finish.exited
  const last = rows.at(-1)
  if (last) last.recovered = recoveredIn(finish)
  if (code !== 0) throw new Error(`${config.runtime} bot --finish exited with ${code}\n${finish.stderr}\n${finish.events.map((line) => `${line.event} ${JSON.stringify(line.detail)}`).join('\n')}`)
  return finish
}

export interface SoakCount {
  /** Orders on the exchange. */
  orders: number
  /** Orders the bot's ledger does not know (by clientOrderId). */
  orphans: string[]
  /** Intents with more than one order, clientOrderIds on two orders, intents the ledger names twice. */
  duplicates: string[]
  /** Journal records left, intents not done, ledger entries with no order on the exchange. */
  lost: string[]
  /** Orders that are not resting (filled, cancelled …): the bot's orders must all rest. */
  notResting: string[]
}

/** The account's orders on the exchange against the bot's ledger and what is left in its journal. */
export function countOutcomes(exchange: ReferenceExchange, accountId: string, ledgerPath: string, journalLeft: readonly { id: string }[], intents: number): SoakCount {
  const orders = exchange.market.orders(accountId).perp as { orderId: string; clientOrderId: string | null; market: string; size: string; price: string; status: string }[]
  const ledger = existsSync(ledgerPath) ? parseLedger(readFileSync(ledgerPath, 'utf8')) : []
  const ledgerIds = new Set(ledger.map((entry) => entry.clientOrderId))
  const count: SoakCount = { orders: orders.length, orphans: [], duplicates: [], lost: [], notResting: [] }
  const byIntent = new Map<number, string[]>()
  const byClientOrderId = new Map<string, number>()
  for (const order of orders) {
    const intent = intentOf(order)
    const label = `${order.clientOrderId} (intent ${intent}, order ${order.orderId}, ${order.status})`
    if (order.clientOrderId === null || !ledgerIds.has(order.clientOrderId)) count.orphans.push(label)
    if (intent !== undefined) byIntent.set(intent, [...(byIntent.get(intent) ?? []), String(order.clientOrderId)])
    else count.orphans.push(`${label}: no intent's price`)
    if (order.clientOrderId !== null) byClientOrderId.set(order.clientOrderId, (byClientOrderId.get(order.clientOrderId) ?? 0) + 1)
    if (order.status !== 'open') count.notResting.push(label)
  }
  for (const [intent, ids] of byIntent) if (ids.length > 1) count.duplicates.push(`intent ${intent}: ${ids.length} orders (${ids.join(', ')})`)
  for (const [id, times] of byClientOrderId) if (times > 1) count.duplicates.push(`clientOrderId ${id} on ${times} orders`)
  const ledgerIntents = new Map<number, number>()
  for (const entry of ledger) ledgerIntents.set(entry.intent, (ledgerIntents.get(entry.intent) ?? 0) + 1)
  for (const [intent, times] of ledgerIntents) if (times > 1) count.duplicates.push(`intent ${intent} in the ledger ${times} times`)
  for (const record of journalLeft) count.lost.push(`journal record ${record.id} left unsettled`)
  for (let intent = 0; intent < intents; intent++) if (!ledgerIntents.has(intent)) count.lost.push(`intent ${intent} not done`)
  const onExchange = new Set(orders.map((order) => order.clientOrderId))
  for (const entry of ledger) if (!onExchange.has(entry.clientOrderId)) count.lost.push(`ledger's ${entry.clientOrderId} (intent ${entry.intent}) is on no order`)
  return count
}
