// The loopback server the request cases send to, in a process of its own so its work does not
// share the client's thread. It checks every signature with node:crypto (independently of the
// SDK's signer) and answers 401 when one is wrong, so a bench never times failing requests. A call
// with no key (an open endpoint's) is answered as such.
import { createHmac } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { BENCH_KEY } from '../fixtures/keys.ts'

const answer = (success: boolean) =>
  JSON.stringify({
    success,
    data: success ? { ok: true } : null,
    error: success ? null : { code: 'AUTH_INVALID_SIGNATURE', codeNum: 11003, message: 'signature mismatch' },
    meta: { requestId: 'bench', timestamp: Date.now() },
  })

const server = createServer((req, res) => {
  const chunks: Buffer[] = []
  req.on('data', (chunk: Buffer) => chunks.push(chunk))
  req.on('end', () => {
    const path = (req.url ?? '').split('?')[0]!
    const signature = createHmac('sha256', BENCH_KEY.secretKey)
      .update(`${req.headers['x-timestamp']}${req.method}${path}`)
      .update(Buffer.concat(chunks))
      .digest('hex')
    // An open endpoint's call carries no key at all; one that carries a key must be signed right.
    const open = req.headers['x-api-key'] === undefined && req.headers['x-signature'] === undefined
    const ok = open || (req.headers['x-api-key'] === BENCH_KEY.apiKey && req.headers['x-signature'] === signature)
    res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' })
    res.end(answer(ok))
  })
})

server.listen(0, '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`)
})
