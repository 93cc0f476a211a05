/// <reference types="node" />
// What a connection still carries after the exchange answered before the request had all arrived.
import type { Socket } from 'node:net'

export interface DrainLimits {
  /** Bytes read and thrown away at most after the answer. */
  bytes: number
  /** Milliseconds waited at most for the rest of the body. */
  ms: number
}

/**
 * An answer sent before the body has arrived (413, a refused method, a request the HTTP parser
 * refuses) closes the connection only once the client has sent the rest, up to these bounds:
 * closing with bytes unread makes the kernel reset the connection, and a client still sending
 * (Node's `http`) then reads EPIPE or ECONNRESET instead of the answer. Past a bound the
 * connection is closed anyway.
 */
export const DRAIN_LIMITS: Readonly<DrainLimits> = Object.freeze({ bytes: 16 * 1024 * 1024, ms: 5_000 })

/** Destroys the socket once what was written to it has gone out. */
export function destroyWhenWritten(socket: Socket): void {
  if (socket.writableFinished || !socket.writable) socket.destroy()
  else socket.once('finish', () => socket.destroy())
}

/**
 * After Node's HTTP parser refused a request: what the socket still receives is the rest of that
 * request, so it is read and thrown away (the parser no longer sees it) until the client ends its
 * side or a bound is passed; then the connection is closed, once the answer has gone out.
 */
export function drainRefusedConnection(socket: Socket, limits: DrainLimits = DRAIN_LIMITS): void {
  socket.removeAllListeners('data')
  let drained = 0
  const close = () => {
    clearTimeout(timer)
    destroyWhenWritten(socket)
  }
  const timer = setTimeout(close, limits.ms)
  socket.on('data', (chunk: Buffer) => {
    drained += chunk.length
    if (drained > limits.bytes) close()
  })
  socket.once('end', close)
  socket.once('close', () => clearTimeout(timer))
  socket.resume()
}
