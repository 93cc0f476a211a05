/**
 * The crash soak (issue 34, item 4): a bot process (support/crash-bot.ts) trades through `fileJournal`
 * against the reference exchange over loopback HTTP, and is killed with SIGKILL at least 30 times in each of
 * Node, Deno and Bun: right after a journal put (before the request leaves), while the exchange holds the
 * answer to an order it has already placed, and at random delays. Each restart calls `recover()` first; a
 * last `--finish` run waits out what is pending. Then, from the exchange's own orders: every order is in the
 * bot's ledger (0 orphans), no intent has two orders and no clientOrderId two orders (0 duplicates), and the
 * journal is empty and every intent done (0 lost). A journal whose put does not persist before the send fails
 * the same checks. The table of kills goes to test-output/crash-soak.md.
 *
 * Runs against the built package (dist/runtime/, `node scripts/build.ts`): the runtimes load it by path.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { fileJournal } from '../../src/journal-file.ts'
import { createReferenceExchange, type ReferenceExchange } from '../../src/testing/index.ts'
import { serve } from '../../src/testing/node/index.ts'
import { seededRandom } from '../../src/testing/prng.ts'
import { ROOT } from '../runtimes/bundle.ts'
import { TEST_SEED } from '../support/seed.ts'
import { MARK_PRICE, MARKET, parseStoreLines } from './support/crash-intents.ts'
import { BotRun, countOutcomes, finishRun, killPhase, type BotConfig, type KillPoint, type KillRow, type Runtime, type SoakCount } from './support/crash-harness.ts'

const REPORT = 'test-output/crash-soak.md'
const KILLS = 33
const INTENTS = 200
/** The exchange holds this share of order placements' answers, this long, after placing the order. */
const HOLD = { probability: 0.3, ms: 1_500 }
const RUNTIMES: Runtime[] = ['node', 'deno', 'bun']

const accounts = [...RUNTIMES, 'leaky'].map((name, i) => ({
  name,
  accountId: `acc-crash-${name}`,
  apiKey: `test_${(0xc0 + i).toString(16).repeat(32)}`,
  secretKey: (0xd0 + i).toString(16).repeat(32),
}))
const keyOf = (name: string) => accounts.find((account) => account.name === name)!

const workDir = mkdtempSync(join(tmpdir(), 'crash-soak-'))
const running: BotRun[] = []
/** Stops every kill loop: the file is done, or one runtime's loop failed. */
const stop = new AbortController()
let closeServer: (() => Promise<void>) | undefined
afterAll(async () => {
  stop.abort()
  for (const run of running) run.kill()
  await closeServer?.()
  rmSync(workDir, { recursive: true, force: true })
})

let started: Promise<{ exchange: ReferenceExchange; url: string }> | undefined
/** The file's one exchange; each bot trades its own account. */
const startExchange = () => (started ??= startOne())

async function startOne(): Promise<{ exchange: ReferenceExchange; url: string }> {
  const exchange = createReferenceExchange({
    faultSeed: 0xc4a5,
    seed: {
      ...TEST_SEED,
      accounts: [...TEST_SEED.accounts!, ...accounts.map(({ accountId }) => ({ id: accountId, balances: { USDC: '100000' } }))],
      keys: [...TEST_SEED.keys!, ...accounts.map(({ accountId, apiKey, secretKey, name }) => ({ apiKey, secretKey, accountId, permissions: ['read', 'trade'] as ('read' | 'trade')[], label: `crash ${name}` }))],
    },
  })
  exchange.market.setReferencePrice('perp', MARKET, MARK_PRICE)
  const served = await serve({ exchange, port: 0 })
  closeServer = served.close
  return { exchange, url: served.url }
}

const botConfig = (name: string, runtime: Runtime, url: string, intents: number): BotConfig => {
  const dir = join(workDir, name)
  mkdirSync(dir, { recursive: true })
  return { runtime, baseUrl: url, apiKey: keyOf(name).apiKey, secretKey: keyOf(name).secretKey, journal: join(dir, 'journal.jsonl'), ledger: join(dir, 'ledger.jsonl'), intents, dir }
}

/**
 * `count` kill points, a quarter of each, in a seeded order, a journaled one first: after the journal write and
 * before the send, while the answer is held, once placeOrder has returned and before the bot's ledger has the
 * order (the journal keeps an accepted record until the bot acknowledges it: keepAccepted), and at random.
 */
function killPoints(count: number, random: () => number): KillPoint[] {
  const points = Array.from({ length: count }, (_, i): KillPoint => (['journaled', 'held', 'returned', 'random'] as const)[i % 4]!)
  for (let i = points.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[points[i], points[j]] = [points[j]!, points[i]!]
  }
  // The first kill leaves a record pending that turns not-applied (35 s on) while the kills go on: the bot
  // places that intent again, and may be killed doing it.
  const first = points.indexOf('journaled')
  ;[points[0], points[first]] = [points[first]!, points[0]!]
  return points
}

interface RuntimeResult {
  runtime: string
  rows: KillRow[]
  runs: number
  count: SoakCount
  /** The kill phase's length, and the whole soak's (every runtime at once, the finish runs included). */
  killSeconds: number
  seconds: number
  runtimeVersion: string
}

interface Soaker {
  name: string
  runtime: Runtime
  points: readonly KillPoint[]
  random: () => number
  intents: number
  leaky?: boolean
}

/**
 * Each bot is killed at its points (concurrently, the exchange holding a share of placements' answers);
 * then, the hold off, each gets its --finish run; then the exchange's orders are counted against its ledger.
 */
async function soak(soakers: readonly Soaker[]): Promise<RuntimeResult[]> {
  const { exchange, url } = await startExchange()
  const startedAt = performance.now()
  const versions = new Map<string, string>()
  const track = (name: string) => (run: BotRun) => {
    running.push(run)
    void run.next(0, (line) => line.event === 'start', 60_000).then((start) => start && versions.set(name, String(start.line.detail.runtime)))
  }
  const configs = soakers.map(({ name, runtime, intents, leaky }) => ({ ...botConfig(name, runtime, url, intents), leaky }))
  const failed = new AbortController()
  const signal = AbortSignal.any([stop.signal, failed.signal])
  const hold = exchange.faults.add({ kind: 'latency', when: 'after', ms: HOLD.ms, probability: HOLD.probability, match: { method: 'POST', pathPrefix: '/api/v1/perp/orders' } })
  let phases: { rows: KillRow[]; runs: number; seconds: number }[]
  try {
    phases = await Promise.all(soakers.map(({ name, points, random }, i) => killPhase(configs[i]!, points, random, track(name), signal)))
  } catch (error) {
    failed.abort()
    throw error
  } finally {
    hold.remove()
  }
  await Promise.all(soakers.map(({ name }, i) => finishRun(configs[i]!, phases[i]!.rows, track(name))))
  const seconds = (performance.now() - startedAt) / 1000
  return Promise.all(soakers.map(async ({ name, runtime, leaky, intents }, i) => {
    const config = configs[i]!
    const left = leaky ? (existsSync(config.journal) ? parseStoreLines(readFileSync(config.journal, 'utf8')) : []) : await journalLeft(config.journal)
    const count = countOutcomes(exchange, keyOf(name).accountId, config.ledger, left, intents)
    return { runtime: leaky ? `${runtime} (leaky journal)` : runtime, rows: phases[i]!.rows, runs: phases[i]!.runs + 1, count, killSeconds: phases[i]!.seconds, seconds, runtimeVersion: versions.get(name) ?? '' }
  }))
}

/** The records a journal file still holds, read through the SDK's own file journal (which then lets the file go). */
async function journalLeft(path: string): Promise<{ id: string }[]> {
  const journal = fileJournal(path)
  try {
    return await journal.list()
  } finally {
    await journal.close()
  }
}

const results: RuntimeResult[] = []
afterAll(() => {
  if (results.length > 0) writeReport(results)
})

describe('crash soak: a bot killed with SIGKILL, restarted, recover() first', () => {
  it(`${KILLS} kills in each of Node, Deno and Bun: 0 orphans, 0 duplicates, 0 lost`, { timeout: 600_000 }, async () => {
    const built = join(process.env.CRASH_BOT_DIST ?? join(ROOT, 'dist', 'runtime'), 'journal-file.js')
    expect(existsSync(built), `${built} is missing: the bots load the built package (node scripts/build.ts)`).toBe(true)
    const random = seededRandom(0x50a4c)
    const soaked = await soak(RUNTIMES.map((runtime, i) => ({ name: runtime, runtime, points: killPoints(KILLS, seededRandom(0xc0 + i)), random: seededRandom(random() * 2 ** 32), intents: INTENTS })))
    results.push(...soaked)
    console.log(soaked.map(({ runtime, rows, count }) => `${runtime}: ${rows.length} kills, ${count.orders} orders, ${count.orphans.length} orphans, ${count.duplicates.length} duplicates, ${count.lost.length} lost`).join('; ') + ` (${soaked[0]!.seconds.toFixed(0)} s); table in ${REPORT}`)
    for (const { runtime, rows, count } of soaked) {
      expect({ runtime, kills: rows.length >= 30, ...count }).toEqual({ runtime, kills: true, orders: INTENTS, orphans: [], duplicates: [], lost: [], notResting: [] })
      // Kills landed where they were aimed: between the journal's put and the send, and while an answer was held.
      expect(rows.filter((row) => row.landed.startsWith('journaled, not sent')).length, runtime).toBeGreaterThan(0)
      expect(rows.filter((row) => row.landed.startsWith('sent, answer outstanding')).length, runtime).toBeGreaterThan(0)
    }
  })

  it('fails with a journal whose put does not persist before the send: orphans and duplicates', { timeout: 300_000 }, async () => {
    const [result] = await soak([{ name: 'leaky', runtime: 'node', points: Array.from({ length: 8 }, () => 'held' as const), random: seededRandom(0x1ea4), intents: 30, leaky: true }])
    results.push(result!)
    console.log(`node, leaky journal: ${result!.rows.length} kills, ${result!.count.orphans.length} orphans, ${result!.count.duplicates.length} duplicates`)
    expect(result!.count.orphans.length).toBeGreaterThan(0)
    expect(result!.count.duplicates.length).toBeGreaterThan(0)
  })
})

function writeReport(all: readonly RuntimeResult[]): void {
  const summary = [
    '| runtime | kills | runs | journaled, not sent | sent, answer outstanding | other points | orders | orphans | duplicates | lost | kill phase s | soak s |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...all.map(({ runtime, runtimeVersion, rows, runs, count, killSeconds, seconds }) => {
      const at = (prefix: string) => rows.filter((row) => row.landed.startsWith(prefix)).length
      const journaled = at('journaled, not sent')
      const held = at('sent, answer outstanding')
      return `| ${runtime} (${runtimeVersion}) | ${rows.length} | ${runs} | ${journaled} | ${held} | ${rows.length - journaled - held} | ${count.orders} | ${count.orphans.length} | ${count.duplicates.length} | ${count.lost.length} | ${killSeconds.toFixed(0)} | ${seconds.toFixed(0)} |`
    }),
  ]
  const findings = all.flatMap(({ runtime, count }) => [...count.orphans.map((what) => `- ${runtime}: orphan ${what}`), ...count.duplicates.map((what) => `- ${runtime}: duplicate ${what}`), ...count.lost.map((what) => `- ${runtime}: lost ${what}`), ...count.notResting.map((what) => `- ${runtime}: not resting ${what}`)])
  const kills = [
    '| runtime | kill | aimed at | landed (the last event printed) | what the next run\'s recover() reported |',
    '| --- | ---: | --- | --- | --- |',
    ...all.flatMap(({ runtime, rows }) => rows.map((row) => `| ${runtime} | ${row.kill} | ${row.aimed} | ${row.landed} | ${row.recovered} |`)),
  ]
  const markdown = [
    '# Crash soak',
    '',
    `A bot (test/journal/support/crash-bot.ts) places ${INTENTS} resting perp orders through \`fileJournal\`, killed with SIGKILL and restarted;`,
    `each start calls \`recover()\` first. The exchange holds ${HOLD.probability * 100} % of placements' answers ${HOLD.ms} ms after placing them.`,
    '',
    ...summary,
    '',
    '## What the checks found',
    '',
    ...(findings.length > 0 ? findings.slice(0, 200) : ['nothing']),
    '',
    '## Kills',
    '',
    ...kills,
    '',
  ].join('\n')
  mkdirSync(dirname(REPORT), { recursive: true })
  writeFileSync(REPORT, markdown)
}
