// For the browser tests: an origin that answers every request with a redirect to a second server,
// the trap, which counts what reaches it (GET /recorded tells, to a page too: both allow CORS).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface RedirectServers {
  redirectUrl: string
  trapUrl: string
  close(): Promise<void>
}

function corsServer(handle: (request: IncomingMessage, response: ServerResponse) => void) {
  return createServer((request, response) => {
    response.setHeader('access-control-allow-origin', '*')
    response.setHeader('access-control-allow-headers', '*')
    response.setHeader('access-control-allow-methods', '*')
    response.setHeader('access-control-expose-headers', 'location')
    if (request.method === 'OPTIONS') return void response.writeHead(204).end()
    request.resume()
    request.on('end', () => handle(request, response))
  })
}

async function listen(server: ReturnType<typeof createServer>): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

export async function startRedirectServers(): Promise<RedirectServers> {
  let recorded = 0
  const trap = corsServer((request, response) => {
    if (request.url === '/recorded') return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ recorded }))
    recorded++
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true,"data":{},"error":null}')
  })
  const trapUrl = await listen(trap)
  const redirector = corsServer((request, response) => void response.writeHead(302, { location: trapUrl + request.url }).end())
  const redirectUrl = await listen(redirector)
  return {
    redirectUrl,
    trapUrl,
    close: () => Promise.all([trap, redirector].map((server) => new Promise<void>((resolve) => server.close(() => resolve())))).then(() => undefined),
  }
}
