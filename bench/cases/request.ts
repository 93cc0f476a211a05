// Request overhead: the SDK (client.request and typed methods) against the floors of its own parts,
// all in one bench per figure, same server, rotating order: a bare fetch of a pre-signed request,
// fetch + WebCrypto, and ky + WebCrypto (one ky instance; the floor issue #15 sets the targets against).
import type { ExchangeClient } from '../../src/client.ts'
import { sampleOrder } from '../fixtures/orders.ts'
import { startChildServer } from '../lib/child-server.ts'
import { viaFetchFloor, viaKyFloor } from '../lib/floors.ts'
import { sdkClient, viaPresignedFetch, viaSdk, type Call } from '../lib/http.ts'
import { inFlight, measure, type Settings } from '../lib/measure.ts'
import { row, timed, type Row, type Section } from '../lib/report.ts'

/** No signed call of the SDK or a typed method falls under this share of the ky + WebCrypto floor… */
const TARGET = 0.8
/** …and their geometric mean over the signed cases reaches this one. */
const GEOMEAN_TARGET = 0.95

interface Kind {
  label: string
  call: Call
  /** The same call through a typed method; `n` makes each call's signed payload its own. */
  typed: { label: string; call: (client: ExchangeClient, n: number) => Promise<unknown> }
  signed: boolean
}

const KINDS: Kind[] = [
  {
    label: 'signed GET',
    call: { method: 'GET', path: '/api/v1/perp/orders' },
    typed: { label: 'perp.getOrder', call: (client, n) => client.perp.getOrder({ orderId: String(n) }) },
    signed: true,
  },
  {
    label: 'signed POST (one order)',
    call: { method: 'POST', path: '/api/v1/perp/orders', body: sampleOrder(0) },
    typed: { label: 'perp.placeOrder', call: (client, n) => client.perp.placeOrder({ ...sampleOrder(0), side: 'buy', type: 'limit', timeInForce: 'GTC', clientOrderId: `bench-${n}` }) },
    signed: true,
  },
  {
    label: 'unsigned GET',
    call: { method: 'GET', path: '/api/v1/perp/markets/BTC-USDC/ticker' },
    typed: { label: 'perp.getTicker', call: (client) => client.perp.getTicker({ market: 'BTC-USDC' }) },
    signed: false,
  },
]

export async function requestCase(settings: Settings): Promise<Section> {
  const server = await startChildServer('bench/server/verifying.ts')
  const section: Section = { id: 'request', title: 'Request overhead over loopback HTTP (requests/s, higher is better)', rows: [], notes: [] }
  try {
    const client = sdkClient(server.url)
    for (const kind of KINDS) {
      const { call, signed } = kind
      let n = 0
      const candidates = {
        sdk: { label: 'client.request', call: viaSdk(client, call, signed) },
        typed: { label: kind.typed.label, call: () => kind.typed.call(client, n++) },
        ky: { label: 'ky + WebCrypto floor', call: await viaKyFloor(server.url, call, signed) },
        fetch: { label: 'fetch + WebCrypto floor', call: await viaFetchFloor(server.url, call, signed) },
        bare: { label: 'bare fetch, pre-signed', call: await viaPresignedFetch(server.url, call, signed) },
      }
      for (const concurrency of [1, 64]) {
        const t = await measure(Object.entries(candidates).map(([name, c]) => ({ name, ...inFlight(concurrency, c.call) })), settings)
        const at = `${kind.label}, concurrency ${concurrency}`
        const vs = (subject: keyof typeof candidates, baseline: keyof typeof candidates, target?: number): Row =>
          row({ case: at, subject: candidates[subject].label, baseline: candidates[baseline].label, ...timed(t[subject]!, t[baseline]!, 'req/s'), target })
        section.rows.push(
          vs('sdk', 'ky', signed ? TARGET : undefined),
          vs('typed', 'ky', signed ? TARGET : undefined),
          vs('ky', 'fetch'),
          vs('fetch', 'bare'),
          vs('sdk', 'bare'),
        )
      }
    }
    const signedRatios = section.rows.filter((r) => r.target !== undefined).map((r) => r.ratio)
    const geomean = Math.exp(signedRatios.reduce((sum, r) => sum + Math.log(r), 0) / signedRatios.length)
    section.notes.push(
      `Signed calls (client.request and the typed method, GET and POST, 1 and 64 in flight) against the ky + WebCrypto floor: geometric mean ${geomean.toFixed(2)}x (target ≥ ${GEOMEAN_TARGET}x ${geomean >= GEOMEAN_TARGET ? '✓' : '✗ missed'}), lowest ${Math.min(...signedRatios).toFixed(2)}x (target: none under ${TARGET}x).`,
      'Five candidates per figure, measured in the same rounds in rotating order: client.request, a typed method, ky + WebCrypto (a cached key, one ky instance), fetch + WebCrypto, and a bare fetch of a request signed once ahead of time.',
      'The server runs in its own process and checks every signature with node:crypto; every client uses the same global fetch (undici) and keep-alive connections. Each signed call has its own payload (an id in the path or the order), as real traffic has.',
    )
  } finally {
    server.close()
  }
  return section
}
