// How cost grows: signing and sending 100 B, 10 KB and 1 MB bodies; batches of 1, 10 and 50 orders.
// Growth is judged on a log-log slope between neighbouring sizes: time ×k for size ×n gives
// slope ln k / ln n, which no linear cost (fixed part + per-unit part) can push above 1.
// Then time per byte from 1 KB to 1 MB against 64 KB (stamping + signing, and the whole request),
// and the heap after 2,000 different signed 1 MB POSTs, one by one and 16 at a time.
import { parseInput } from '../../src/api/operation.ts'
import { ServerClock } from '../../src/auth/clock.ts'
import { Stamper } from '../../src/auth/stamper.ts'
import { signingPayload } from '../../src/auth/signer.ts'
import { peakHeapGrowth } from '../../test/support/heap-growth.ts'
import { jsonBody, KB, MB, sizeName } from '../fixtures/bodies.ts'
import { BENCH_KEY } from '../fixtures/keys.ts'
import { BATCH_SCHEMA, sampleBatch } from '../fixtures/orders.ts'
import { startChildServer } from '../lib/child-server.ts'
import { distinct, sdkClient, viaPresignedFetch, viaSdk } from '../lib/http.ts'
import { measure, type Settings } from '../lib/measure.ts'
import { figure, row, timed, type Section } from '../lib/report.ts'
import { signers } from '../lib/signers.ts'

/** Above this slope, noise is no longer a likely explanation. */
const SLOPE_LIMIT = 1.15
/** Time per byte at 1 KB … 1 MB may be at most this multiple of the time per byte at 64 KB (issue #15). */
const PER_BYTE_LIMIT = 1.5
const PER_BYTE_SIZES = [KB, 64 * KB, MB]
const PER_BYTE_REFERENCE = 64 * KB
/** Peak heap above the start while sending HEAP_POSTS different signed 1 MB POSTs (issue #15). */
const HEAP_LIMIT_MB = 150
const HEAP_POSTS = 2_000

interface Point { units: number; us: number }

/** Rows of ns per byte at each size against the same at 64 KB; the target applies above 64 KB (below, the fixed cost of a call dominates). */
function perByteRows(series: string, points: Point[]) {
  const nsPerByte = (p: Point) => (p.us * 1000) / p.units
  const reference = nsPerByte(points.find((p) => p.units === PER_BYTE_REFERENCE)!)
  return points
    .filter((p) => p.units !== PER_BYTE_REFERENCE)
    .map((p) => row({ case: `${series}, ${sizeName(p.units)}`, subject: 'ns per byte', value: nsPerByte(p), baseline: `ns per byte at ${sizeName(PER_BYTE_REFERENCE)}`, baselineValue: reference, unit: 'ns/B', better: 'lower', target: p.units > PER_BYTE_REFERENCE ? PER_BYTE_LIMIT : undefined }))
}

/** One note per series: the slopes, the marginal cost per unit, and a flag when growth is superlinear. */
function growthNote(series: string, unit: string, points: Point[]): string {
  const steps = points.slice(1).map((p, i) => {
    const q = points[i]!
    return { from: q.units, to: p.units, slope: Math.log(p.us / q.us) / Math.log(p.units / q.units) }
  })
  const first = points[0]!
  const last = points.at(-1)!
  const marginal = ((last.us - first.us) * 1000) / (last.units - first.units)
  const perUnit = marginal > 0 ? `marginal ${figure(marginal)} ns per ${unit}` : `no cost per ${unit} above the noise`
  const worst = Math.max(...steps.map((s) => s.slope))
  const slopes = steps.map((s) => `${s.from}→${s.to}: ${s.slope.toFixed(2)}`).join(', ')
  const verdict = worst > SLOPE_LIMIT ? `⚠ GROWS FASTER THAN LINEARLY (slope ${worst.toFixed(2)})` : 'linear or better'
  return `${series}: log-log slopes ${slopes}; ${perUnit}; ${verdict}.`
}

export async function growthCase(settings: Settings): Promise<Section> {
  const section: Section = { id: 'growth', title: 'How cost grows (µs per call, concurrency 1, lower is better)', rows: [], notes: [] }
  const sizes = [100, 10 * KB, MB]

  const sign = await signers(BENCH_KEY.secretKey)
  const signed: Point[] = []
  const native: Point[] = []
  for (const bytes of sizes) {
    const payload = signingPayload(String(Date.now()), 'POST', '/api/v1/perp/orders', jsonBody(bytes))
    const t = await measure([
      { name: 'cached', fn: () => sign.cached(payload) },
      { name: 'native', fn: () => sign.native(payload) },
    ], settings)
    signed.push({ units: bytes, us: t.cached!.usPerOp })
    native.push({ units: bytes, us: t.native!.usPerOp })
    section.rows.push(row({ case: `sign ${sizeName(bytes)}`, subject: 'cached CryptoKey', baseline: 'node:crypto createHmac', ...timed(t.cached!, t.native!, 'µs') }))
  }
  section.notes.push(growthNote('Signing, cached key', 'byte', signed), growthNote('Signing, createHmac', 'byte', native))

  const server = await startChildServer('bench/server/verifying.ts')
  try {
    const client = sdkClient(server.url)
    const sent: Point[] = []
    const bare: Point[] = []
    for (const bytes of sizes) {
      const call = { method: 'POST', path: '/api/v1/notes', body: jsonBody(bytes) } as const
      const t = await measure([
        { name: 'sdk', fn: viaSdk(client, call) },
        { name: 'fetch', fn: await viaPresignedFetch(server.url, call) },
      ], settings)
      sent.push({ units: bytes, us: t.sdk!.usPerOp })
      bare.push({ units: bytes, us: t.fetch!.usPerOp })
      section.rows.push(row({ case: `send ${sizeName(bytes)}`, subject: 'client.request', baseline: 'bare fetch, pre-signed', ...timed(t.sdk!, t.fetch!, 'µs') }))
    }
    section.notes.push(growthNote('Sending, client.request', 'byte', sent), growthNote('Sending, bare fetch', 'byte', bare))

    const prepared: Point[] = []
    const batched: Point[] = []
    const path = '/api/v1/perp/orders/batch'
    for (const count of [1, 10, 50]) {
      const batch = sampleBatch(count)
      const stamp = String(Date.now())
      const work = await measure([
        { name: 'sdk', fn: () => sign.cached(signingPayload(stamp, 'POST', path, JSON.stringify(parseInput(BATCH_SCHEMA, batch)))) },
        { name: 'native', fn: () => sign.native(signingPayload(stamp, 'POST', path, JSON.stringify(batch))) },
      ], settings)
      let n = 0
      const sent = await measure([
        { name: 'sdk', fn: () => client.request(distinct({ method: 'POST', path, body: parseInput(BATCH_SCHEMA, batch) }, n++)) },
        { name: 'fetch', fn: await viaPresignedFetch(server.url, { method: 'POST', path, body: batch }) },
      ], settings)
      prepared.push({ units: count, us: work.sdk!.usPerOp })
      batched.push({ units: count, us: sent.sdk!.usPerOp })
      section.rows.push(
        row({ case: `batch of ${count}: prepare`, subject: 'validate, serialize, sign', baseline: 'serialize + createHmac', ...timed(work.sdk!, work.native!, 'µs') }),
        row({ case: `batch of ${count}: send`, subject: 'validate + client.request', baseline: 'bare fetch, pre-signed', ...timed(sent.sdk!, sent.fetch!, 'µs') }),
      )
    }
    section.notes.push(growthNote('Batches, prepare (no I/O)', 'order', prepared), growthNote('Batches, validate + send', 'order', batched))

    // Per attempt the transport stamps the unsigned payload (the clock keys it by a digest that reads at
    // most 1,024 characters, in place) and signs timestamp + payload; each call's payload differs.
    const clock = new Stamper(new ServerClock())
    const stamped: Point[] = []
    const requested: Point[] = []
    for (const bytes of PER_BYTE_SIZES) {
      const body = jsonBody(bytes)
      let n = 0
      const call = { method: 'POST', path: '/api/v1/notes', body } as const
      const t = await measure([
        {
          name: 'stamp+sign',
          fn: () => {
            const head = signingPayload('', 'POST', `/api/v1/notes/${n++}`, '')
            return sign.cached(String(clock.stamp(head, body)) + head + body)
          },
        },
        { name: 'request', fn: viaSdk(client, call) },
      ], settings)
      stamped.push({ units: bytes, us: t['stamp+sign']!.usPerOp })
      requested.push({ units: bytes, us: t.request!.usPerOp })
    }
    section.rows.push(...perByteRows('stamp + sign', stamped), ...perByteRows('client.request', requested))
    section.notes.push(
      `Time per byte against ${sizeName(PER_BYTE_REFERENCE)}: at 1 KB the fixed cost of a call (the WebCrypto round trip, ky, the socket) dominates, so that row shows the fixed cost, not growth, ` +
        `and has no target; the 1 MB row meeting ${PER_BYTE_LIMIT}× says the cost per byte does not grow with the body.`,
    )

    const pad = 'x'.repeat(MB)
    for (const concurrency of [1, 16]) {
      const heapClient = sdkClient(server.url)
      const peak = await peakHeapGrowth(HEAP_POSTS, concurrency, (i) => heapClient.request({ method: 'POST', path: '/api/v1/notes', body: { i, pad } }), 50)
      section.rows.push(row({ case: `heap, ${HEAP_POSTS} different 1 MB POSTs, concurrency ${concurrency}`, subject: 'peak heap above start', value: peak / MB, baseline: 'limit', baselineValue: HEAP_LIMIT_MB, unit: 'MB', better: 'lower', target: 1 }))
    }
  } finally {
    server.close()
  }
  return section
}
