// `npm run demo` (node demo/serve.ts) on a port another process holds: one line that says so, exit 1.
import { spawn } from 'node:child_process'
import { createServer, type Server } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const NODE = join('node_modules', '.bin', 'node')
let holder: Server
let port: number

beforeAll(async () => {
  holder = createServer()
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve))
  port = (holder.address() as { port: number }).port
})
afterAll(() => new Promise<void>((resolve) => holder.close(() => resolve())))

describe('npm run demo on a busy port', () => {
  it('says so in one line and exits 1', async () => {
    const child = spawn(NODE, ['demo/serve.ts'], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk))
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
    expect(code).toBe(1)
    expect(stdout).toBe('')
    expect(stderr).toBe(`demo: port ${port} is in use: stop what listens there, or set PORT to another port (without PORT the demo takes the first free one from 5173)\n`)
  })
})
