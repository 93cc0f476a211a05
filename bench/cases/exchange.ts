// The reference exchange: requests per second it verifies and serves, next to a no-op handler on
// the same Node adapter, both driven by the SDK with the same signed request.
import { startChildServer, type ChildServer } from '../lib/child-server.ts'
import type { ExchangeCore } from '../../src/client.ts'
import { sdkClient } from '../lib/http.ts'
import { ratesAtConcurrency } from '../lib/concurrency.ts'
import type { Settings } from '../lib/measure.ts'
import type { Section } from '../lib/report.ts'

/** Account reads in turn: distinct signed payloads, as a bot's mix of reads would be. */
const READS = [
  '/api/v1/accounts/me/api-key/introspect',
  '/api/v1/account/overview',
  '/api/v1/perp/positions',
  '/api/v1/perp/orders',
  '/api/v1/spot/balances',
  '/api/v1/account/api-keys',
  '/api/v1/prediction/me/stats',
  '/api/v1/account/perp/margin',
]

function signedReads(client: ExchangeCore): () => Promise<unknown> {
  let n = 0
  return () => client.request({ method: 'GET', path: READS[n++ % READS.length]! })
}

export async function exchangeCase(settings: Settings): Promise<Section> {
  const section: Section = { id: 'exchange', title: 'Reference exchange over its Node adapter (requests/s)', rows: [], notes: [] }
  const servers: ChildServer[] = []
  try {
    const exchange = await startChildServer('bench/server/adapter.ts', ['exchange'])
    servers.push(exchange)
    const noop = await startChildServer('bench/server/adapter.ts', ['noop'])
    servers.push(noop)
    const ours = { label: 'reference exchange', call: signedReads(sdkClient(exchange.url)) }
    const baseline = { label: 'no-op handler', call: signedReads(sdkClient(noop.url)) }
    section.rows.push(...await ratesAtConcurrency('signed GETs (rotating over account reads)', ours, baseline, settings))
    section.notes.push('Both servers run in processes of their own; the exchange authenticates every request as the spec says, the no-op handler answers at once.')
  } finally {
    for (const server of servers) server.close()
  }
  return section
}
