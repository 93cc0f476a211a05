#!/usr/bin/env node
/// <reference types="node" />
// exchange-client-exchange (the package's bin, built to dist/exchange-cli.js) or npm run exchange -- --port <n> [--host 127.0.0.1] [--seed <file.json>] [--clock-offset-ms <n>] [--trust-proxy [<proxies>]] [--faults <rules>]
import { readFile } from 'node:fs/promises'
import { createReferenceExchange, type ReferenceExchangeOptions } from '../exchange.ts'
import { serve } from './adapter.ts'
import { parseCliArgs, USAGE } from './cli-args.ts'

/** What the system said about a file or an address, in words; the code alone when it is not one of these. */
const REASONS: Record<string, string> = {
  ENOENT: 'no such file',
  EACCES: 'permission denied',
  EISDIR: 'a directory, not a file',
  EADDRINUSE: 'in use (another process listens there): pick another port, or 0 for a free one',
  EADDRNOTAVAIL: 'not an address of this machine',
  ENOTFOUND: 'no such host',
}

function reason(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code
  if (typeof code === 'string') return REASONS[code] ?? code
  return error instanceof Error ? error.message : String(error)
}

/** An error that names the flag and its value, e.g. `--seed nope.json: no such file`. */
class FlagError extends Error {}
const flagError = (flag: string, value: string | number, error: unknown) => new FlagError(`${flag} ${value}: ${reason(error)}`)

/** The file's JSON; the exchange checks its shape (and names the field it refuses). */
async function readSeed(file: string): Promise<ReferenceExchangeOptions['seed']> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    throw flagError('--seed', file, error)
  }
  try {
    return JSON.parse(text) as ReferenceExchangeOptions['seed']
  } catch (error) {
    throw flagError('--seed', file, new Error(`not JSON (${error instanceof Error ? error.message : String(error)})`))
  }
}

async function main(): Promise<void> {
  const options = parseCliArgs(process.argv.slice(2))
  if (options.help) {
    console.log(USAGE)
    return
  }
  const seed = options.seed === undefined ? undefined : await readSeed(options.seed)
  let exchange
  try {
    exchange = createReferenceExchange({ seed, clockOffsetMs: options.clockOffsetMs, trustProxy: options.trustProxy, corsOrigins: options.corsOrigins })
  } catch (error) {
    // A seed the exchange refuses: its message names the field (keys.0.apiKey …).
    throw options.seed === undefined ? error : flagError('--seed', options.seed, new Error(reason(error)))
  }
  // The same rules as exchange.faults.add, checked by it (a 404 status, a probability of 2 … name the field).
  for (const { spec, rules } of options.faults) {
    try {
      for (const rule of rules) exchange.faults.add(rule)
    } catch (error) {
      throw flagError('--faults', JSON.stringify(spec), error)
    }
  }
  const running = await serve({ exchange, port: options.port, host: options.host }).catch((error: unknown) => {
    const code = (error as { code?: unknown } | null)?.code
    throw code === 'EADDRINUSE' || code === 'EACCES' ? flagError('--port', options.port, error) : flagError('--host', options.host, error)
  })
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
  // A flag's value that failed (a missing file, a busy port) needs no usage; a malformed command line does.
  if (!(error instanceof FlagError)) console.error(USAGE)
  process.exit(1)
})
