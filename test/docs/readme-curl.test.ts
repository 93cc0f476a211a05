// The README's signed call with curl and openssl, run as written with bash against the reference exchange
// started by the README's own `npm run exchange` command, with the README's seed file.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fencedBlocks, readText, shellCommands } from './markdown.ts'
import { EXCHANGE_COMMAND, isCurlScript } from './readme.ts'

const ROOT = join(import.meta.dirname, '..', '..')
const readme = readText(ROOT, 'README.md')
const blocks = fencedBlocks(readme)

const curlScript = blocks.filter((block) => block.lang === 'bash' && isCurlScript(block.body))
const seedFile = blocks.filter((block) => block.lang === 'json' && block.body.includes('"keys"'))
const exchangeCommand = blocks.filter((block) => block.lang === 'sh').flatMap((block) => shellCommands(block.body))
  .filter((command) => command.startsWith(`${EXCHANGE_COMMAND} -- `) && command.includes('--seed'))

/** A guard against a hung process, not a timing assertion. */
const STALL_MS = 60_000

let scratch: string
let exchange: ChildProcess | undefined
let baseUrl: string

function startExchange(command: string, seedPath: string): Promise<string> {
  // The README's command, on a free port and with the seed written where the test can reach it.
  const args = command.split(/\s+/).slice(1).map((arg) => (arg === 'seed.json' ? seedPath : arg))
  const port = args.indexOf('--port')
  args[port + 1] = '0'
  exchange = spawn('npm', args, { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  return new Promise((resolve, reject) => {
    let output = ''
    const stall = setTimeout(() => reject(new Error(`no "listening on" line:\n${output}`)), STALL_MS)
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1]
      if (url) {
        clearTimeout(stall)
        resolve(url)
      }
    }
    exchange!.stdout!.on('data', read)
    exchange!.stderr!.on('data', read)
    exchange!.once('exit', (code) => reject(new Error(`${command} exited with ${code}:\n${output}`)))
  })
}

beforeAll(async () => {
  expect(curlScript, 'one ```bash block with openssl dgst and curl').toHaveLength(1)
  expect(seedFile, 'one ```json seed block with "keys"').toHaveLength(1)
  expect(exchangeCommand, `one "${EXCHANGE_COMMAND} -- … --seed seed.json" command`).toHaveLength(1)
  scratch = mkdtempSync(join(tmpdir(), 'readme-curl-'))
  const seedPath = join(scratch, 'seed.json')
  writeFileSync(seedPath, seedFile[0]!.body)
  baseUrl = await startExchange(exchangeCommand[0]!, seedPath)
}, STALL_MS + 10_000)

afterAll(() => {
  if (exchange?.pid !== undefined && exchange.exitCode === null) process.kill(-exchange.pid, 'SIGTERM')
  rmSync(scratch, { recursive: true, force: true })
})

describe('the README\'s signed call with curl and openssl', () => {
  it('is accepted by the exchange: every call answers success true, the query unsigned, the body signed as sent', () => {
    const stdout = execFileSync('bash', ['-euo', 'pipefail', '-c', curlScript[0]!.body], {
      cwd: scratch,
      env: { ...process.env, BASE_URL: baseUrl },
      encoding: 'utf8',
      timeout: STALL_MS,
    })
    const answers = stdout.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as { success: boolean; error: unknown; data: any })
    expect(answers.map((answer) => answer.error)).toEqual([null, null, null])
    expect(answers.map((answer) => answer.success)).toEqual([true, true, true])
    expect(answers[0]!.data).toMatchObject({ accountId: 'acc-1', balance: '10000' })
    expect(answers[1]!.data.items).toEqual([])
    expect(answers[2]!.data).toMatchObject({ clientOrderId: 'curl-1', market: 'BTC-USDC', status: 'filled' })
  })
})
