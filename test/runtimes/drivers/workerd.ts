// Cloudflare's workerd (through miniflare): a module Worker whose fetch handler calls the library.
import type { ConformanceReport } from '../../conformance/run-cases.ts'
import type { ConformanceTargetInfo } from '../../conformance/target.ts'
import { workerModule } from '../bundle.ts'
import { loadMiniflare } from '../tools.ts'

export async function runInWorkerd(target: ConformanceTargetInfo): Promise<ConformanceReport> {
  const { miniflare: { Miniflare, convertV4MiniflareOptions }, workerdVersion } = await loadMiniflare()
  // No nodejs_compat flag: the library must not need Node's APIs. (Miniflare 5 takes a new option
  // shape; the classic one-worker shape is converted.)
  const options = convertV4MiniflareOptions({ modules: true, script: await workerModule(), compatibilityDate: '2026-10-01' })
  const miniflare = new Miniflare(options)
  try {
    const response = await miniflare.dispatchFetch('http://conformance.local/', { method: 'POST', body: JSON.stringify(target) })
    if (!response.ok) throw new Error(`the Worker answered HTTP ${response.status}: ${await response.text()}`)
    const report = (await response.json()) as ConformanceReport
    return { ...report, runtime: `${report.runtime} ${workerdVersion}` }
  } finally {
    await miniflare.dispose()
  }
}
