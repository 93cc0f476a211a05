// Input validation: what parsing an order (and a batch of 50) costs, next to serializing it.
import type * as v from 'valibot'
import { parseInput } from '../../src/api/operation.ts'
import { BATCH_SCHEMA, ORDER_SCHEMA, sampleBatch, sampleOrder } from '../fixtures/orders.ts'
import { looped, measure, type Settings } from '../lib/measure.ts'
import { figure, row, timed, type Section } from '../lib/report.ts'

export async function validationCase(settings: Settings): Promise<Section> {
  const section: Section = { id: 'validation', title: 'Input validation per call (µs, lower is better)', rows: [], notes: [] }
  const inputs: { label: string; schema: v.GenericSchema; input: unknown; loop: number }[] = [
    { label: 'one order', schema: ORDER_SCHEMA, input: sampleOrder(0), loop: 200 },
    { label: 'batch of 50 orders', schema: BATCH_SCHEMA, input: sampleBatch(50), loop: 4 },
  ]
  const perCall: number[] = []
  for (const { label, schema, input, loop } of inputs) {
    parseInput(schema, input) // a bench of failing parses would time the error path
    const t = await measure([
      { name: 'parse', ...looped(loop, () => parseInput(schema, input)) },
      { name: 'stringify', ...looped(loop, () => JSON.stringify(input)) },
    ], settings)
    perCall.push(t.parse!.usPerOp)
    section.rows.push(row({
      case: label,
      subject: 'parseInput (valibot)',
      baseline: 'JSON.stringify of the same input',
      ...timed(t.parse!, t.stringify!, 'µs'),
    }))
  }
  const [one, fifty] = perCall as [number, number]
  section.notes.push(`Per order inside a batch of 50: ${figure(fifty / 50)} µs, ${figure(fifty / 50 / one)}x a lone order's ${figure(one)} µs.`)
  return section
}
