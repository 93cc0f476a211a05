// Side-by-side measurement with tinybench: every candidate of a comparison runs in the same bench,
// in rounds whose order rotates, so a slow spell on a busy machine hits all of them alike.
import { Bench } from 'tinybench'

export interface Settings {
  /** Measured time per candidate per round, in ms. */
  timeMs: number
  rounds: number
}

export interface Candidate {
  name: string
  /** One tinybench iteration. */
  fn: () => unknown
  /** Operations one iteration performs (a loop, or calls in flight). Default 1. */
  ops?: number
}

export interface Timing {
  /** Median over rounds of operations per second. */
  opsPerSec: number
  /** The same figure as microseconds per operation. */
  usPerOp: number
  /** Operations per second of every round, for the JSON record. */
  rounds: number[]
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** Runs every candidate for `rounds` rounds; per candidate, the median round. */
export async function measure(candidates: Candidate[], settings: Settings): Promise<Record<string, Timing>> {
  const perRound: Record<string, number[]> = Object.fromEntries(candidates.map((c) => [c.name, []]))
  for (let round = 0; round < settings.rounds; round++) {
    const bench = new Bench({
      time: settings.timeMs,
      iterations: 4,
      // Later rounds run code the first one already warmed up.
      warmup: round === 0,
      warmupTime: Math.min(100, settings.timeMs / 4),
      warmupIterations: 2,
      throws: true,
    })
    const rotated = candidates.map((_, i) => candidates[(i + round) % candidates.length]!)
    for (const candidate of rotated) bench.add(candidate.name, candidate.fn)
    await bench.run()
    for (const task of bench.tasks) {
      const result = task.result
      if (result.state !== 'completed') throw new Error(`${task.name}: ${result.state}`)
      const ops = candidates.find((c) => c.name === task.name)!.ops ?? 1
      perRound[task.name]!.push((ops * 1000) / result.period)
    }
  }
  return Object.fromEntries(
    candidates.map((c) => {
      const opsPerSec = median(perRound[c.name]!)
      return [c.name, { opsPerSec, usPerOp: 1e6 / opsPerSec, rounds: perRound[c.name]! }]
    }),
  )
}

/**
 * `a` over `b`: the median of their per-round ratios. Candidates of one round ran within moments of
 * each other, so a machine-wide slow spell cancels out of each round's ratio.
 */
export function ratio(a: Timing, b: Timing): number {
  return median(roundRatios(a, b))
}

/** `a` over `b` in each round. */
export const roundRatios = (a: Timing, b: Timing) => a.rounds.map((value, i) => value / b.rounds[i]!)

/** `n` calls of `op` in flight at once, awaited together: one iteration of `n` operations. */
export function inFlight(n: number, op: () => Promise<unknown>): Pick<Candidate, 'fn' | 'ops'> {
  if (n === 1) return { fn: op, ops: 1 }
  return { fn: () => Promise.all(Array.from({ length: n }, op)), ops: n }
}

/** `n` calls of a synchronous `op` in a loop: one iteration long enough for the timer to see. */
export function looped(n: number, op: () => unknown): Pick<Candidate, 'fn' | 'ops'> {
  return {
    fn: () => {
      for (let i = 0; i < n; i++) op()
    },
    ops: n,
  }
}
