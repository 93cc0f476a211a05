// The exchange CLI's flags: negative numbers as values, with or without `=`, and an optional proxy count.
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { parseCliArgs } from '../../src/testing/node/cli-args.ts'

describe('parseCliArgs', () => {
  it('reads a negative clock offset written either way', () => {
    expect(parseCliArgs(['--clock-offset-ms', '-5000']).clockOffsetMs).toBe(-5000)
    expect(parseCliArgs(['--clock-offset-ms=-5000']).clockOffsetMs).toBe(-5000)
    expect(parseCliArgs(['--clock-offset-ms', '120000', '--port', '0'])).toMatchObject({ clockOffsetMs: 120000, port: 0 })
  })

  it('takes --trust-proxy alone as one proxy, or with a count', () => {
    expect(parseCliArgs([]).trustProxy).toBe(0)
    expect(parseCliArgs(['--trust-proxy']).trustProxy).toBe(1)
    expect(parseCliArgs(['--trust-proxy', '--port', '0'])).toMatchObject({ trustProxy: 1, port: 0 })
    expect(parseCliArgs(['--trust-proxy', '2', '--port', '0'])).toMatchObject({ trustProxy: 2, port: 0 })
    expect(parseCliArgs(['--trust-proxy=3']).trustProxy).toBe(3)
  })

  it('takes --cors-origins as a comma-separated list, or * for any; none leaves the localhost default', () => {
    expect(parseCliArgs([]).corsOrigins).toBeUndefined()
    expect(parseCliArgs(['--cors-origins', 'https://a.example,http://10.0.0.5:5173']).corsOrigins).toEqual(['https://a.example', 'http://10.0.0.5:5173'])
    expect(parseCliArgs(['--cors-origins=*']).corsOrigins).toBe('*')
  })

  it('refuses unknown flags, missing values and malformed numbers, naming the flag', () => {
    expect(() => parseCliArgs(['--port', 'eighty'])).toThrow('--port must be an integer')
    expect(() => parseCliArgs(['--clock-offset-ms', '-5e3'])).toThrow('--clock-offset-ms must be an integer')
    expect(() => parseCliArgs(['--clock-offset-ms'])).toThrow('--clock-offset-ms needs a value')
    expect(() => parseCliArgs(['--trust-proxy=x'])).toThrow('--trust-proxy must be an integer')
    expect(() => parseCliArgs(['--verbose'])).toThrow('unknown argument "--verbose"')
    expect(() => parseCliArgs(['--port', '70000'])).toThrow('--port must be from 0 to 65535')
  })
})

describe('npm run exchange with a negative clock offset', () => {
  const children: ReturnType<typeof spawn>[] = []
  afterEach(() => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
  })

  it('serves a clock 5 s behind for --clock-offset-ms -5000', async () => {
    const child = spawn(join('node_modules', '.bin', 'node'), [join('src', 'testing', 'node', 'cli.ts'), '--port', '0', '--clock-offset-ms', '-5000', '--trust-proxy', '2'], { stdio: ['ignore', 'pipe', 'pipe'] })
    children.push(child)
    let output = ''
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk
        const match = /^listening on (http:\/\/\S+)$/m.exec(output)
        if (match) resolve(match[1]!)
      })
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk))
      child.on('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)))
    })
    const before = Date.now()
    const { data } = await (await fetch(`${url}/api/v1/system/time`)).json()
    expect(data.serverTime).toBeLessThanOrEqual(Date.now() - 5000)
    expect(data.serverTime).toBeGreaterThanOrEqual(before - 5000)
  })
})
