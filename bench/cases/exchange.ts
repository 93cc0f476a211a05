// The reference exchange: requests per second it verifies and serves, next to a no-op handler on
// the same Node adapter, both driven by the SDK with the same signed request.
import { startChildServer, type ChildServer } from '../lib/child-server.ts'
import { sdkClient, viaSdk } from '../lib/http.ts'
import { ratesAtConcurrency } from '../lib/concurrency.ts'
import type { Settings } from '../lib/measure.ts'
import type { Section } from '../lib/report.ts'

export async function exchangeCase(settings: Settings): Promise<Section> {
  const section: Section = { id: 'exchange', title: 'Reference exchange over its Node adapter (requests/s)', rows: [], notes: [] }
  const servers: ChildServer[] = []
  try {
    const exchange = await startChildServer('bench/server/adapter.ts', ['exchange'])
    servers.push(exchange)
    const noop = await startChildServer('bench/server/adapter.ts', ['noop'])
    servers.push(noop)
    const call = { method: 'GET', path: '/api/v1/accounts/me/api-key/introspect' } as const
    const ours = { label: 'reference exchange', call: viaSdk(sdkClient(exchange.url), call) }
    const baseline = { label: 'no-op handler', call: viaSdk(sdkClient(noop.url), call) }
    section.rows.push(...await ratesAtConcurrency('signed GET (key introspection)', ours, baseline, settings))
    section.notes.push('Both servers run in processes of their own; the exchange authenticates every request as the spec says, the no-op handler answers at once.')
  } finally {
    for (const server of servers) server.close()
  }
  return section
}
