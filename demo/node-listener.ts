// A fetch handler (`(request) => Promise<Response>`, such as signingProxy) as a node:http listener:
// each request turned into a web Request, the Response written back. No Node import but types, so
// Deno and Bun hosts can bundle it too.
import type { IncomingMessage, ServerResponse } from 'node:http'

type FetchHandler = (request: Request) => Promise<Response>

function readBody(req: IncomingMessage): Promise<Blob | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = []
    req.on('data', (chunk: Uint8Array) => chunks.push(chunk))
    req.on('end', () => resolve(chunks.length > 0 ? new Blob(chunks as BlobPart[]) : undefined))
    req.on('error', reject)
  })
}

/**
 * The listener. The request's URL is its target joined to `http://<Host>` (an origin-form target is
 * joined, never resolved: "//host/x" names no other host); its signal aborts when the caller goes away.
 */
export function toFetchListener(handler: FetchHandler): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    const headers = new Headers()
    for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!)
    const target = req.url ?? '/'
    const origin = `http://${req.headers.host ?? 'localhost'}`
    const url = target.startsWith('/') ? new URL(origin + target) : new URL(target, origin)
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
    const gone = new AbortController()
    res.on('close', () => gone.abort())
    const body = hasBody ? await readBody(req) : undefined
    const response = await handler(new Request(url, { method: req.method, headers, body, signal: gone.signal }))
    const out: Record<string, string> = {}
    response.headers.forEach((value, name) => (out[name] = value))
    res.writeHead(response.status, out).end(new Uint8Array(await response.arrayBuffer()))
  }
}
