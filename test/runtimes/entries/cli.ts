// The plain runner for Node 20, Deno and Bun (bundled to one .mjs file, so Node 20 needs no
// TypeScript support): imports the SDK from CONFORMANCE_SDK (a file URL), runs the cases against
// CONFORMANCE_TARGET (JSON `{ baseUrl, keys }`) and prints one line per case, then the report line.
import type { SdkModule } from '../../conformance/cases.ts'
import { formatReport, REPORT_PREFIX, runCases } from '../../conformance/run-cases.ts'

type EnvGlobals = {
  Deno?: { env: { get(name: string): string | undefined } }
  process?: { env: Record<string, string | undefined> }
}

function env(name: string): string {
  const g = globalThis as EnvGlobals
  const value = g.Deno ? g.Deno.env.get(name) : g.process?.env[name]
  if (!value) throw new Error(`${name} is not set`)
  return value
}

const sdk = (await import(env('CONFORMANCE_SDK'))) as SdkModule
const report = await runCases({ sdk, ...JSON.parse(env('CONFORMANCE_TARGET')) })
console.log(formatReport(report))
console.log(REPORT_PREFIX + JSON.stringify(report))
