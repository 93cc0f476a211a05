// Runs the conformance suite in runtimes outside vitest, each against its own fresh server:
//   node test/runtimes/run.ts <runtime…>     (npm run build first: these load dist/)
// Runtimes: node20 deno bun script-tag workerd edge-runtime, proxy-<deno bun node20 workerd edge-runtime>, or `all`. Prints each case, then
// `<runtime>: N passed, N failed`; writes test-output/runtimes/<runtime>.report.json; exits non-zero on any failure.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { formatReport, type ConformanceReport } from '../conformance/run-cases.ts'
import { startConformanceTarget, type ConformanceTargetInfo } from '../conformance/target.ts'
import { DIST_ENTRY, DIST_IIFE, DIST_PROXY, OUT_DIR, reportPath, RUNTIME_ENTRY } from './bundle.ts'
import { runInCliRuntime } from './drivers/cli-runtime.ts'
import { runInEdgeRuntime } from './drivers/edge-runtime.ts'
import { runInScriptTag } from './drivers/script-tag.ts'
import { runInWorkerd } from './drivers/workerd.ts'
import { runProxyIn } from './drivers/proxy.ts'

const drivers: Record<string, (target: ConformanceTargetInfo) => Promise<ConformanceReport>> = {
  node20: (target) => runInCliRuntime('node20', target),
  deno: (target) => runInCliRuntime('deno', target),
  bun: (target) => runInCliRuntime('bun', target),
  'script-tag': runInScriptTag,
  workerd: runInWorkerd,
  'edge-runtime': runInEdgeRuntime,
  // signingProxy hosted in each runtime; a client with no secret trades through it.
  'proxy-deno': (target) => runProxyIn('deno', target),
  'proxy-bun': (target) => runProxyIn('bun', target),
  'proxy-node20': (target) => runProxyIn('node20', target),
  'proxy-workerd': (target) => runProxyIn('workerd', target),
  'proxy-edge-runtime': (target) => runProxyIn('edge-runtime', target),
}

/** A runtime that cannot run counts as one failure, never as a skip. */
async function runOne(name: string): Promise<ConformanceReport> {
  const driver = drivers[name]
  if (!driver) return { runtime: name, passed: 0, failed: 1, results: [{ name: 'known runtime', ok: false, error: `unknown runtime "${name}"; known: ${Object.keys(drivers).join(', ')}` }] }
  const missing = [DIST_ENTRY, DIST_IIFE, DIST_PROXY, RUNTIME_ENTRY].filter((file) => !existsSync(file))
  if (missing.length > 0) return { runtime: name, passed: 0, failed: 1, results: [{ name: 'dist/ is built', ok: false, error: `missing ${missing.join(', ')}: run npm run build` }] }
  const target = await startConformanceTarget()
  try {
    return await driver({ baseUrl: target.baseUrl, keys: target.keys, redirect: target.redirect })
  } catch (error) {
    return { runtime: name, passed: 0, failed: 1, results: [{ name: `${name} runs the suite`, ok: false, error: error instanceof Error ? error.message : String(error) }] }
  } finally {
    await target.close()
  }
}

const requested = process.argv.slice(2)
const names = requested.length === 0 || requested.includes('all') ? Object.keys(drivers) : requested
mkdirSync(OUT_DIR, { recursive: true })
let failed = 0
for (const name of names) {
  const report = await runOne(name)
  console.log(`${name}: ${report.runtime}\n${formatReport(report)}\n${name}: ${report.passed} passed, ${report.failed} failed`)
  // Not `<name>.json`: Deno would read test-output/runtimes/deno.json as its config file.
  writeFileSync(reportPath(name), `${JSON.stringify(report, null, 2)}\n`)
  failed += report.failed
}
process.exitCode = failed === 0 ? 0 : 1
