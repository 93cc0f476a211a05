// The reference exchange behind its Node adapter, or a no-op handler behind the same adapter
// (argument `exchange` or `noop`), in a process of its own. Needs src/testing (the bench runner
// skips this case when it is missing).
//
// The two calls below are the only places that assume the testing API's shape:
// `serve(handler, { host, port })` resolving to `{ url }`, and `createReferenceExchange({ seed })`
// taking the seed file's format. Adjust them here if the merged API differs.
import { BENCH_KEY } from '../fixtures/keys.ts'

interface FetchHandler {
  fetch(request: Request, info?: { clientAddress?: string }): Response | Promise<Response>
}
type Serve = (handler: FetchHandler, options: { host: string; port: number }) => Promise<{ url: string }>
type CreateExchange = (options: Record<string, unknown>) => FetchHandler

const ADAPTER = '../../src/testing/node/adapter.ts'
const TESTING = '../../src/testing/index.ts'

const BENCH_SEED = {
  serviceName: 'Bench Exchange',
  accounts: [{ id: 'bench-account', balances: { USDC: '1000000' } }],
  keys: [{ ...BENCH_KEY, accountId: 'bench-account', permissions: ['read', 'trade'], status: 'active', expiresAt: null, ipAllowlist: null, label: 'bench' }],
}

const envelope = JSON.stringify({ success: true, data: { valid: true }, error: null, meta: { requestId: 'noop', timestamp: 0 } })

/** Answers every request at once: the adapter's own cost, and nothing else. */
const noop: FetchHandler = {
  fetch: () => new Response(envelope.replace('"timestamp":0', `"timestamp":${Date.now()}`), { headers: { 'content-type': 'application/json' } }),
}

async function main(mode: string | undefined): Promise<void> {
  const { serve } = (await import(ADAPTER)) as { serve: Serve }
  let handler = noop
  if (mode === 'exchange') {
    const { createReferenceExchange } = (await import(TESTING)) as { createReferenceExchange: CreateExchange }
    handler = createReferenceExchange({ seed: BENCH_SEED })
  }
  const { url } = await serve(handler, { host: '127.0.0.1', port: 0 })
  console.log(`listening on ${url}`)
}

await main(process.argv[2])
