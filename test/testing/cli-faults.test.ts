/**
 * Faults from the command line: `exchange-client-exchange --faults <rules>` (here `node
 * src/testing/node/cli.ts`, what `npm run exchange` runs) switches on the kinds `exchange.faults.add`
 * takes. A bot in another process, using the SDK, rehearses a dropped answer and `reconcile`.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { parseFaultSpec } from '../../src/testing/faults/fault-spec.ts'
import { rawRequest } from '../support/raw-request.ts'
import { TEST_KEYS, TEST_SEED } from '../support/seed.ts'

const NODE = join('node_modules', '.bin', 'node')
const CLI = join('src', 'testing', 'node', 'cli.ts')
const BOT = join('test', 'testing', 'fixtures', 'reconcile-bot.ts')
const children: ChildProcess[] = []
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
})

/** Runs a Node program; its output and exit code once it ends. */
function run(args: string[], env: Record<string, string> = {}) {
  const child = spawn(NODE, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } })
  children.push(child)
  let stdout = ''
  let stderr = ''
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk))
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk))
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
  const listening = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', () => {
      const match = /^listening on (http:\/\/\S+)$/m.exec(stdout)
      if (match) resolve(match[1]!)
    })
    void exited.then((code) => reject(new Error(`exited with ${code}: ${stderr}`)))
  })
  listening.catch(() => undefined)
  return { child, exited, listening, output: () => ({ stdout, stderr }) }
}

function seedFile(): string {
  const path = join(mkdtempSync(join(tmpdir(), 'exchange-seed-')), 'seed.json')
  writeFileSync(path, JSON.stringify(TEST_SEED))
  return path
}

describe('--faults', () => {
  it('drops the answer to a bot\'s order after it took effect; the bot, in its own process, reconciles and finds the one order', async () => {
    const server = run([CLI, '--port', '0', '--seed', seedFile(), '--faults', 'drop-after POST /api/v1/perp/orders count=1'])
    const url = await server.listening

    const bot = run([BOT, url], { EXCHANGE_API_KEY: TEST_KEYS.full.apiKey, EXCHANGE_SECRET_KEY: TEST_KEYS.full.secretKey })
    expect(await bot.exited).toBe(0)
    const report = JSON.parse(bot.output().stdout.trim()) as { placement: string; reconciled: { status: string; orderId: string; clientOrderId: string; orderStatus: string } }
    expect(report.placement).toMatch(/^outcome unknown \(\S+\)$/)
    expect(report.reconciled).toMatchObject({ status: 'found', orderStatus: 'filled' })
    expect(report.placement).toContain(report.reconciled.clientOrderId)

    // The exchange's own record, read by the test: exactly one order under that clientOrderId.
    const history = await rawRequest(url, { path: '/api/v1/perp/history/orders', query: `clientOrderId=${report.reconciled.clientOrderId}`, key: TEST_KEYS.full })
    expect(history.json.data.items.map((order: { orderId: string }) => order.orderId)).toEqual([report.reconciled.orderId])
    // count=1: the fault switched itself off; the next order is answered.
    const next = await rawRequest(url, { method: 'POST', path: '/api/v1/perp/orders', key: TEST_KEYS.full, body: JSON.stringify({ market: 'BTC-USDC', side: 'sell', type: 'market', size: '0.001' }) })
    expect(next.status).toBe(200)
    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
  }, 60_000)

  it('switches on each kind: a 503, a 429 with Retry-After, added latency, a drop before handling', async () => {
    const server = run([CLI, '--port', '0', '--faults', 'error=503 GET /api/v1/system/time; rate-limit=7 /api/v1/perp/markets', '--faults=latency=300 /api/v1/spot/markets; drop-before /api/v1/system/status'])
    const url = await server.listening
    const time = await rawRequest(url, { path: '/api/v1/system/time' })
    expect([time.status, time.json.error?.code]).toEqual([503, 'UNAVAILABLE'])
    const markets = await rawRequest(url, { path: '/api/v1/perp/markets' })
    expect([markets.status, markets.headers.get('retry-after')]).toEqual([429, '7'])
    const started = performance.now()
    expect((await rawRequest(url, { path: '/api/v1/spot/markets' })).status).toBe(200)
    expect(performance.now() - started).toBeGreaterThanOrEqual(290)
    await expect(rawRequest(url, { path: '/api/v1/system/status' })).rejects.toThrow()
  }, 30_000)

  it('refuses a rule it cannot read or the exchange refuses, naming it, and exits 1; --help documents the flag', async () => {
    const unknown = run([CLI, '--port', '0', '--faults', 'drop-sometimes'])
    expect(await unknown.exited).toBe(1)
    expect(unknown.output().stderr).toMatch(/^exchange: --faults "drop-sometimes": "drop-sometimes" is not a fault kind/)
    const refused = run([CLI, '--port', '0', '--faults', 'error=404'])
    expect(await refused.exited).toBe(1)
    expect(refused.output().stderr).toMatch(/^exchange: --faults "error=404": status must be a 5xx status/)
    const help = run([CLI, '--help'])
    expect(await help.exited).toBe(0)
    for (const kind of ['drop-before', 'drop-after', 'error[=<5xx>]', 'rate-limit[=<seconds>]', 'latency=<ms>', 'latency-after=<ms>', 'count=<n>', 'p=<0..1>']) expect(help.output().stdout).toContain(kind)
  }, 30_000)
})

describe('the --faults text', () => {
  it('reads into the rules faults.add takes (written here from the documented grammar)', () => {
    expect(parseFaultSpec('drop-after POST /api/v1/perp/orders count=1; latency=50 p=0.5; error; rate-limit')).toEqual([
      { kind: 'drop', when: 'after', count: 1, match: { method: 'POST', pathPrefix: '/api/v1/perp/orders' } },
      { kind: 'latency', ms: 50, probability: 0.5 },
      { kind: 'error' },
      { kind: 'rate-limit' },
    ])
    expect(parseFaultSpec('latency-after=1500 POST /api/v1/perp/orders p=0.3; latency-before=20')).toEqual([
      { kind: 'latency', ms: 1500, when: 'after', probability: 0.3, match: { method: 'POST', pathPrefix: '/api/v1/perp/orders' } },
      { kind: 'latency', ms: 20 },
    ])
    expect(() => parseFaultSpec('latency-after')).toThrow('latency-after needs a number')
    expect(parseFaultSpec('[{"kind":"drop","when":"before","match":{"pathPrefix":"/api/v1/spot"}}]')).toEqual([{ kind: 'drop', when: 'before', match: { pathPrefix: '/api/v1/spot' } }])
    expect(() => parseFaultSpec('latency')).toThrow('latency needs a number')
    expect(() => parseFaultSpec('error=503 sometimes')).toThrow('"sometimes" is none of')
    expect(() => parseFaultSpec(' ; ')).toThrow('no rule given')
  })
})
