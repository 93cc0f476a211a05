// Request overhead: client.request against a bare fetch of a pre-signed request, same server.
import { sampleOrder } from '../fixtures/orders.ts'
import { startChildServer } from '../lib/child-server.ts'
import { sdkClient, viaPresignedFetch, viaSdk, type Call } from '../lib/http.ts'
import { ratesAtConcurrency } from '../lib/concurrency.ts'
import type { Settings } from '../lib/measure.ts'
import type { Section } from '../lib/report.ts'

const CALLS: Record<string, Call> = {
  'signed GET': { method: 'GET', path: '/api/v1/perp/orders', query: { market: 'BTC-USDC', limit: 50 } },
  'signed POST (one order)': { method: 'POST', path: '/api/v1/perp/orders', body: sampleOrder(0) },
}

export async function requestCase(settings: Settings): Promise<Section> {
  const server = await startChildServer('bench/server/verifying.ts')
  const section: Section = { id: 'request', title: 'Request overhead over loopback HTTP (requests/s)', rows: [], notes: [] }
  try {
    const client = sdkClient(server.url)
    for (const [label, call] of Object.entries(CALLS)) {
      const ours = { label: 'client.request', call: viaSdk(client, call) }
      const bare = { label: 'bare fetch, pre-signed', call: await viaPresignedFetch(server.url, call) }
      section.rows.push(...await ratesAtConcurrency(label, ours, bare, settings, 0.85))
    }
    section.notes.push('The server runs in its own process and checks every signature with node:crypto; both sides use the same global fetch (undici) and keep-alive connections.')
  } finally {
    server.close()
  }
  return section
}
