import { playwright } from '@vitest/browser-playwright'
import { defineConfig } from 'vitest/config'
import { CHROMIUM_FLAGS, chromiumExecutable } from './test/runtimes/chromium.ts'

/** Test projects; each runtime gets its own (see docs/runtimes.md). */
export default defineConfig({
  test: {
    globalSetup: ['./test/support/global-setup.ts', './test/conformance/global-setup.ts'],
    // Attachments (the browser's failure screenshots) are output, not sources.
    attachmentsDir: 'test-output/attachments',
    // CI machines are shared and slow at times: a stalled test fails, a slow one does not.
    testTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: { name: 'node', environment: 'node', include: ['test/**/*.test.ts'], exclude: ['test/browser/**', 'test/dom/**', 'test/runtimes/**'] },
      },
      {
        extends: true,
        test: {
          name: 'chromium',
          include: ['test/browser/**/*.test.ts', 'test/runtimes/**/*.test.ts'],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: { executablePath: chromiumExecutable(), args: CHROMIUM_FLAGS } }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
})
