// The doc-test stage of npm test: every fenced ```ts / ```js example of README.md and docs/*.md runs, as
// written, against the bundled reference exchange (one per page), importing the built package by its name
// ('exchange-client' resolves to dist/ through package.json's exports, as in a user's project). An example
// that cannot run here says why in its fence's info string (```ts no-run: a Cloudflare Worker's module …);
// one that says nothing runs. A failure names its file and line.
//   node test/docs/run-examples.ts [--report <file.json>] [file.md …]
// docs/api.md is left out: its examples are the descriptors' `example`s, which the request-shape and
// conformance tests send through the client to the reference exchange.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { toNodeListener } from '../../src/proxy/node.ts'
import { signingProxy } from '../../src/proxy.ts'
import { createReferenceExchange } from '../../src/testing/index.ts'
import { serve } from '../../src/testing/node/index.ts'
import { TEST_KEYS, TEST_SEED } from '../support/seed.ts'
import { documentationFiles, fencedBlocks, readText } from './markdown.ts'

const ROOT = join(import.meta.dirname, '..', '..')
// Inside the package, so 'exchange-client' resolves to this package's dist/ by its own name.
const OUT = join(ROOT, 'test-output', 'doc-examples')
const RUNNABLE = new Set(['ts', 'js', 'typescript', 'javascript'])
const TIMEOUT_MS = 60_000

export interface Example {
  file: string
  line: number
  lang: string
  info: string
  body: string
}

/** Every ```ts/```js example of the docs, with its file and line. */
export function examples(files = documentationFiles(ROOT).filter((file) => file !== 'docs/api.md')): Example[] {
  return files.flatMap((file) => fencedBlocks(readText(ROOT, file)).filter((block) => RUNNABLE.has(block.lang)).map((block) => ({ file, ...block })))
}

/** Why an example does not run here (its fence says), or undefined: it runs. A bare `no-run` is refused. */
export function notRunReason(example: Example): string | undefined {
  const match = /^no-run(?::\s*(.*))?$/.exec(example.info)
  return match ? (match[1]?.trim() || '') : undefined
}

/**
 * What an example takes from the prose around it, declared only where it uses the name and does not
 * declare it: the local exchange's URL, a key with read, trade and withdraw, a client with it, an order.
 */
const SURROUNDINGS: [name: string, declaration: string][] = [
  ['baseUrl', 'const baseUrl = process.env.EXCHANGE_URL!'],
  ['apiKey', 'const apiKey = process.env.API_KEY!'],
  ['secretKey', 'const secretKey = process.env.SECRET_KEY!'],
  ['client', "let client = new (await import('exchange-client')).ExchangeClient({ baseUrl: process.env.EXCHANGE_URL!, apiKey: process.env.API_KEY!, secretKey: process.env.SECRET_KEY! })"],
  ['order', "const order = { market: 'BTC-USDC', side: 'buy', type: 'limit', size: '0.01', price: '60000' } as const"],
  ['signal', 'const signal = AbortSignal.timeout(30_000)'],
  ['seed', 'const seed = undefined'],
  ['exchange', "const exchange = (await import('exchange-client/testing')).createReferenceExchange()"],
]

/** Hosts the docs name that stand for the exchange, or for a signing proxy in front of it. */
const EXCHANGE_HOSTS = [/https:\/\/api-mainnet\.1024ex\.com/g, /https:\/\/api\.example(?:\.com)?/g, /http:\/\/127\.0\.0\.1:8080/g]
const PROXY_HOSTS = [/https:\/\/your\.site\/api\/exchange/g]

/** The example as a module: its hosts pointed at the local exchange, the names it borrows declared first. */
export function asModule(example: Example): string {
  let body = example.body
  for (const host of EXCHANGE_HOSTS) body = body.replace(host, '${process.env.EXCHANGE_URL}')
  for (const host of PROXY_HOSTS) body = body.replace(host, '${process.env.PROXY_URL}')
  // A host placed inside a quoted string becomes a template literal.
  body = body.replace(/'([^'\n]*\$\{process\.env\.(?:EXCHANGE|PROXY)_URL\}[^'\n]*)'/g, '`$1`')
  // Declared by the example: a binding, or a name an import brings (not the module's name: 'exchange-client').
  const declared = (name: string) => new RegExp(`\\b(?:const|let|var|function|class)\\s+(?:\\{[^}]*\\b${name}\\b[^}]*\\}|${name}\\b)|import\\s[^'"\\n]*\\b${name}\\b[^'"\\n]*\\sfrom\\s`).test(body)
  const used = (name: string) => new RegExp(`(?<![.\\w'"])${name}\\b(?!\\s*:)`).test(body)
  const prelude = SURROUNDINGS.filter(([name]) => used(name) && !declared(name)).map(([, declaration]) => declaration)
  return [...prelude, body, 'export {}', ''].join('\n')
}

interface Outcome {
  where: string
  ok: boolean
  skipped?: string
  error?: string
}

/** Runs one example's module to its end (or TIMEOUT_MS): its exit status and what it wrote to stderr. */
function runModule(module: string, env: NodeJS.ProcessEnv): Promise<{ status: number | string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [module], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk))
    const timer = setTimeout(() => {
      stderr += `\ndid not finish within ${TIMEOUT_MS} ms`
      child.kill()
    }, TIMEOUT_MS)
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      resolve({ status: code ?? signal ?? 'killed', stderr })
    })
  })
}

/** An exchange of the test seed and a signing proxy in front of it, and what the examples read from their environment. */
async function startExchange() {
  const exchange = await serve({ exchange: createReferenceExchange({ seed: TEST_SEED }), port: 0 })
  const key = TEST_KEYS.full
  const proxy = createServer(toNodeListener(signingProxy({ target: exchange.url, ...key, allow: ['public', 'read', 'trade'], authorize: () => true })))
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  // The exchange, a proxy in front of it, a key, a wallet's private key.
  const env = {
    ...process.env,
    EXCHANGE_URL: exchange.url,
    PROXY_URL: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    API_KEY: key.apiKey,
    SECRET_KEY: key.secretKey,
    EXCHANGE_API_KEY: key.apiKey,
    EXCHANGE_SECRET_KEY: key.secretKey,
    WALLET_PRIVATE_KEY: `0x${'4c'.repeat(32)}`,
  }
  const close = async () => {
    await exchange.close()
    await new Promise<void>((resolve) => {
      proxy.close(() => resolve())
      proxy.closeAllConnections()
    })
  }
  return { env, close }
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ options: { report: { type: 'string' } }, allowPositionals: true })
  if (!existsSync(join(ROOT, 'dist', 'runtime', 'index.js'))) throw new Error('dist/ is missing: run npm run build first')
  rmSync(OUT, { recursive: true, force: true })
  mkdirSync(OUT, { recursive: true })
  const outcomes: Outcome[] = []
  const all = examples(positionals.length > 0 ? positionals : undefined)
  // Each page against an exchange of its own: what one page's examples change (a rotated secret, orders
  // placed) never reaches the next page's, whatever order the pages run in.
  for (const file of new Set(all.map((example) => example.file))) {
    const { env, close } = await startExchange()
    try {
      for (const example of all.filter((one) => one.file === file)) {
        const where = `${example.file}:${example.line}`
        const reason = notRunReason(example)
        if (reason !== undefined) {
          outcomes.push(reason ? { where, ok: true, skipped: reason } : { where, ok: false, error: 'no-run with no reason: say why in the fence (```ts no-run: <why>)' })
          continue
        }
        const module = join(OUT, `${example.file.replace(/[/.]/g, '-')}-${example.line}.mts`)
        writeFileSync(module, asModule(example))
        // Not spawnSync: the exchange answering the example runs in this process's event loop.
        const run = await runModule(module, env)
        outcomes.push(run.status === 0 ? { where, ok: true } : { where, ok: false, error: run.stderr.trim().split('\n').slice(0, 12).join('\n') || `exit ${run.status}` })
      }
    } finally {
      await close()
    }
  }
  for (const outcome of outcomes) {
    console.log(`${outcome.ok ? (outcome.skipped ? 'skip' : 'ok  ') : 'FAIL'} ${outcome.where}${outcome.skipped ? ` (${outcome.skipped})` : ''}`)
    if (outcome.error) console.log(`     ${outcome.error.replaceAll('\n', '\n     ')}`)
  }
  const ran = outcomes.filter((outcome) => !outcome.skipped)
  const passed = ran.filter((outcome) => outcome.ok).length
  const failed = ran.length - passed
  console.log(`doc examples: ${passed} passed, ${failed} failed (${outcomes.length - ran.length} marked no-run, each saying why)`)
  if (values.report) writeFileSync(values.report, JSON.stringify({ passed, failed, outcomes }, null, 2))
  process.exitCode = failed === 0 ? 0 : 1
}

if (import.meta.main) await main()
