// npm test: every stage of the test suite, in order, then one line `N passed, N failed`.
// Each stage reports its own counts; a stage that cannot run counts as failed, never as skipped.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { chromiumExecutable } from '../test/runtimes/chromium.ts'

interface Counts { passed: number; failed: number }
type Stage = { name: string; run: () => Counts }

const OUT = 'test-output'
mkdirSync(OUT, { recursive: true })

function exec(cmd: string, args: string[], env: Record<string, string> = {}): number {
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  return result.status ?? 1
}

/** A command that passes or fails as one check. */
const check = (cmd: string, args: string[]) => (): Counts => (exec(cmd, args) === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 })

/** Vitest, counted from its JSON report. */
function vitest(reportName: string, args: string[] = [], runner: string[] = ['node_modules/vitest/vitest.mjs']) {
  return (): Counts => {
    const report = `${OUT}/${reportName}.json`
    const [cmd, ...pre] = runner[0] === 'node_modules/vitest/vitest.mjs' ? [process.execPath, ...runner] : runner
    const status = exec(cmd!, [...pre, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args])
    if (!existsSync(report)) return { passed: 0, failed: 1 }
    const json = JSON.parse(readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number; numTotalTests: number }
    const failed = json.numFailedTests + (status !== 0 && json.numFailedTests === 0 ? 1 : 0)
    return { passed: json.numPassedTests, failed }
  }
}

/** A script that writes `{ passed, failed }` to `report`; no report, or a non-zero exit with no counted failure, is a failure. */
function reported(script: string[], report: string) {
  return (): Counts => {
    rmSync(report, { force: true })
    const status = exec(process.execPath, script)
    if (!existsSync(report)) return { passed: 0, failed: 1 }
    const json = JSON.parse(readFileSync(report, 'utf8')) as Counts
    return { passed: json.passed, failed: json.failed + (status !== 0 && json.failed === 0 ? 1 : 0) }
  }
}

/** The conformance suite in one runtime outside vitest (test/runtimes/run.ts), against dist/. */
const runtime = (name: string): Stage => ({
  name: `conformance: ${name}`,
  run: reported(['test/runtimes/run.ts', name], `${OUT}/runtimes/${name}.report.json`),
})

/** Size budgets (scripts/size.ts), one check per budget, counted from its JSON report. */
function sizeBudgets(): Counts {
  const report = `${OUT}/size.json`
  rmSync(report, { force: true })
  exec(process.execPath, ['scripts/size.ts', '--no-build', '--report', report])
  if (!existsSync(report)) return { passed: 0, failed: 1 }
  const { budgets } = JSON.parse(readFileSync(report, 'utf8')) as { budgets: { pass: boolean }[] }
  const passed = budgets.filter((b) => b.pass).length
  return { passed, failed: budgets.length - passed }
}

/**
 * The browser stages need Debian's Chromium (Playwright cannot download its own here). A fresh
 * machine lacks it: install it when we may (root with apt-get), so `npm test` alone sets up all.
 */
function ensureChromium(): Counts {
  if (existsSync(chromiumExecutable())) return { passed: 1, failed: 0 }
  const canInstall = process.getuid?.() === 0 && exec('sh', ['-c', 'command -v apt-get >/dev/null']) === 0
  if (!canInstall) {
    console.error('Chromium is missing: install Debian\'s `chromium` (apt-get install -y chromium) or set CHROMIUM_BIN.')
    return { passed: 0, failed: 1 }
  }
  console.log("installing Debian's chromium")
  const env = { DEBIAN_FRONTEND: 'noninteractive' }
  const installed = exec('apt-get', ['update', '-qq'], env) === 0 && exec('apt-get', ['install', '-y', '-qq', 'chromium'], env) === 0
  return installed && existsSync(chromiumExecutable()) ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 }
}

const stages: Stage[] = [
  { name: 'chromium present', run: ensureChromium },
  { name: 'build', run: check(process.execPath, ['scripts/build.ts']) },
  { name: 'size budgets', run: sizeBudgets },
  // Node's start with the package (import + client) against an empty script, as a ratio of CPU times (scripts/cold-start.ts says why).
  { name: 'cold start', run: reported(['scripts/cold-start.ts', '--report', `${OUT}/cold-start.json`], `${OUT}/cold-start.json`) },
  { name: 'typecheck', run: check('node_modules/.bin/tsc', ['-p', 'tsconfig.json', '--noEmit']) },
  // Every ```ts/```js example of README.md and docs/ runs against the bundled exchange, the built package imported by name.
  { name: 'doc examples', run: reported(['test/docs/run-examples.ts', '--report', `${OUT}/doc-examples.json`], `${OUT}/doc-examples.json`) },
  // Every vitest project but the browser, which gets its own stage: Node 22 on the sources, and the rest.
  { name: 'vitest', run: vitest('vitest', ['--project=!chromium']) },
  // Headless Chromium: dist/index.js through vitest's browser mode, and test/browser.
  { name: 'vitest: chromium', run: vitest('vitest-chromium', ['--project=chromium']) },
  // The node tests twice in one Vitest (one set of shared servers): a test that dirties shared state fails run 2.
  { name: 'vitest: node tests twice in one process', run: reported(['scripts/run-twice.ts', '--report', `${OUT}/run-twice.json`], `${OUT}/run-twice.json`) },
  runtime('node20'),
  runtime('deno'),
  runtime('bun'),
  runtime('script-tag'),
  runtime('workerd'),
  runtime('edge-runtime'),
  runtime('proxy-deno'),
  runtime('proxy-bun'),
  runtime('proxy-node20'),
  runtime('proxy-workerd'),
  runtime('proxy-edge-runtime'),
  { name: 'packaging', run: reported(['test/packaging/check.ts'], `${OUT}/runtimes/packaging.report.json`) },
]

const total: Counts = { passed: 0, failed: 0 }
for (const stage of stages) {
  console.log(`\n=== ${stage.name}`)
  const counts = stage.run()
  console.log(`=== ${stage.name}: ${counts.passed} passed, ${counts.failed} failed`)
  total.passed += counts.passed
  total.failed += counts.failed
}
console.log(`\n${total.passed} passed, ${total.failed} failed`)
process.exitCode = total.failed === 0 ? 0 : 1
