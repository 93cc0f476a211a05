/// <reference types="node" />
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import type { ReferenceExchange } from '../exchange.ts'
import { DroppedConnection } from '../faults/faults.ts'
import { answerClientError } from './client-error.ts'
import { DRAIN_LIMITS, type DrainLimits, destroyWhenWritten } from './drain.ts'
import { CORS_HEADERS } from '../http/envelope.ts'

export interface NodeListenerOptions {
  /** Called with errors the exchange did not turn into an answer (the client got a bare 500). */
  onError?: (error: unknown) => void
  /** What is still read of a body the exchange answered before it arrived (default `DRAIN_LIMITS`: 16 MiB, 5 s). */
  drain?: DrainLimits
}

/**
 * Reads and throws away the rest of a request answered early, up to `limits`, and holds the
 * connection open until then. Node closes a `connection: close` answer's socket as soon as the
 * answer is written (`destroySoon`); for this socket that waits for the drain instead.
 */
function drainAfterEarlyAnswer(req: IncomingMessage, limits: DrainLimits): void {
  const socket = req.socket
  let drained = 0
  let drainDone = false
  let answered = false
  const done = () => {
    if (drainDone) return
    drainDone = true
    clearTimeout(timer)
    req.off('data', onData)
    if (answered) destroyWhenWritten(socket)
  }
  const cutOff = () => {
    answered = true
    done()
  }
  const onData = (chunk: Buffer) => {
    drained += chunk.length
    if (drained > limits.bytes) cutOff()
  }
  const timer = setTimeout(cutOff, limits.ms)
  req.on('data', onData).once('end', done)
  socket.once('close', done)
  req.resume()
  socket.destroySoon = () => {
    socket.end()
    answered = true
    if (drainDone) destroyWhenWritten(socket)
  }
}

/**
 * The body, cut off one byte past the exchange's limit: enough for it to answer 413 without
 * reading on (the stream is paused, not destroyed, so the answer still goes out).
 */
function readCapped(req: IncomingMessage, limit: number): Promise<Uint8Array | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const finish = () => {
      req.off('data', onData).off('end', finish).off('close', finish).off('error', reject)
      resolve(size === 0 ? undefined : Buffer.concat(chunks).subarray(0, limit + 1))
    }
    const onData = (chunk: Buffer) => {
      chunks.push(chunk)
      size += chunk.length
      if (size > limit) {
        req.pause()
        finish()
      }
    }
    req.on('data', onData).on('end', finish).on('close', finish).on('error', reject)
  })
}

function urlOf(req: IncomingMessage): URL {
  // Connect-style mounts (vite's middlewares) strip their prefix from req.url; originalUrl keeps it.
  const target = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '/'
  // An origin-form target is a path: joined, not resolved, so "//host/path" cannot name another host.
  return target.startsWith('/') ? new URL(`http://localhost${target}`) : new URL(target, 'http://localhost')
}

function toRequest(req: IncomingMessage, body: Uint8Array | undefined): Request {
  const headers = new Headers()
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!)
  return new Request(urlOf(req), { method: req.method, headers, body: body as BodyInit | undefined })
}

/**
 * A Node `http` request listener that serves the exchange. The caller's address is the socket's;
 * a dropped-connection fault destroys the socket, before or after the request took effect.
 */
export function toNodeListener(
  exchange: ReferenceExchange,
  options: NodeListenerOptions = {},
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    try {
      // Methods a Request cannot carry (TRACE …) are refused here, before their body is read.
      const refusal = exchange.refuseMethod(req.method ?? '', urlOf(req).pathname)
      // A declared length over the limit is refused by the exchange from the header alone: read nothing.
      const declaredTooLarge = Number(req.headers['content-length']) > exchange.maxBodyBytes
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && !refusal && !declaredTooLarge
      const body = hasBody ? await readCapped(req, exchange.maxBodyBytes) : undefined
      const response = refusal ?? await exchange.fetch(toRequest(req, body), { clientAddress: req.socket.remoteAddress })
      const payload = Buffer.from(await response.arrayBuffer())
      // Answered before the body has all arrived: close the connection rather than reuse it, once the rest is read (bounded).
      if (!req.complete && (refusal || declaredTooLarge || (body && body.length > exchange.maxBodyBytes))) {
        res.setHeader('connection', 'close')
        drainAfterEarlyAnswer(req, options.drain ?? DRAIN_LIMITS)
      }
      res.writeHead(response.status, { ...Object.fromEntries(response.headers), 'content-length': String(payload.length) })
      res.end(payload)
    } catch (error) {
      if (error instanceof DroppedConnection) {
        req.socket.destroy()
        return
      }
      options.onError?.(error)
      if (!res.headersSent) res.writeHead(500, { ...CORS_HEADERS, 'content-type': 'application/json' })
      res.end(JSON.stringify({ success: false, data: null, error: { code: 'INTERNAL', codeNum: 10500, message: 'internal error' } }))
    }
  }
}

export interface ServeOptions {
  exchange: ReferenceExchange
  /** 0 picks a free port. */
  port: number
  /** Default 127.0.0.1: loopback only. */
  host?: string
  /**
   * A request whose headers and body have not all arrived by then gets 408 and its connection is
   * closed, so slow or stalled senders cannot pile up. Default 30000.
   */
  requestTimeoutMs?: number
}

export interface RunningExchange {
  /** e.g. `http://127.0.0.1:8787`, no trailing slash. */
  url: string
  close(): Promise<void>
}

/** Serves the exchange over HTTP until `close()`. */
export async function serve({ exchange, port, host = '127.0.0.1', requestTimeoutMs = 30_000 }: ServeOptions): Promise<RunningExchange> {
  const timeouts = { requestTimeout: requestTimeoutMs, headersTimeout: requestTimeoutMs, connectionsCheckingInterval: Math.min(1000, requestTimeoutMs) }
  const server = createServer(timeouts, toNodeListener(exchange))
  server.on('clientError', (error, socket) => void answerClientError(exchange, error, socket as Socket))
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const address = server.address() as AddressInfo
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address
  return {
    url: `http://${shownHost}:${address.port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }),
  }
}
