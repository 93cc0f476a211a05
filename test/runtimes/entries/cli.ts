// The plain runner for Node 20, Deno and Bun (bundled to one .mjs file, so Node 20 needs no
// TypeScript support): imports the SDK from CONFORMANCE_SDK (the package's name, which the runtime
// resolves by its own export conditions, or a file URL), runs the cases against CONFORMANCE_TARGET
// (JSON `{ baseUrl, keys }`) and prints one line per case, then the report line (its `runtime` names
// the file the SDK was loaded from).
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

const specifier = env('CONFORMANCE_SDK')
const sdk = (await import(specifier)) as SdkModule
const result = await runCases({ sdk, ...JSON.parse(env('CONFORMANCE_TARGET')) })
const report = { ...result, runtime: `${result.runtime}; ${specifier} from ${import.meta.resolve(specifier)}` }
console.log(formatReport(report))
console.log(REPORT_PREFIX + JSON.stringify(report))
