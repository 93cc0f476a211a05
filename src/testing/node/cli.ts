/// <reference types="node" />
// npm run exchange -- --port <n> [--host 127.0.0.1] [--seed <file.json>] [--clock-offset-ms <n>] [--trust-proxy]
import { readFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { createReferenceExchange } from '../exchange.ts'
import { serve } from './adapter.ts'

const USAGE = 'usage: npm run exchange -- --port <n> [--host 127.0.0.1] [--seed <file.json>] [--clock-offset-ms <n>] [--trust-proxy]'

function integer(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback
  if (!/^-?\d+$/.test(value)) throw new Error(`--${name} must be an integer, got "${value}"`)
  return Number(value)
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string', default: '127.0.0.1' },
      seed: { type: 'string' },
      'clock-offset-ms': { type: 'string' },
      'trust-proxy': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help) {
    console.log(USAGE)
    return
  }
  const port = integer(values.port, 'port', 8787)
  if (port < 0 || port > 65535) throw new Error(`--port must be from 0 to 65535, got ${port}`)
  const seed = values.seed === undefined ? undefined : JSON.parse(await readFile(values.seed, 'utf8'))
  const exchange = createReferenceExchange({
    seed,
    clockOffsetMs: integer(values['clock-offset-ms'], 'clock-offset-ms', 0),
    trustProxy: values['trust-proxy'],
  })
  const running = await serve({ exchange, port, host: values.host })
  const stop = () => {
    running.close().then(() => process.exit(0), () => process.exit(1))
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  // Printed last: whoever waits for this line may signal at once.
  console.log(`listening on ${running.url}`)
}

main().catch((error: unknown) => {
  console.error(`exchange: ${error instanceof Error ? error.message : String(error)}`)
  console.error(USAGE)
  process.exit(1)
})
