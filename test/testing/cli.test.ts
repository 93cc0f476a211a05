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

function seedFile(seed: unknown): string {
  const path = join(mkdtempSync(join(tmpdir(), 'exchange-seed-')), 'seed.json')
  writeFileSync(path, JSON.stringify(seed))
  return path
}

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
    expect(server.output().stderr).toContain('keys.0.apiKey')
    expect(server.output().stderr).not.toContain(TEST_KEYS.full.secretKey)
  })

  it('refuses a malformed number', async () => {
    const server = start(['--port', 'eighty'])
    expect(await server.exited).toBe(1)
    expect(server.output().stderr).toContain('--port must be an integer')
  })
})
