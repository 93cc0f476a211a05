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
  files: ['exact-types.ts', 'hover.ts', 'hover-function.ts'],
}

const HOVERED = `import { ExchangeClient } from 'exchange-client'
const client = new ExchangeClient({ baseUrl: 'http://127.0.0.1:1' })
export const order = client.perp.placeOrder({ market: 'BTC-USDC', side: 'buy', type: 'market', size: '0.01' })
`

/** The same operation as a function of `exchange-client/perp`, which takes the core first. */
const HOVERED_FUNCTION = `import { ExchangeCore } from 'exchange-client'
import { placeOrder } from 'exchange-client/perp'
export const order = placeOrder(new ExchangeCore({ baseUrl: 'http://127.0.0.1:1' }), { market: 'BTC-USDC', side: 'buy', type: 'market', size: '0.01' })
`

/** The texts of `hover` that are missing from it, as an error naming them. */
function expectHover(what: string, hover: string, expected: string[]): void {
  const missing = expected.filter((text) => !hover.includes(text))
  if (missing.length > 0) throw new Error(`the hover on ${what} lacks ${missing.map((text) => JSON.stringify(text)).join(', ')}:\n${hover}`)
}

/** Type-checks the program in `project` (where the tarball is installed), then reads the hover. */
export async function checkTypedUser(root: string, project: string): Promise<void> {
  copyFileSync(PROGRAM, join(project, 'exact-types.ts'))
  writeFileSync(join(project, 'hover.ts'), HOVERED)
  writeFileSync(join(project, 'hover-function.ts'), HOVERED_FUNCTION)
  writeFileSync(join(project, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2))
  execFileSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], { cwd: project, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })

  const docs = ['Place a perp order', 'POST /api/v1/perp/orders', '@example', 'OrderOutcomeUnknownError']
  expectHover('client.perp.placeOrder', await hoverText(root, project, join(project, 'hover.ts'), 'placeOrder'), [
    'placeOrder(input: PerpOrderInput, options?: CallOptions): Promise<PerpOrder>',
    ...docs,
    "await client.perp.placeOrder({ market: 'BTC-USDC'",
  ])
  expectHover('placeOrder of exchange-client/perp', await hoverText(root, project, join(project, 'hover-function.ts'), 'placeOrder('), [
    '(core: OperationBinder, input: PerpOrderInput, options?: CallOptions) => Promise<PerpOrder>',
    ...docs,
    "await placeOrder(core, { market: 'BTC-USDC'",
  ])
}
