// A raw TCP server that answers HTTP badly on purpose, one behaviour per path: bodies that are not
// the envelope, bodies cut off or reset mid-way, bodies too large, answers that never come. Raw
// sockets (node:net), so it can break HTTP itself, not only what a well-behaved server would send.
import { createServer, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'

export type Behaviour = (socket: Socket, served: Served) => void

export interface Served {
  /** Bytes of body the behaviour wrote before the client went away or it finished. */
  bodyBytesWritten: number
  /** Set when the client closed the connection. */
  clientClosed: boolean
}

export interface HostileServer {
  url: string
  /** What happened on the last connection to each path. */
  served: Map<string, Served>
  close(): Promise<void>
}

export function head(status: number, headers: Record<string, string | number>): string {
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`)
  return [`HTTP/1.1 ${status} X`, ...lines, 'connection: close', '', ''].join('\r\n')
}

/** A complete answer with a correct content-length. */
export function answer(status: number, body: string, contentType = 'application/json'): Behaviour {
  return (socket) => {
    const bytes = Buffer.from(body)
    socket.end(Buffer.concat([Buffer.from(head(status, { 'content-type': contentType, 'content-length': bytes.length })), bytes]))
  }
}

/** Streams `total` bytes of a JSON string body (chunked), as fast as the client reads, stopping when it leaves. */
export function endless(total: number): Behaviour {
  return (socket, served) => {
    socket.write(head(200, { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }))
    const chunk = Buffer.alloc(64 * 1024, 'x')
    const frame = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')])
    const pump = () => {
      while (!socket.destroyed && served.bodyBytesWritten < total) {
        served.bodyBytesWritten += chunk.length
        if (!socket.write(frame)) return void socket.once('drain', pump)
      }
      if (!socket.destroyed) socket.end('0\r\n\r\n')
    }
    const prefix = '{"success":true,"data":"'
    socket.write(`${prefix.length.toString(16)}\r\n${prefix}\r\n`)
    pump()
  }
}

export async function startHostileServer(behaviours: Record<string, Behaviour>): Promise<HostileServer> {
  const served = new Map<string, Served>()
  const sockets = new Set<Socket>()
  const server = createServer((socket) => {
    sockets.add(socket)
    socket.on('error', () => undefined) // the client resetting the connection is expected here
    let request = ''
    socket.on('data', function onData(data: Buffer) {
      request += data.toString('latin1')
      const end = request.indexOf('\r\n\r\n')
      if (end === -1) return
      socket.off('data', onData)
      const path = request.slice(0, request.indexOf('\r\n')).split(' ')[1]!.split('?')[0]!
      const state: Served = { bodyBytesWritten: 0, clientClosed: false }
      served.set(path, state)
      socket.on('close', () => {
        state.clientClosed = true
        sockets.delete(socket)
      })
      const behaviour = behaviours[path]
      if (behaviour) behaviour(socket, state)
      else answer(404, '{"success":false,"error":{"code":"NOT_FOUND","codeNum":10404}}')(socket, state)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: () => {
      for (const socket of sockets) socket.destroy()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}
