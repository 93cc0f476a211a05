import { defineConfig } from 'vitest/config'

/** Test projects; each runtime gets its own (see README, "Runtimes"). */
export default defineConfig({
  test: {
    globalSetup: ['./test/support/global-setup.ts'],
    projects: [
      {
        extends: true,
        test: { name: 'node', environment: 'node', include: ['test/**/*.test.ts'], exclude: ['test/browser/**', 'test/dom/**', 'test/runtimes/**'] },
      },
    ],
  },
})
