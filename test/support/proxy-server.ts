// Serves a fetch handler (a signing proxy) over node:http, as a Node backend would: each request turned
// into a web Request (the raw target joined to the server's own origin), the Response written back.
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'
import { afterAll } from 'vitest'

function toRequest(req: IncomingMessage, origin: string, signal: AbortSignal): Request {
  const headers = new Headers()
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!)
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
  // An origin-form target is joined to our origin, never resolved: "//host/x" names no other host.
  const url = req.url?.startsWith('/') ? origin + req.url : new URL(req.url ?? '/', origin).href
  return new Request(url, {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
    signal,
    ...(hasBody ? { duplex: 'half' } : {}),
  } as RequestInit)
}

/** Serves `handler` on loopback until the test file ends; resolves to its URL. */
export async function serveHandler(handler: (request: Request) => Promise<Response>): Promise<string> {
  let origin = ''
  const server = createServer(async (req, res) => {
    const aborted = new AbortController()
    res.on('close', () => aborted.abort())
    const response = await handler(toRequest(req, origin, aborted.signal))
    const body = Buffer.from(await response.arrayBuffer())
    const headers: Record<string, string | string[]> = {}
    response.headers.forEach((value, name) => (headers[name] = value))
    res.writeHead(response.status, headers).end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  afterAll(() => new Promise<void>((resolve) => {
    server.close(() => resolve())
    server.closeAllConnections()
  }))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return origin
}
