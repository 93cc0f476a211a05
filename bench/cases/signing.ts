// Signing: the cached CryptoKey against importing the key per request, and node:crypto's ceiling.
import { signingPayload } from '../../src/auth/signer.ts'
import { jsonBody, KB, sizeName } from '../fixtures/bodies.ts'
import { BENCH_KEY } from '../fixtures/keys.ts'
import { inFlight, measure, type Settings } from '../lib/measure.ts'
import { row, timed, type Section } from '../lib/report.ts'
import { signers } from '../lib/signers.ts'

export async function signingCase(settings: Settings): Promise<Section> {
  const sign = await signers(BENCH_KEY.secretKey)
  const section: Section = { id: 'signing', title: 'Signing (HMAC-SHA256 of the payload, ops/s)', rows: [], notes: [] }
  for (const bytes of [100, 10 * KB]) {
    const payload = signingPayload(String(Date.now()), 'POST', '/api/v1/perp/orders', jsonBody(bytes))
    for (const concurrency of [1, 64]) {
      const t = await measure([
        { name: 'cached', ...inFlight(concurrency, () => sign.cached(payload)) },
        { name: 'import', ...inFlight(concurrency, () => sign.importEach(payload)) },
        { name: 'native', ...inFlight(concurrency, () => sign.native(payload)) },
      ], settings)
      const name = `${sizeName(bytes)} body, concurrency ${concurrency}`
      section.rows.push(
        row({ case: name, subject: 'cached CryptoKey', baseline: 'import per request', ...timed(t.cached!, t.import!, 'ops/s'), target: 2 }),
        row({ case: name, subject: 'cached CryptoKey', baseline: 'node:crypto createHmac', ...timed(t.cached!, t.native!, 'ops/s') }),
      )
    }
  }
  return section
}
