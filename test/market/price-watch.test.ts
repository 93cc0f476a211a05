// The price watch finds exactly the positions a mark price reached, nearest threshold first, without
// looking at the others: checked against a plain list over random thresholds, changes and moves.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { PriceWatch, type Thresholds } from '../../src/testing/market/price-watch.ts'

type Action = { kind: 'set'; id: number; falls: number | null; rises: number | null } | { kind: 'remove'; id: number } | { kind: 'reached'; mark: number }

const price = fc.option(fc.integer({ min: 1, max: 50 }), { nil: null })
const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('set' as const), id: fc.nat(15), falls: price, rises: price }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), id: fc.nat(15) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('reached' as const), mark: fc.integer({ min: 0, max: 51 }) }) },
)

describe('the price watch', () => {
  it('takes off exactly the values whose threshold the mark reached, falls highest first, then rises lowest first', () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 80 }), (actions) => {
        const watch = new PriceWatch<number>()
        const model = new Map<number, { falls: number | null; rises: number | null }>()
        for (const step of actions) {
          if (step.kind === 'set') {
            const thresholds: Thresholds = { falls: step.falls === null ? undefined : BigInt(step.falls), rises: step.rises === null ? undefined : BigInt(step.rises) }
            watch.set(step.id, thresholds)
            if (step.falls === null && step.rises === null) model.delete(step.id)
            else model.set(step.id, { falls: step.falls, rises: step.rises })
          } else if (step.kind === 'remove') {
            watch.remove(step.id)
            model.delete(step.id)
          } else {
            const entries = [...model]
            const byFall = entries.filter(([, t]) => t.falls !== null && step.mark <= t.falls).sort((a, b) => b[1].falls! - a[1].falls!)
            const fallen = new Set(byFall.map(([id]) => id))
            const byRise = entries.filter(([id, t]) => !fallen.has(id) && t.rises !== null && step.mark >= t.rises).sort((a, b) => a[1].rises! - b[1].rises!)
            const expected = [...byFall, ...byRise]
            const found = watch.reached(BigInt(step.mark))
            // Equal thresholds may come in any order: compare the thresholds in order, and the sets of ids.
            const keys = found.map((id, index) => (index < byFall.length ? model.get(id)?.falls : model.get(id)?.rises))
            expect(keys).toEqual([...byFall.map(([, t]) => t.falls), ...byRise.map(([, t]) => t.rises)])
            expect(new Set(found)).toEqual(new Set(expected.map(([id]) => id)))
            for (const id of found) model.delete(id)
          }
        }
      }),
      { numRuns: 300 },
    )
  })
})
