// Serves a fetch handler (a signing proxy) over node:http on loopback, as a Node backend would.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll } from 'vitest'
import { toNodeListener } from '../../src/proxy-node.ts'

/** Serves `handler` until the test file ends; resolves to its URL. */
export async function serveHandler(handler: (request: Request) => Promise<Response>): Promise<string> {
  const server = createServer(toNodeListener(handler))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  afterAll(() => new Promise<void>((resolve) => {
    server.close(() => resolve())
    server.closeAllConnections()
  }))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}
