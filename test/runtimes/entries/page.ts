// The script-tag page's runner: uses only the `ExchangeSDK` global that
// dist/exchange-client.iife.js defines, fetches the target from the page's server, and leaves the
// report on `window.conformanceReport` for the driver to read.
import type { SdkModule } from '../../conformance/cases.ts'
import { describeRuntime, runCases, type ConformanceReport } from '../../conformance/run-cases.ts'

type PageGlobals = { ExchangeSDK?: SdkModule; conformanceReport?: ConformanceReport }

async function main(): Promise<ConformanceReport> {
  const sdk = (globalThis as PageGlobals).ExchangeSDK
  if (!sdk) {
    return { runtime: describeRuntime(), passed: 0, failed: 1, results: [{ name: 'the ExchangeSDK global exists', ok: false, error: 'window.ExchangeSDK is undefined' }] }
  }
  const target = await (await fetch('/target.json')).json()
  return runCases({ sdk, ...target })
}

void main().then((report) => {
  (globalThis as PageGlobals).conformanceReport = report
})
