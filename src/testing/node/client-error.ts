/// <reference types="node" />
import type { Socket } from 'node:net'
import type { ReferenceExchange } from '../exchange.ts'
import { drainRefusedConnection } from './drain.ts'

/** Connections already answered: the parser fails again on each chunk of the refused request's rest. */
const answered = new WeakSet<Socket>()

/** Node's own answers to requests its parser refuses, kept as they are (see node's `_http_server.js`). */
const STATUS_OF_PARSER_ERROR: Readonly<Record<string, number>> = {
  HPE_HEADER_OVERFLOW: 431,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
}
const REASONS: Readonly<Record<number, string>> = { 400: 'Bad Request', 408: 'Request Timeout', 413: 'Payload Too Large', 431: 'Request Header Fields Too Large' }

/**
 * Node's HTTP parser refuses a method it does not know (`FOO`) before any listener sees it. This
 * answers that case as the exchange answers every unserved method, 405 with the envelope, and every
 * other parser error as Node would by default (a bare 400, 408, 413 or 431), then closes, once
 * what the client still sends is drained (bounded: see drain.ts).
 */
export async function answerClientError(exchange: ReferenceExchange, error: Error & { code?: string; rawPacket?: Buffer }, socket: Socket): Promise<void> {
  if (answered.has(socket)) return
  if (!socket.writable) return void socket.destroy()
  answered.add(socket)
  drainRefusedConnection(socket)
  const requestLine = error.rawPacket?.toString('latin1').split('\r\n', 1)[0] ?? ''
  const [method = '', target = '/'] = requestLine.split(' ')
  const refusal = error.code === 'HPE_INVALID_METHOD' && /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(method)
    ? exchange.refuseMethod(method, new URL(target, 'http://localhost').pathname)
    : undefined
  if (!refusal) {
    const status = STATUS_OF_PARSER_ERROR[error.code ?? ''] ?? 400
    return void socket.end(`HTTP/1.1 ${status} ${REASONS[status]}\r\nconnection: close\r\n\r\n`)
  }
  const body = Buffer.from(await refusal.arrayBuffer())
  const headers = [...refusal.headers].map(([name, value]) => `${name}: ${value}`)
  socket.end(Buffer.concat([
    Buffer.from(`HTTP/1.1 ${refusal.status} Method Not Allowed\r\n${[...headers, `content-length: ${body.length}`, 'connection: close'].join('\r\n')}\r\n\r\n`, 'latin1'),
    body,
  ]))
}
