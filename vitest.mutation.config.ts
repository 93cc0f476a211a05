import { defineConfig } from 'vitest/config'

/**
 * The node tests that exercise the SDK, for mutation testing (stryker.config.json) and the
 * run-twice check (scripts/run-twice.ts). Left out: browsers and runtimes (no launches), the
 * exchange-only suites (test/market, test/architecture: they never load the SDK), and the tests
 * that build bundles, spawn processes or measure for minutes (packaging, e2e, tree-shaking, CLI,
 * soak, the crash soak, load, the heap measurement of 1 MB requests).
 */
export default defineConfig({
  test: {
    name: 'node',
    environment: 'node',
    globalSetup: ['./test/support/global-setup.ts', './test/conformance/global-setup.ts'],
    testTimeout: 30_000,
    include: ['test/**/*.test.ts'],
    exclude: [
      'test/browser/**',
      'test/dom/**',
      'test/runtimes/**',
      'test/e2e/**',
      'test/packaging/**',
      'test/market/**',
      // The demo's tests import the built package (dist/): a mutant in src never reaches them.
      'test/demo/**',
      'test/architecture/**',
      // The docs' tests read files and spawn npm and the exchange's CLI: no mutant of the core reaches them.
      'test/docs/**',
      'test/api/tree-shaking.test.ts',
      'test/testing/cli.test.ts',
      'test/testing/load.test.ts',
      'test/reliability/soak.test.ts',
      'test/journal/crash-soak.test.ts',
      'test/auth/clock-memory.test.ts',
    ],
  },
})
