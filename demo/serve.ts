// npm run demo: the demo page and the reference exchange in one local server, no network needed.
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createServer, type Plugin } from 'vite'
import { createReferenceExchange, type ReferenceExchangeOptions } from '../src/testing/index.ts'
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
  close(): Promise<void>
}

/** Requests to /api/* go to the reference exchange; everything else is the page. */
function referenceExchange(options: ReferenceExchangeOptions): Plugin {
  const serveExchange = toNodeListener(createReferenceExchange(options))
  return {
    name: 'reference-exchange',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (req.url?.startsWith('/api/')) void serveExchange(req, res).catch(next)
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
      ],
    },
    // Serve dependencies as they are (all ESM): no pre-bundling pass that could reload the page.
    optimizeDeps: { noDiscovery: true, include: [] },
    server: { port, host: options.host ?? '127.0.0.1', strictPort, fs: { allow: [root] } },
    plugins: [referenceExchange(options.exchange ?? {})],
  })
  try {
    await server.listen()
  } catch (error) {
    await server.close()
    throw error
  }
  const url = server.resolvedUrls?.local[0]
  if (!url) throw new Error('the demo server did not report its address')
  return { url, close: () => server.close() }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const port = process.env.PORT === undefined ? undefined : Number(process.env.PORT)
  try {
    const demo = await startDemoServer({ port })
    console.log(`exchange-client demo: ${demo.url}  (reference exchange at ${demo.url}api/v1, Ctrl+C to stop)`)
  } catch (error) {
    // vite says "Port 5173 is already in use" with a stack; a busy port needs one line.
    const busy = (error as { code?: unknown }).code === 'EADDRINUSE' || /already in use/.test(String((error as Error).message))
    console.error(busy
      ? `demo: port ${port} is in use: stop what listens there, or set PORT to another port (without PORT the demo takes the first free one from 5173)`
      : `demo: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  }
}
