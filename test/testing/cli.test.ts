import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ExchangeClient } from '../../src/index.ts'
import { TEST_KEYS, TEST_SEED } from '../support/seed.ts'

const NODE = join('node_modules', '.bin', 'node')
const CLI = join('src', 'testing', 'node', 'cli.ts')
const children: ChildProcess[] = []
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
})

function start(args: string[]) {
  const child = spawn(NODE, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  children.push(child)
  let stdout = ''
  let stderr = ''
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk))
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const listening = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', () => {
      const match = /^listening on (http:\/\/\S+)$/m.exec(stdout)
      if (match) resolve(match[1]!)
    })
    void exited.then((code) => reject(new Error(`exited with ${code}: ${stderr}`)))
  })
  listening.catch(() => undefined) // awaited by the tests that expect it
  return { child, listening, exited, output: () => ({ stdout, stderr }) }
}

const seedFile = (seed: unknown): string => textFile(JSON.stringify(seed))

function textFile(text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'exchange-seed-')), 'seed.json')
  writeFileSync(path, text)
  return path
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

describe('npm run exchange (the CLI)', () => {
  it('serves a seed on loopback with a clock offset, and stops cleanly on SIGTERM', async () => {
    const server = start(['--port', '0', '--seed', seedFile(TEST_SEED), '--clock-offset-ms', '120000'])
    const url = await server.listening
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)

    const client = new ExchangeClient({ baseUrl: url, ...TEST_KEYS.full })
    const { serverTime } = await client.system.getTime()
    expect(serverTime).toBeGreaterThan(Date.now() + 100_000)
    await client.syncClock()
    await expect(client.request({ method: 'GET', path: '/api/v1/accounts/me/api-key/introspect' })).resolves.toMatchObject({ accountId: 'acc-alice' })

    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
    expect(server.output().stdout.trim().split('\n')).toEqual([`listening on ${url}`])
  })

  it('stops on SIGINT too', async () => {
    const server = start(['--port', '0'])
    await server.listening
    server.child.kill('SIGINT')
    expect(await server.exited).toBe(0)
  })

  it('refuses a bad seed, naming the field, and exits 1', async () => {
    const server = start(['--port', '0', '--seed', seedFile({ keys: [{ ...TEST_SEED.keys![0]!, apiKey: 'nope' }] })])
    expect(await server.exited).toBe(1)
    expect(server.output().stderr).toMatch(/^exchange: --seed \S+seed\.json: keys\.0\.apiKey/)
    expect(server.output().stderr).not.toContain(TEST_KEYS.full.secretKey)
  })

  it.each([
    ['a missing file', () => join(tmpdir(), 'nope.json'), 'no such file'],
    ['a directory', () => tmpdir(), 'a directory, not a file'],
    ['a file that is not JSON', () => textFile('{'), 'not JSON ('],
  ])('refuses a seed that is %s, naming the flag and the file, without the usage', async (_, file, why) => {
    const path = file()
    const server = start(['--port', '0', '--seed', path])
    expect(await server.exited).toBe(1)
    expect(server.output().stderr).toMatch(new RegExp(`^exchange: --seed ${escape(path)}: ${escape(why)}`))
    expect(server.output().stderr).not.toContain('usage:')
  })

  it('refuses a busy port in one line, naming the flag and the port', async () => {
    const first = start(['--port', '0'])
    const port = new URL(await first.listening).port
    const second = start(['--port', port])
    expect(await second.exited).toBe(1)
    expect(second.output().stderr).toBe(`exchange: --port ${port}: in use (another process listens there): pick another port, or 0 for a free one\n`)
  })

  it('refuses a malformed number', async () => {
    const server = start(['--port', 'eighty'])
    expect(await server.exited).toBe(1)
    expect(server.output().stderr).toContain('--port must be an integer')
  })
})
