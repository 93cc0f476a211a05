// Signing: the SDK's signing path (stamp the payload on the clock, then sign timestamp + payload with
// the client's cached key) against the bare cached signer; the cached key against importing it per
// request; node:crypto's createHmac as the native ceiling.
import { ServerClock } from '../../src/auth/clock.ts'
import { Stamper } from '../../src/auth/stamper.ts'
import { keySigner, signingPayload } from '../../src/auth/signer.ts'
import { jsonBody, KB, MB, sizeName } from '../fixtures/bodies.ts'
import { BENCH_KEY } from '../fixtures/keys.ts'
import { inFlight, measure, type Settings } from '../lib/measure.ts'
import { row, timed, type Section } from '../lib/report.ts'
import { signers } from '../lib/signers.ts'

/** The SDK's signing path reaches at least this share of the bare cached signer (issues #15, #23), at 100 B and 10 KB. */
const TARGET = 0.9

/** What the transport does per attempt: stamp the unsigned payload, sign timestamp + payload. Each call's payload differs. */
function sdkSigningPath(body: string) {
  const clock = new Stamper(new ServerClock())
  const sign = keySigner(BENCH_KEY.secretKey)
  let n = 0
  return () => {
    const head = signingPayload('', 'POST', `/api/v1/notes/${n++}`, '')
    return sign(String(clock.stamp(head, body)) + head + body)
  }
}

/** The floor's: build the payload with the time and sign it with the cached key (no clock, no stamps). */
function bareSigningPath(body: string, cached: (payload: string) => Promise<string>) {
  let n = 0
  return () => cached(signingPayload(String(Date.now()), 'POST', `/api/v1/notes/${n++}`, body))
}

export async function signingCase(settings: Settings): Promise<Section> {
  const sign = await signers(BENCH_KEY.secretKey)
  const section: Section = { id: 'signing', title: 'Signing (HMAC-SHA256 of the payload, ops/s, higher is better)', rows: [], notes: [] }
  for (const bytes of [100, 10 * KB, MB]) {
    const body = jsonBody(bytes)
    const payload = signingPayload(String(Date.now()), 'POST', '/api/v1/notes/0', body)
    for (const concurrency of bytes === MB ? [1] : [1, 64]) {
      const t = await measure([
        { name: 'sdk', ...inFlight(concurrency, sdkSigningPath(body)) },
        { name: 'bare', ...inFlight(concurrency, bareSigningPath(body, sign.cached)) },
        { name: 'cached', ...inFlight(concurrency, () => sign.cached(payload)) },
        { name: 'import', ...inFlight(concurrency, () => sign.importEach(payload)) },
        { name: 'native', ...inFlight(concurrency, () => sign.native(payload)) },
      ], settings)
      const name = `${sizeName(bytes)} body, concurrency ${concurrency}`
      section.rows.push(
        row({ case: name, subject: 'SDK signing path (stamp + sign)', baseline: 'bare cached signer', ...timed(t.sdk!, t.bare!, 'ops/s'), target: bytes === MB ? undefined : TARGET }),
        row({ case: name, subject: 'cached CryptoKey', baseline: 'import per request', ...timed(t.cached!, t.import!, 'ops/s') }),
        row({ case: name, subject: 'cached CryptoKey', baseline: 'node:crypto createHmac', ...timed(t.cached!, t.native!, 'ops/s') }),
      )
    }
  }
  section.notes.push('The SDK path stamps each payload on a ServerClock (its digest reads at most 256 characters) and signs with the key the client caches; the bare cached signer builds the same payload with Date.now() and signs it with the same cached key (what the floor clients do). The other rows sign one ready payload.')
  return section
}
