// HTTP written by hand on a TCP socket: request lines and headers no fetch would send.
import { connect, type Socket } from 'node:net'

export interface RawReply {
  /** 0 when the server closed without an answer. */
  status: number
  head: string
  body: string
}

/** Parses what came back (one answer, connection closed by `connection: close`). */
function parse(bytes: Buffer): RawReply {
  const text = bytes.toString('latin1')
  const end = text.indexOf('\r\n\r\n')
  if (end === -1) return { status: 0, head: text, body: '' }
  const head = text.slice(0, end)
  let body = text.slice(end + 4)
  if (/transfer-encoding: chunked/i.test(head)) body = body.replace(/(^|\r\n)[0-9a-f]+\r\n/gi, '$1').replace(/\r\n/g, '')
  return { status: Number(head.split(' ')[1]), head, body: Buffer.from(body, 'latin1').toString('utf8') }
}

/** Opens a connection to `url`'s host and port. */
export function open(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => resolve(socket))
    socket.once('error', reject)
  })
}

/** Resolves with everything the server sent once it closes the connection (or resets it). */
export function replyOf(socket: Socket): Promise<RawReply> {
  const chunks: Buffer[] = []
  socket.on('data', (chunk: Buffer) => chunks.push(chunk))
  return new Promise((resolve) => {
    socket.on('error', () => undefined)
    socket.on('close', () => resolve(parse(Buffer.concat(chunks))))
  })
}

/** Sends `request` (string bytes as latin1, or a Buffer) and waits for the answer. */
export async function sendRaw(url: string, request: string | Buffer): Promise<RawReply> {
  const socket = await open(url)
  const reply = replyOf(socket)
  socket.write(typeof request === 'string' ? Buffer.from(request, 'latin1') : request)
  return reply
}

/** A request in HTTP/1.1 with `connection: close`; headers given as written, values as UTF-8 bytes. */
export function httpRequest(method: string, target: string, headers: Record<string, string>, body: Buffer | string = ''): Buffer {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body
  const lines = [`${method} ${target} HTTP/1.1`, 'host: localhost', 'connection: close', ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)]
  if (bytes.length > 0 && !Object.keys(headers).some((name) => /^(content-length|transfer-encoding)$/i.test(name))) lines.push(`content-length: ${bytes.length}`)
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'utf8'), bytes])
}
