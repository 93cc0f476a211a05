// What a TypeScript user of the packed package sees: exact types (exact-types.ts must compile, with
// each of its expected errors needed) and the hover docs of `placeOrder`, read from the TypeScript
// language service (`tsc --lsp`, the server editors run) against the installed package's .d.ts.
import { execFileSync } from 'node:child_process'
import { copyFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { hoverText } from '../hover.ts'

const PROGRAM = new URL('./exact-types.ts', import.meta.url).pathname

/** How a strict user on Node's own resolution compiles: the published types must resolve and fit. */
const TSCONFIG = {
  compilerOptions: { strict: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', lib: ['es2022', 'dom'], types: [], noEmit: true },
  files: ['exact-types.ts', 'hover.ts'],
}

const HOVERED = `import { ExchangeClient } from 'exchange-client'
const client = new ExchangeClient({ baseUrl: 'http://127.0.0.1:1' })
export const order = client.perp.placeOrder({ market: 'BTC-USDC', side: 'buy', type: 'market', size: '0.01' })
`

/** Type-checks the program in `project` (where the tarball is installed), then reads the hover. */
export async function checkTypedUser(root: string, project: string): Promise<void> {
  copyFileSync(PROGRAM, join(project, 'exact-types.ts'))
  writeFileSync(join(project, 'hover.ts'), HOVERED)
  writeFileSync(join(project, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2))
  execFileSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], { cwd: project, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })

  const hover = await hoverText(root, project, join(project, 'hover.ts'), 'placeOrder')
  const expected = [
    'placeOrder(input: PerpOrderInput, options?: CallOptions): Promise<PerpOrder>',
    'Place a perp order',
    'POST /api/v1/perp/orders',
    '@example',
    "await client.perp.placeOrder({ market: 'BTC-USDC'",
    'OrderOutcomeUnknownError',
  ]
  const missing = expected.filter((text) => !hover.includes(text))
  if (missing.length > 0) throw new Error(`the hover on placeOrder lacks ${missing.map((text) => JSON.stringify(text)).join(', ')}:\n${hover}`)
}
