// npm run demo: the demo page and the reference exchange in one local server, no network needed.
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { randomBytes } from 'node:crypto'
import { createServer, type Plugin } from 'vite'
import { signingProxy } from '../src/proxy.ts'
import { createReferenceExchange, type ReferenceExchange, type ReferenceExchangeOptions } from '../src/testing/index.ts'
import { toNodeListener as serveFetchHandler } from '../src/proxy-node.ts'
import { toNodeListener } from '../src/testing/node/adapter.ts'

const root = fileURLToPath(new URL('..', import.meta.url))

export interface DemoServerOptions {
  /** 0 picks a free port. Default 5173, or the next free one after it. */
  port?: number
  /** Default 127.0.0.1 (this machine only). */
  host?: string
  exchange?: ReferenceExchangeOptions
}

export interface DemoServer {
  /** e.g. `http://127.0.0.1:5173/`. */
  url: string
  /** The key the signing proxy holds (the page of `?mode=proxy` never sees it): for tests that check it leaks nowhere. */
  proxyKey: { apiKey: string; secretKey: string }
  close(): Promise<void>
}

/** The account the page of `?mode=proxy` trades, through a key only this server holds. */
const PROXY_ACCOUNT = 'acc-demo-proxy'

/** What the page calls through the proxy in `?mode=proxy`: its reads, its trades, nothing else (no withdrawal). */
const PAGE_OPERATIONS = [
  'keys.getKeyInfo', 'perp.listOpenOrders', 'perp.listOrderHistory', 'perp.listPositions', 'spot.listBalances', 'prediction.listMyPositions',
  'perp.placeOrder', 'perp.cancelOrder', 'perp.closePosition', 'prediction.mintCompleteSet', 'prediction.redeemCompleteSet',
]

/** A key made at start-up for the proxy's account, its secret random and never sent to the page. */
function proxyKeyFor(options: ReferenceExchangeOptions): { options: ReferenceExchangeOptions; key: DemoServer['proxyKey'] } {
  const key = { apiKey: `demo_${randomBytes(32).toString('hex')}`, secretKey: randomBytes(32).toString('hex') }
  const seed = options.seed ?? {}
  return {
    key,
    options: {
      ...options,
      seed: {
        ...seed,
        accounts: [...(seed.accounts ?? []), { id: PROXY_ACCOUNT, balances: { USDC: '100000' } }],
        keys: [...(seed.keys ?? []), { ...key, accountId: PROXY_ACCOUNT, permissions: ['read', 'trade'], label: 'demo signing proxy' }],
      },
    },
  }
}

/**
 * Requests to /api/* go to the reference exchange; /proxy/api/* to a signing proxy in front of it (the
 * page of `?mode=proxy` holds no secret); everything else is the page.
 */
function referenceExchange(exchange: ReferenceExchange, proxyKey: DemoServer['proxyKey']): Plugin {
  const serveExchange = toNodeListener(exchange)
  const proxy = signingProxy({
    // In the same process: the proxy's calls go to the exchange's fetch handler, not over the network.
    target: 'http://reference-exchange.local',
    fetch: (input, init) => exchange.fetch(new Request(input, init), { clientAddress: '127.0.0.1' }),
    ...proxyKey,
    allow: ['public', ...PAGE_OPERATIONS],
    // A local demo with one user: a real site checks its user's session here.
    authorize: () => true,
  })
  const serveProxy = serveFetchHandler(proxy)
  return {
    name: 'reference-exchange',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (req.url?.startsWith('/proxy/api/')) void serveProxy(req, res).catch(next)
        else if (req.url?.startsWith('/api/')) void serveExchange(req, res).catch(next)
        else next()
      })
    },
  }
}

/** Starts vite on demo/ with the library resolved from its public entries, as users import it. */
export async function startDemoServer(options: DemoServerOptions = {}): Promise<DemoServer> {
  const port = options.port ?? 5173
  // A port asked for explicitly must be that port; the default may move on to the next free one.
  const strictPort = options.port !== undefined && options.port !== 0
  const { options: exchangeOptions, key: proxyKey } = proxyKeyFor(options.exchange ?? {})
  const server = await createServer({
    configFile: false,
    root: resolve(root, 'demo'),
    cacheDir: resolve(root, '.tmp/vite-demo'),
    logLevel: 'warn',
    clearScreen: false,
    resolve: {
      alias: [
        { find: /^exchange-client$/, replacement: resolve(root, 'src/index.ts') },
        { find: /^exchange-client\/local-signer$/, replacement: resolve(root, 'src/local-signer.ts') },
        { find: /^exchange-client\/proxy$/, replacement: resolve(root, 'src/proxy.ts') },
      ],
    },
    // Serve dependencies as they are (all ESM): no pre-bundling pass that could reload the page.
    optimizeDeps: { noDiscovery: true, include: [] },
    server: { port, host: options.host ?? '127.0.0.1', strictPort, fs: { allow: [root] } },
    // A market that looks like one: sizes that vary by level and side, taken when hit, refilled over time.
    plugins: [referenceExchange(createReferenceExchange({ ...exchangeOptions, policy: { makerLadder: 'lively', ...exchangeOptions.policy } }), proxyKey)],
  })
  try {
    await server.listen()
  } catch (error) {
    await server.close()
    throw error
  }
  const url = server.resolvedUrls?.local[0]
  if (!url) throw new Error('the demo server did not report its address')
  return { url, proxyKey, close: () => server.close() }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const port = process.env.PORT === undefined ? undefined : Number(process.env.PORT)
  try {
    const demo = await startDemoServer({ port })
    console.log(`exchange-client demo: ${demo.url}  (reference exchange at ${demo.url}api/v1; ${demo.url}?mode=proxy trades through a signing proxy; Ctrl+C to stop)`)
  } catch (error) {
    // vite says "Port 5173 is already in use" with a stack; a busy port needs one line.
    const busy = (error as { code?: unknown }).code === 'EADDRINUSE' || /already in use/.test(String((error as Error).message))
    console.error(busy
      ? `demo: port ${port} is in use: stop what listens there, or set PORT to another port (without PORT the demo takes the first free one from 5173)`
      : `demo: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  }
}
