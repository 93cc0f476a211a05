// README.md's Install, for Deno and Bun today: a clone's dist/runtime/ loaded by path (Deno through the import
// map the README shows, Bun by a relative import), in folders without node_modules. The README's own blocks
// are run as written, their base URL pointed at a local reference exchange.
import { execFile } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { createReferenceExchange } from '../../src/testing/index.ts'
import { serve } from '../../src/testing/node/index.ts'
import { fencedBlocks } from '../docs/markdown.ts'

const run = promisify(execFile)
/** The host README's examples use for a local reference exchange. */
const README_EXCHANGE = 'http://127.0.0.1:8080'

/** README.md's Install blocks: the import map, and the Deno and Bun programs (each named by its first line). */
export function installBlocks(root: string): { importMap: string; deno: string; bun: string } {
  const blocks = fencedBlocks(readFileSync(join(root, 'README.md'), 'utf8'))
  const named = (name: string) => blocks.find((block) => block.body.startsWith(`// ${name}:`))?.body
  const importMap = blocks.find((block) => block.lang === 'json' && block.body.includes('"imports"'))?.body
  const deno = named('deno.ts')
  const bun = named('bun.ts')
  if (!importMap || !deno || !bun) throw new Error("README.md's Install lost its import map, or its deno.ts or bun.ts block")
  return { importMap, deno, bun }
}

/**
 * Lays out `scratch/exchange-client/dist/runtime` (a clone's build) beside `scratch/deno-user` and
 * `scratch/bun-user`, neither with node_modules, and runs each README program there against a local exchange:
 * each must print the exchange's server time.
 */
export async function runFromLocalPath(root: string, scratch: string, runtime: 'deno' | 'bun', bin: string): Promise<string> {
  const clone = join(scratch, 'exchange-client', 'dist', 'runtime')
  if (!existsSync(clone)) cpSync(join(root, 'dist', 'runtime'), clone, { recursive: true })
  const blocks = installBlocks(root)
  const folder = join(scratch, `${runtime}-user`)
  mkdirSync(folder, { recursive: true })
  const exchange = await serve({ exchange: createReferenceExchange(), port: 0 })
  try {
    const program = blocks[runtime].replaceAll(README_EXCHANGE, exchange.url)
    writeFileSync(join(folder, `${runtime}.ts`), program)
    if (runtime === 'deno') writeFileSync(join(folder, 'deno.json'), blocks.importMap)
    const args = runtime === 'deno' ? ['run', '--no-lock', '--allow-net=127.0.0.1', `--allow-read=${scratch}`, 'deno.ts'] : ['run', 'bun.ts']
    const { stdout } = await run(bin, args, { cwd: folder, encoding: 'utf8', timeout: 120_000 })
    if (existsSync(join(folder, 'node_modules'))) throw new Error(`${runtime} made a node_modules folder`)
    const serverTime = Number(stdout.trim())
    if (!(Math.abs(serverTime - Date.now()) < 86_400_000)) throw new Error(`${runtime} printed ${stdout.trim()}, not the exchange's time`)
    return `${runtime}: serverTime ${serverTime}, no node_modules`
  } finally {
    await exchange.close()
  }
}
