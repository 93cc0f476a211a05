// Serves signingProxy from dist/proxy.js in Deno (Deno.serve), Bun (Bun.serve) or Node (node:http), as
// a backend would: bundled to one .mjs file; PROXY_SDK is the file URL of dist/proxy.js, PROXY_CONFIG
// the proxy's options (JSON). Prints `PROXY_LISTENING <port>` once it listens. In Node, the listener is the
// package's own (exchange-client/proxy/node: dist/proxy-node.js, beside dist/proxy.js).
import type * as ProxyNode from '../../../src/proxy-node.ts'

type EnvGlobals = {
  Deno?: { env: { get(name: string): string | undefined }; serve: (options: object, handler: (request: Request) => Promise<Response>) => unknown }
  Bun?: { serve: (options: object) => { port: number } }
  process?: { env: Record<string, string | undefined> }
}
type Handler = (request: Request) => Promise<Response>


const g = globalThis as EnvGlobals
const env = (name: string): string => {
  const value = g.Deno ? g.Deno.env.get(name) : g.process?.env[name]
  if (!value) throw new Error(`${name} is not set`)
  return value
}
const listening = (port: number) => console.log(`PROXY_LISTENING ${port}`)

/** Node's own server, through the package's listener (exchange-client/proxy/node), as the demo server uses it. */
async function serveOnNode(handler: Handler): Promise<void> {
  const { createServer } = await import('node:http')
  const { toNodeListener } = (await import(new URL('./proxy-node.js', env('PROXY_SDK')).href)) as typeof ProxyNode
  const server = createServer(toNodeListener(handler))
  server.listen(0, '127.0.0.1', () => listening((server.address() as { port: number }).port))
}

const { signingProxy } = (await import(env('PROXY_SDK'))) as { signingProxy: (options: object) => Handler }
// The options arrive as JSON, which holds no function: this host admits every caller.
const handler = signingProxy({ ...JSON.parse(env('PROXY_CONFIG')), authorize: () => true })
if (g.Deno) g.Deno.serve({ hostname: '127.0.0.1', port: 0, onListen: ({ port }: { port: number }) => listening(port) }, handler)
else if (g.Bun) listening(g.Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: handler }).port)
else await serveOnNode(handler)
