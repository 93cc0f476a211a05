// A signing proxy served over node:http for the browser tests, that records what each request carried:
// its method, path, Origin and any signing header a page sent. `GET /__seen` answers the record (any origin
// may read it), `POST /__reset` empties it; everything else goes to the proxy.
import { existsSync, readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { toNodeListener } from '../../src/proxy-node.ts'
import { signingProxy, type SigningProxyOptions } from '../../src/proxy.ts'

export interface SeenRequest {
  method: string
  path: string
  origin: string | null
  /** The X-API-KEY, X-TIMESTAMP and X-SIGNATURE headers the page sent, by name. */
  signingHeaders: string[]
}

export interface RecordingProxy {
  url: string
  close(): Promise<void>
}

const SIGNING = ['x-api-key', 'x-timestamp', 'x-signature']

export async function startRecordingProxy(options: Omit<SigningProxyOptions, 'authorize'>): Promise<RecordingProxy> {
  const seen: SeenRequest[] = []
  const proxy = toNodeListener(signingProxy({ ...options, authorize: () => true }))
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!
    if (path === '/__seen' || path === '/__reset') {
      if (path === '/__reset') seen.length = 0
      res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' }).end(JSON.stringify(seen))
      return
    }
    seen.push({ method: req.method!, path, origin: req.headers.origin ?? null, signingHeaders: SIGNING.filter((name) => req.headers[name] !== undefined) })
    void proxy(req, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve())
      server.closeAllConnections()
    }),
  }
}

/** The `<script>` build's text, for a page to run (empty when dist/ is not built: the test says so). */
export function iifeText(): string {
  const file = 'dist/exchange-client.iife.js'
  return existsSync(file) ? readFileSync(file, 'utf8') : ''
}
