// The node suite twice in one process, as `vitest --watch` and Stryker run it: one Vitest, one set of
// global-setup servers (the shared reference exchange), workers reused across files (isolate off), the
// second run straight after the first. A test that changes shared state without building its own
// exchange, or that leans on module state left by an earlier file, fails on the second run.
// Usage: node scripts/run-twice.ts [--config vitest.mutation.config.ts] [--report file.json]
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { parseArgs } from 'node:util'
import { createVitest } from 'vitest/node'

const { values } = parseArgs({
  options: { config: { type: 'string', default: 'vitest.mutation.config.ts' }, report: { type: 'string' } },
})

const vitest = await createVitest('test', { config: values.config, watch: false, isolate: false, maxWorkers: 1 })
const counts = { passed: 0, failed: 0 }
try {
  await vitest.standalone()
  const specifications = await vitest.globTestSpecifications()
  for (const round of [1, 2]) {
    const { testModules, unhandledErrors } = await vitest.runTestSpecifications(specifications, true)
    const cases = testModules.flatMap((module) => [...module.children.allTests()])
    const failed = cases.filter((test) => test.result().state === 'failed').length
    const broken = testModules.filter((module) => module.state() === 'failed' && module.children.size === 0).length
    const passed = cases.filter((test) => test.result().state === 'passed').length
    console.log(`run ${round}: ${passed} passed, ${failed} failed, ${broken} files failed to load, ${unhandledErrors.length} unhandled errors`)
    counts.passed += passed
    counts.failed += failed + broken + unhandledErrors.length
  }
} finally {
  await vitest.close()
}
if (values.report) {
  mkdirSync(dirname(values.report), { recursive: true })
  writeFileSync(values.report, JSON.stringify(counts))
}
process.exitCode = counts.failed === 0 ? 0 : 1
