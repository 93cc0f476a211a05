// Vercel's edge runtime: the EdgeRuntime VM (an isolate-like context: no `process`, no `require`).
import { createRequire } from 'node:module'
import { EdgeRuntime } from 'edge-runtime'
import type { ConformanceReport } from '../../conformance/run-cases.ts'
import type { ConformanceTargetInfo } from '../../conformance/target.ts'
import { edgeScript } from '../bundle.ts'

const edgeRuntimeVersion = (createRequire(import.meta.url)('edge-runtime/package.json') as { version: string }).version

export async function runInEdgeRuntime(target: ConformanceTargetInfo): Promise<ConformanceReport> {
  const runtime = new EdgeRuntime({ initialCode: await edgeScript() })
  if (runtime.evaluate<string>('typeof process') !== 'undefined') throw new Error('the edge VM exposes `process`; it would not prove the library runs without it')
  const response = await runtime.dispatchFetch('http://conformance.local/', { method: 'POST', body: JSON.stringify(target) })
  await response.waitUntil()
  if (!response.ok) throw new Error(`the edge function answered HTTP ${response.status}: ${await response.text()}`)
  const report = (await response.json()) as ConformanceReport
  return { ...report, runtime: `${report.runtime} ${edgeRuntimeVersion}` }
}
