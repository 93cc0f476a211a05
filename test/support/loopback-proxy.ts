// Loopback HTTP servers that stand between the client and an exchange: a trap that records every
// request it gets (where a redirect points), and a proxy that forwards to a target and may then
// replace or alter the answer (a gateway error after forwarding, a redirect, a changed body), or send
// the request twice, as a hostile or broken proxy would.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll } from 'vitest'

export interface Recorded {
  method: string
  path: string
  headers: IncomingMessage['headers']
  body: string
}

async function listen(handle: (request: IncomingMessage, body: string, response: ServerResponse) => Promise<void> | void) {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => void Promise.resolve(handle(request, Buffer.concat(chunks).toString('utf8'), response)).catch(() => response.destroy()))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** A server that answers 200 to anything and records it: nothing should ever reach it. */
export async function startTrap() {
  const recorded: Recorded[] = []
  const url = await listen((request, body, response) => {
    recorded.push({ method: request.method!, path: request.url!, headers: request.headers, body })
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true,"data":{},"error":null}')
  })
  return { url, recorded }
}

/** What the proxy does with one request. */
export type ProxyAction =
  | { kind: 'pass' }
  /** Answers `status` with `body`: after forwarding the request, or holding it back (`held`, to `release` later). */
  | { kind: 'fail'; status: number; body: string; contentType: string; forward: boolean }
  /** Answers a redirect to `location`, after forwarding the request or without. */
  | { kind: 'redirect'; status: number; location: string; forward: boolean }
  /** Forwards, and answers with the target's answer text as `alter` rewrites it (a cache, a hostile CDN). */
  | { kind: 'alter'; alter: (text: string) => string }
  /** Forwards the request twice (a proxy that retried it) and answers with the second answer. */
  | { kind: 'twice' }

export const GATEWAY_PAGE = { body: '<html><body><h1>502 Bad Gateway</h1></body></html>', contentType: 'text/html' }

/** Forwards to `target` (method, path, headers and body bytes as received); `decide` picks what to do per request. */
export async function startProxy(target: string, decide: (request: { method: string; path: string }) => ProxyAction) {
  const counts = { forwarded: 0, replaced: 0 }
  const held: Recorded[] = []
  /** Every request received, as received: what someone on the path could replay. */
  const seen: Recorded[] = []
  /** Sends a request on to the target as it was received. */
  const send = ({ method, path, headers, body }: Recorded) => {
    const kept = Object.entries(headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name)) as [string, string][]
    return fetch(target + path, { method, headers: kept, body: body === '' ? undefined : body, redirect: 'manual' })
  }
  const url = await listen(async (request, body, response) => {
    const received: Recorded = { method: request.method!, path: request.url!, headers: request.headers, body }
    seen.push(received)
    const action = decide(received)
    let answer: Response | undefined
    if (action.kind === 'pass' || action.kind === 'alter' || action.kind === 'twice' || action.forward) {
      counts.forwarded++
      answer = await send(received)
    } else {
      held.push(received)
    }
    if (action.kind === 'twice') {
      counts.forwarded++
      await answer!.text()
      answer = await send(received)
    }
    if (action.kind === 'pass' || action.kind === 'alter' || action.kind === 'twice') {
      const text = await answer!.text()
      response.writeHead(answer!.status, { 'content-type': answer!.headers.get('content-type') ?? 'application/json' }).end(action.kind === 'alter' ? action.alter(text) : text)
      return
    }
    counts.replaced++
    if (action.kind === 'redirect') response.writeHead(action.status, { location: action.location, 'content-length': 0 }).end()
    else response.writeHead(action.status, { 'content-type': action.contentType }).end(action.body)
  })
  /** Sends a held request on now, as a proxy that held it up would; resolves to the target's answer. */
  const release = (request: Recorded) => send(request)
  return { url, counts, held, seen, release }
}
