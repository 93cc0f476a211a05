/// <reference types="node" />
// A fetch handler (`(request) => Promise<Response>`, such as signingProxy's) as a node:http request
// listener: for `http.createServer`, Express (`app.use('/exchange', listener)`) and Fastify (a hijacked
// reply, its raw request and response). Node's types only, no Node import at run time, so Deno and Bun
// hosts that speak node:http can bundle it too; browser-safe entries never reach it (its own entry).
import type { IncomingMessage, ServerResponse } from 'node:http'

/** A fetch handler: `signingProxy(…)`, or any `(request: Request) => Response | Promise<Response>`. */
export type FetchHandler = (request: Request) => Response | Promise<Response>

/** A node:http request listener; Express passes a third argument, which it does not use (it answers every request itself). */
export type NodeRequestListener = (req: IncomingMessage, res: ServerResponse, next?: unknown) => Promise<void>

export interface NodeListenerOptions {
  /**
   * The origin pages reach this server at, e.g. `'https://your.site'`, when it is not what the request says
   * (behind a load balancer that ends TLS). The request's URL takes it instead of `http(s)://<Host header>`:
   * signingProxy's same-origin rule compares a page's `Origin` with it.
   */
  origin?: string
  /** Called with what went wrong where the answer is a bare 500 (the handler threw, a body parser read the body first). */
  onError?: (error: unknown) => void
}

/** Headers of one connection, not of the request or the answer: Node sets its own. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer'])

/** Said when a body parser (express.json(), Fastify's own) read the body before the listener: the bytes are gone. */
export const BODY_ALREADY_READ: string =
  'the request body was already read by a body parser (express.json(), express.urlencoded(), a Fastify content-type parser): ' +
  'mount this listener before any body parser, or give it a route without one; a parsed body is not re-serialized, so its bytes and type are never guessed'

/** Express, Connect and vite mounts strip their prefix from `req.url`; `originalUrl` keeps what the client sent. */
const targetOf = (req: IncomingMessage) => (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '/'

/**
 * The request's URL: its target joined to the origin (an origin-form target is joined, never resolved, so
 * `//host/x` names no other host).
 */
function urlOf(req: IncomingMessage, origin: string | undefined): URL {
  const target = targetOf(req)
  const encrypted = (req.socket as { encrypted?: boolean } | undefined)?.encrypted === true
  const base = origin ?? `${encrypted ? 'https' : 'http'}://${req.headers.host ?? 'localhost'}`
  return target.startsWith('/') ? new URL(base.replace(/\/+$/, '') + target) : new URL(target, base)
}

function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers()
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!
    // HTTP/2's pseudo-headers (`:path`) and one connection's headers are no part of the request.
    if (name.startsWith(':') || HOP_BY_HOP.has(name.toLowerCase())) continue
    headers.append(name, req.rawHeaders[i + 1]!)
  }
  return headers
}

/** Whether the request says it has a body (a length over zero, or chunked). */
const declaresBody = (req: IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0')

/**
 * The body as a web stream that reads the socket only as fast as the handler reads it (the request is
 * paused while the stream is full). Cancelled (a handler refusing a body too large), it stops reading.
 */
function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let done = false
  const finish = () => {
    done = true
    req.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose)
  }
  let controller!: ReadableStreamDefaultController<Uint8Array>
  const onData = (chunk: Uint8Array | string) => {
    controller.enqueue(typeof chunk === 'string' ? new TextEncoder().encode(chunk) : new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength))
    if ((controller.desiredSize ?? 0) <= 0) req.pause()
  }
  const onEnd = () => {
    finish()
    controller.close()
  }
  const onError = (error: unknown) => {
    finish()
    controller.error(error)
  }
  // The caller went away before the body's end.
  const onClose = () => {
    if (!done) onError(new Error('the request body broke off: the client closed the connection'))
  }
  return new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c
        req.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose)
        req.pause()
      },
      pull() {
        req.resume()
      },
      cancel() {
        finish()
        req.pause()
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  )
}

/** What to send as the body: nothing, the stream, or the bytes a raw body parser (express.raw()) already read. */
function bodyOf(req: IncomingMessage): { body?: BodyInit; streamed: boolean } {
  if (req.method === 'GET' || req.method === 'HEAD') return { streamed: false }
  const read = req.readableEnded || (req as { readableDidRead?: boolean }).readableDidRead === true
  if (!read) return declaresBody(req) ? { body: bodyStream(req), streamed: true } : { streamed: false }
  const parsed = (req as IncomingMessage & { body?: unknown }).body
  if (parsed instanceof Uint8Array) return { body: parsed.slice(), streamed: false }
  if (!declaresBody(req) && parsed === undefined) return { streamed: false }
  throw new Error(BODY_ALREADY_READ)
}

/** Resolves when `res` may take more (`drain`), or when it is gone (`close`): backpressure. */
const drained = (res: ServerResponse) =>
  new Promise<void>((resolve) => {
    const go = () => {
      res.off('drain', go).off('close', go)
      resolve()
    }
    res.on('drain', go).on('close', go)
  })

async function writeResponse(req: IncomingMessage, res: ServerResponse, response: Response, bodyUnread: () => boolean): Promise<void> {
  res.statusCode = response.status
  if (response.statusText) res.statusMessage = response.statusText
  response.headers.forEach((value, name) => {
    if (!HOP_BY_HOP.has(name) && name !== 'set-cookie') res.setHeader(name, value)
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) res.setHeader('set-cookie', cookies)
  // A body not read to its end (refused before it was): close the connection rather than reuse it.
  if (bodyUnread()) res.setHeader('connection', 'close')
  const noBody = req.method === 'HEAD' || response.status === 204 || response.status === 304
  if (!response.body || noBody) {
    await response.body?.cancel().catch(() => undefined)
    res.end()
    return
  }
  const reader = response.body.getReader()
  // The client went away while the handler's stream had nothing to give: stop waiting on it.
  const gone = () => {
    if (!res.writableFinished) void reader.cancel().catch(() => undefined)
  }
  res.on('close', gone)
  try {
    for (;;) {
      if (res.destroyed) {
        await reader.cancel().catch(() => undefined)
        return
      }
      const { done, value } = await reader.read()
      if (done) break
      if (!res.write(value)) await drained(res)
    }
    res.end()
  } catch (error) {
    // The answer broke off after its head went out: the client must not take it for whole.
    res.destroy(error instanceof Error ? error : new Error(String(error)))
  } finally {
    res.off('close', gone)
  }
}

/** A bare 500 (or 400): no word of the error itself, which may quote anything. */
function fail(res: ServerResponse, status: number, message: string): void {
  if (res.headersSent) {
    res.destroy()
    return
  }
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' }).end(message)
}

/**
 * `handler` as a node:http request listener. Each request becomes a web `Request`: its URL is the target
 * the client sent (`originalUrl` under an Express mount) joined to `origin` or `http(s)://<Host>`; its
 * headers as sent, less one connection's own; its body streamed as the handler reads it; its `signal`
 * aborts when the client goes away before the answer is written. The `Response` is written back as it
 * streams, waiting for the socket to drain (backpressure), each `Set-Cookie` kept apart.
 *
 * A body a parser already read is not guessed at: the bytes of `express.raw()` are passed on, anything else
 * (`express.json()`, `express.urlencoded()`, Fastify's parsers) is a 500 saying so (`BODY_ALREADY_READ`).
 */
export function toNodeListener(handler: FetchHandler, options: NodeListenerOptions = {}): NodeRequestListener {
  return async (req, res) => {
    let url: URL
    try {
      url = urlOf(req, options.origin)
    } catch {
      fail(res, 400, 'bad request target or Host header')
      return
    }
    const gone = new AbortController()
    const onClose = () => {
      if (!res.writableFinished) gone.abort()
    }
    res.on('close', onClose)
    let streamed = false
    try {
      const body = bodyOf(req)
      streamed = body.streamed
      const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers: headersOf(req), signal: gone.signal }
      if (body.body !== undefined) {
        init.body = body.body
        if (body.streamed) init.duplex = 'half'
      }
      const response = await handler(new Request(url, init))
      await writeResponse(req, res, response, () => streamed && !req.readableEnded)
    } catch (error) {
      options.onError?.(error)
      fail(res, 500, error instanceof Error && error.message === BODY_ALREADY_READ ? BODY_ALREADY_READ : 'internal error')
    } finally {
      res.off('close', onClose)
    }
  }
}
