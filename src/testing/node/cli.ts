#!/usr/bin/env node
/// <reference types="node" />
// exchange-client-exchange (the package's bin, built to dist/exchange-cli.js) or npm run exchange -- --port <n> [--host 127.0.0.1] [--seed <file.json>] [--clock-offset-ms <n>] [--trust-proxy [<proxies>]]
import { readFile } from 'node:fs/promises'
import { createReferenceExchange } from '../exchange.ts'
import { serve } from './adapter.ts'
import { parseCliArgs, USAGE } from './cli-args.ts'

async function main(): Promise<void> {
  const options = parseCliArgs(process.argv.slice(2))
  if (options.help) {
    console.log(USAGE)
    return
  }
  const seed = options.seed === undefined ? undefined : JSON.parse(await readFile(options.seed, 'utf8'))
  const exchange = createReferenceExchange({ seed, clockOffsetMs: options.clockOffsetMs, trustProxy: options.trustProxy, corsOrigins: options.corsOrigins })
  const running = await serve({ exchange, port: options.port, host: options.host })
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
