// node bench/profile.ts [GET|POST] [typed]: where a signed call's CPU goes, with the network taken
// out (an in-process fetch that answers at once), 64 calls in flight. Prints self time by owner (the
// SDK's src/, ky, valibot, the runtime: undici, web streams, WebCrypto, GC) and the SDK's functions
// by inclusive time, to tell what the SDK adds to the floor of its parts. `typed` profiles the typed
// method (perp.getOrder, perp.placeOrder) instead of client.request.
import { Session } from 'node:inspector/promises'
import { ExchangeClient } from '../src/client.ts'
import { BENCH_KEY } from './fixtures/keys.ts'
import { sampleOrder } from './fixtures/orders.ts'

interface Node { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }

const method = process.argv[2] === 'POST' ? 'POST' : 'GET'
const typed = process.argv[3] === 'typed'
const seconds = 3
const answer = JSON.stringify({ success: true, data: { ok: true }, error: null, meta: { requestId: 'profile', timestamp: Date.now() } })
const fetch = async () => new Response(answer, { headers: { 'content-type': 'application/json' } })
const client = new ExchangeClient({ baseUrl: 'http://127.0.0.1:1', ...BENCH_KEY, fetch })
let n = 0
const call = (): Promise<unknown> => {
  if (!typed) return client.request({ method, path: `/api/v1/perp/orders/${n++}`, body: method === 'POST' ? sampleOrder(0) : undefined })
  if (method === 'GET') return client.perp.getOrder({ orderId: String(n++) })
  return client.perp.placeOrder({ ...sampleOrder(0), side: 'buy', type: 'limit', timeInForce: 'GTC', clientOrderId: `profile-${n++}` })
}
const run = async (ms: number) => {
  const until = performance.now() + ms
  while (performance.now() < until) await Promise.all(Array.from({ length: 64 }, call))
}

await run(500) // warm-up
const session = new Session()
session.connect()
await session.post('Profiler.enable')
await session.post('Profiler.start')
await run(seconds * 1000)
const { profile } = await session.post('Profiler.stop')
session.disconnect()

const nodes = new Map<number, Node>(profile.nodes.map((node: Node) => [node.id, node]))
const parent = new Map<number, number>()
for (const node of nodes.values()) for (const child of node.children ?? []) parent.set(child, node.id)
const samples = new Map<number, number>()
for (const id of profile.samples as number[]) samples.set(id, (samples.get(id) ?? 0) + 1)
const total = (profile.samples as number[]).length

/** A native frame (no url) belongs to whoever called it: WebCrypto's job entry (`run`) is WebCrypto's. */
function owner(id: number): string {
  const { functionName, url } = nodes.get(id)!.callFrame
  const caller = parent.get(id)
  if (!url && caller !== undefined && nodes.get(caller)!.callFrame.url.includes('crypto')) return 'WebCrypto (node:internal/crypto)'
  if (url.includes('/src/')) return 'SDK (src/)'
  if (url.includes('/ky/')) return 'ky'
  if (url.includes('valibot')) return 'valibot'
  if (url.includes('crypto')) return 'WebCrypto (node:internal/crypto)'
  if (url.includes('undici')) return 'undici (Request, Response, Headers)'
  if (url.includes('webstreams')) return 'web streams'
  if (url.includes('/bench/')) return 'the bench loop'
  if (url.startsWith('node:')) return 'other Node internals'
  return url ? url : functionName || '(native)'
}

const byOwner = new Map<string, number>()
const inclusive = new Map<string, number>()
for (const [id, count] of samples) {
  byOwner.set(owner(id), (byOwner.get(owner(id)) ?? 0) + count)
  const seen = new Set<string>()
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const { functionName, url, lineNumber } = nodes.get(at)!.callFrame
    if (!url.includes('/src/')) continue
    const name = `${functionName || '(anonymous)'} ${url.slice(url.indexOf('/src/') + 1)}:${lineNumber + 1}`
    if (!seen.has(name)) inclusive.set(name, (inclusive.get(name) ?? 0) + count)
    seen.add(name)
  }
}
const share = (count: number) => `${((100 * count) / total).toFixed(1).padStart(5)} %`
console.log(`signed ${method} through ${typed ? 'a typed method' : 'client.request'}, 64 in flight, instant fetch: ${n} calls, ${total} samples`)
console.log('\nself time by owner:')
for (const [name, count] of [...byOwner].sort((a, b) => b[1] - a[1])) console.log(`  ${share(count)}  ${name}`)
console.log('\nSDK functions, inclusive (what they and everything they call take):')
for (const [name, count] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${share(count)}  ${name}`)
