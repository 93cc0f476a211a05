// The common shape of the request-rate cases: ours and a baseline, side by side, at 1 and 64 in flight.
import { inFlight, measure, type Settings } from './measure.ts'
import { row, timed, type Row } from './report.ts'

export interface Contender {
  label: string
  call: () => Promise<unknown>
}

/** One row per concurrency; `targetAt64` is the ratio to reach with 64 requests in flight. */
export async function ratesAtConcurrency(caseLabel: string, ours: Contender, baseline: Contender, settings: Settings, targetAt64?: number): Promise<Row[]> {
  const rows: Row[] = []
  for (const concurrency of [1, 64]) {
    const t = await measure([
      { name: 'ours', ...inFlight(concurrency, ours.call) },
      { name: 'baseline', ...inFlight(concurrency, baseline.call) },
    ], settings)
    rows.push(row({
      case: `${caseLabel}, concurrency ${concurrency}`,
      subject: ours.label,
      baseline: baseline.label,
      ...timed(t.ours!, t.baseline!, 'req/s'),
      target: concurrency === 64 ? targetAt64 : undefined,
    }))
  }
  return rows
}
