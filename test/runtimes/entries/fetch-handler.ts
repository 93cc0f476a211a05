// A Worker-style fetch handler that runs the cases: the request body is the target
// (`{ baseUrl, keys }`), the response the report. workerd and the edge runtime both serve it.
import type { ConformanceContext, SdkModule } from '../../conformance/cases.ts'
import { runCases } from '../../conformance/run-cases.ts'

export async function conformanceResponse(sdk: SdkModule, request: Request): Promise<Response> {
  const target = (await request.json()) as Omit<ConformanceContext, 'sdk'>
  const report = await runCases({ sdk, ...target })
  return new Response(JSON.stringify(report), { headers: { 'content-type': 'application/json' } })
}
