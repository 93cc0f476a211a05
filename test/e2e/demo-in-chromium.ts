// The demo server and a headless Chromium (Debian's) for one test file: started before its tests,
// stopped after them.
import { mkdirSync } from 'node:fs'
import { chromium, type Browser } from 'playwright'
import { afterAll, beforeAll } from 'vitest'
import { startDemoServer, type DemoServer } from '../../demo/serve.ts'
import { CHROMIUM_FLAGS, chromiumExecutable } from '../runtimes/chromium.ts'

/** Where screenshots go. */
export const OUTPUT = 'test-output'

export function demoInChromium(): { demo: () => DemoServer; browser: () => Browser } {
  let demo: DemoServer | undefined
  let browser: Browser | undefined
  beforeAll(async () => {
    mkdirSync(OUTPUT, { recursive: true })
    demo = await startDemoServer({ port: 0 })
    browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_FLAGS })
  }, 60_000)
  afterAll(async () => {
    await browser?.close()
    await demo?.close()
  })
  return { demo: () => demo!, browser: () => browser! }
}
