// npm test's output gets one line from the soak; its tables of injected faults and the errors they caused
// (which read as failures among the test results) go to a file, under headings that say what they are.
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { writeSoakReport } from './support/soak-report.ts'

describe('the soak report', () => {
  it('prints one line that says the faults were injected on purpose, and writes the tables to a file', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'soak-')), 'soak.md')
    const line = writeSoakReport(file, {
      clockEvents: ['+4 min at 1000', '-3 min at 3000'],
      injected: { '500 INTERNAL (2%)': 112, 'write dropped after it is applied (10%)': 342 },
      errors: { 'ExchangeApiError 500 INTERNAL_ERROR': 3, 'OrderOutcomeUnknownError (outcome-unknown)': 180 },
      counts: { operations: 5000, 'duplicate clientOrderIds': 0 },
    })
    expect(line).toBe(`soak: 5000 operations, 454 faults injected on purpose, 183 calls ended in an error caused on purpose; tables in ${file}`)
    expect(line).not.toContain('\n')
    const report = readFileSync(file, 'utf8')
    expect(report).toContain('## Faults injected on purpose (the exchange and the proxy)\n\n| fault | injected |\n| --- | ---: |\n| 500 INTERNAL (2%) | 112 |')
    expect(report).toContain('## Errors the calls raised (caused on purpose: the faults above, and orders priced outside the band)')
    expect(report).toContain('| OrderOutcomeUnknownError (outcome-unknown) | 180 |')
    expect(report).toContain('Server clock: +4 min at 1000; -3 min at 3000.')
  })
})
