// The soak's figures go to a report file, not to the test output: its tables of faults injected on
// purpose and of the errors they caused read as failures in the middle of `npm test`'s output.
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'

export interface SoakFigures {
  clockEvents: readonly string[]
  /** Fault name → how often it was injected, by the exchange and by the proxy. */
  injected: Record<string, number>
  /** Error name → how many calls raised it (what the faults, and orders priced outside the band, are meant to cause). */
  errors: Record<string, number>
  counts: Record<string, number | string>
}

const table = (header: [string, string], rows: Record<string, number | string>) =>
  [`| ${header[0]} | ${header[1]} |`, '| --- | ---: |', ...Object.entries(rows).map(([name, value]) => `| ${name} | ${value} |`)].join('\n')

/** Writes the figures to `file` as Markdown and returns the one line the test prints. */
export function writeSoakReport(file: string, figures: SoakFigures): string {
  const injected = Object.values(figures.injected).reduce((sum, hits) => sum + hits, 0)
  const raised = Object.values(figures.errors).reduce((sum, count) => sum + count, 0)
  const markdown = [
    '# Reliability soak',
    '',
    `Server clock: ${figures.clockEvents.join('; ') || 'no jump'}.`,
    '',
    '## Faults injected on purpose (the exchange and the proxy)',
    '',
    table(['fault', 'injected'], figures.injected),
    '',
    '## Errors the calls raised (caused on purpose: the faults above, and orders priced outside the band)',
    '',
    table(['error', 'calls'], figures.errors),
    '',
    '## The run',
    '',
    table(['figure', 'value'], figures.counts),
    '',
  ].join('\n')
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, markdown)
  return `soak: ${figures.counts.operations} operations, ${injected} faults injected on purpose, ${raised} calls ended in an error caused on purpose; tables in ${file}`
}
