// Debian's Chromium for vitest's browser mode and the script-tag run (Playwright cannot download its own).
import { execFileSync } from 'node:child_process'

/**
 * The `chromium` launcher: CHROMIUM_BIN, else what `command -v chromium` finds, else Debian's path
 * (so the config still loads without it; launching then fails with a clear "no such file").
 */
export function chromiumExecutable(): string {
  if (process.env.CHROMIUM_BIN) return process.env.CHROMIUM_BIN
  try {
    return execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim()
  } catch {
    return '/usr/bin/chromium'
  }
}

/** Headless, and quiet: the machine has no network for Chromium's background services. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
