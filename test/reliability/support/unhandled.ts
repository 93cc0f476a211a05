// Collects the process's unhandled promise rejections while a test file runs.
import { afterAll, beforeAll } from 'vitest'

export function trackUnhandledRejections(): unknown[] {
  const seen: unknown[] = []
  const record = (reason: unknown) => seen.push(reason)
  beforeAll(() => {
    process.on('unhandledRejection', record)
  })
  afterAll(() => {
    process.off('unhandledRejection', record)
  })
  return seen
}
