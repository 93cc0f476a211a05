// A small loopback server that checks signatures with node:crypto, independently of the SDK's
// signer, and echoes what it received. The foundation's end-to-end tests run against it.
import { createHmac } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export const VERIFIER_KEY = { apiKey: `test_${'ab'.repeat(32)}`, secretKey: 'cd'.repeat(32) }

export interface VerifyingServer {
  url: string
  close(): Promise<void>
}

/** The spec's tolerance on X-TIMESTAMP. */
const TIMESTAMP_TOLERANCE_MS = 30_000

export async function startVerifyingServer(): Promise<VerifyingServer> {
  const now = () => Date.now()
  const envelope = (success: boolean, data: unknown, error?: { code: string; codeNum: number; message: string }) =>
    JSON.stringify({ success, data: success ? data : null, error: error ?? null, meta: { requestId: `req-${Math.random().toString(36).slice(2)}`, timestamp: now() } })
  const seen = new Set<string>()
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const [path = '', query = ''] = (req.url ?? '').split('?')
      const ts = req.headers['x-timestamp']
      const signature = req.headers['x-signature']
      const apiKey = req.headers['x-api-key']
      const expected = typeof ts === 'string'
        ? createHmac('sha256', VERIFIER_KEY.secretKey).update(ts + req.method + path + body).digest('hex')
        : undefined
      const verified = apiKey === VERIFIER_KEY.apiKey && signature === expected
      res.setHeader('content-type', 'application/json')
      res.setHeader('access-control-allow-origin', '*')
      res.setHeader('access-control-allow-headers', '*')
      res.setHeader('access-control-allow-methods', '*')
      if (req.method === 'OPTIONS') return void res.writeHead(204).end()
      if (path === '/api/v1/system/time') return void res.end(envelope(true, { serverTime: now() }))
      if (apiKey !== undefined || path.startsWith('/signed/')) {
        if (apiKey === VERIFIER_KEY.apiKey && Math.abs(Number(ts) - now()) > TIMESTAMP_TOLERANCE_MS) {
          res.statusCode = 401
          return void res.end(envelope(false, null, { code: 'AUTH_TIMESTAMP_EXPIRED', codeNum: 11004, message: 'timestamp outside the window' }))
        }
        if (!verified) {
          res.statusCode = 401
          return void res.end(envelope(false, null, { code: 'AUTH_INVALID_SIGNATURE', codeNum: 11003, message: 'signature mismatch' }))
        }
        if (seen.has(String(signature))) {
          res.statusCode = 401
          return void res.end(envelope(false, null, { code: 'AUTH_REPLAY_DETECTED', codeNum: 11013, message: 'replay' }))
        }
        seen.add(String(signature))
      }
      res.end(envelope(true, { method: req.method, path, query, body }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
