// Headless Chromium loading dist/exchange-client.iife.js through a plain <script> tag.
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { chromium } from 'playwright'
import type { ConformanceReport } from '../../conformance/run-cases.ts'
import type { ConformanceTargetInfo } from '../../conformance/target.ts'
import { DIST_IIFE, pageRunner, ROOT } from '../bundle.ts'
import { CHROMIUM_FLAGS, chromiumExecutable } from '../chromium.ts'

export async function runInScriptTag(target: ConformanceTargetInfo): Promise<ConformanceReport> {
  const files: Record<string, [type: string, body: string]> = {
    '/': ['text/html', readFileSync(join(ROOT, 'test', 'runtimes', 'script-tag.html'), 'utf8')],
    '/exchange-client.iife.js': ['text/javascript', readFileSync(DIST_IIFE, 'utf8')],
    '/conformance-page.js': ['text/javascript', await pageRunner()],
    '/target.json': ['application/json', JSON.stringify(target)],
  }
  const server = createServer((request, response) => {
    const file = files[new URL(request.url ?? '/', 'http://page').pathname]
    if (!file) return void response.writeHead(404).end()
    response.writeHead(200, { 'content-type': `${file[0]}; charset=utf-8` }).end(file[1])
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_FLAGS })
  try {
    const page = await browser.newPage()
    const pageErrors: string[] = []
    page.on('pageerror', (error) => pageErrors.push(error.message))
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)
    try {
      await page.waitForFunction(() => 'conformanceReport' in globalThis, undefined, { timeout: 60_000 })
    } catch (error) {
      throw new Error(`the page produced no report: ${pageErrors.join('; ') || String(error)}`)
    }
    const report = await page.evaluate(() => (globalThis as { conformanceReport?: ConformanceReport }).conformanceReport!)
    return { ...report, runtime: `${report.runtime} (Chromium ${browser.version()})` }
  } finally {
    await browser.close()
    server.close()
  }
}
