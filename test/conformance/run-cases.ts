// Runs the conformance cases outside vitest (plain runtimes, pages, workers) and reports counts.
import { conformanceCases, type ConformanceCase, type ConformanceContext } from './cases.ts'

export interface CaseResult {
  name: string
  ok: boolean
  error?: string
}

export interface ConformanceReport {
  /** Which runtime ran the cases, as it describes itself. */
  runtime: string
  passed: number
  failed: number
  results: CaseResult[]
}

/** Marks the report line a runner prints, so a driver can find it among other output. */
export const REPORT_PREFIX = 'CONFORMANCE_REPORT '

type RuntimeGlobals = {
  Deno?: { version: { deno: string } }
  Bun?: { version: string }
  EdgeRuntime?: unknown
  process?: { versions?: { node?: string } }
  navigator?: { userAgent?: string }
}

export function describeRuntime(): string {
  const g = globalThis as RuntimeGlobals
  if (g.Deno) return `Deno ${g.Deno.version.deno}`
  if (g.Bun) return `Bun ${g.Bun.version}`
  if (g.EdgeRuntime !== undefined) return `edge-runtime (${String(g.EdgeRuntime)}; process ${typeof g.process})`
  if (g.navigator?.userAgent === 'Cloudflare-Workers') return 'Cloudflare-Workers (workerd)'
  if (g.process?.versions?.node) return `Node ${g.process.versions.node}`
  return g.navigator?.userAgent ?? 'unknown'
}

/** Every case, one after another; a failing case is reported, never thrown. */
export async function runCases(context: ConformanceContext, cases: readonly ConformanceCase[] = conformanceCases): Promise<ConformanceReport> {
  const results: CaseResult[] = []
  for (const testCase of cases) {
    try {
      await testCase.run(context)
      results.push({ name: testCase.name, ok: true })
    } catch (error) {
      const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
      results.push({ name: testCase.name, ok: false, error: message })
    }
  }
  const passed = results.filter((result) => result.ok).length
  return { runtime: describeRuntime(), passed, failed: results.length - passed, results }
}

/** The human lines of a report: one per case. */
export function formatReport(report: ConformanceReport): string {
  return report.results.map((result) => (result.ok ? `  ✓ ${result.name}` : `  ✗ ${result.name}\n      ${result.error}`)).join('\n')
}
