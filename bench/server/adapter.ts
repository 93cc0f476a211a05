// The reference exchange behind its Node adapter, or a no-op handler behind the same adapter
// (argument `exchange` or `noop`), in a process of its own.
import { createReferenceExchange } from '../../src/testing/index.ts'
import { serve } from '../../src/testing/node/adapter.ts'
import { BENCH_KEY } from '../fixtures/keys.ts'

const BENCH_SEED = {
  serviceName: 'Bench Exchange',
  accounts: [{ id: 'bench-account', balances: { USDC: '1000000' } }],
  keys: [{ ...BENCH_KEY, accountId: 'bench-account', permissions: ['read' as const, 'trade' as const], label: 'bench' }],
}

const envelope = JSON.stringify({ success: true, data: { valid: true }, error: null, meta: { requestId: 'noop', timestamp: 0 } })

/** Answers every request at once: the adapter's own cost, and nothing else. */
const noop = {
  fetch: async () => new Response(envelope.replace('"timestamp":0', `"timestamp":${Date.now()}`), { headers: { 'content-type': 'application/json' } }),
  refuseMethod: () => undefined,
} as unknown as ReturnType<typeof createReferenceExchange>

const exchange = process.argv[2] === 'exchange' ? createReferenceExchange({ seed: BENCH_SEED }) : noop
const { url } = await serve({ exchange, port: 0, host: '127.0.0.1' })
console.log(`listening on ${url}`)
