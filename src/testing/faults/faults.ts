import { ReferenceExchangeError } from '../setup-error.ts'
import { seededRandom } from '../prng.ts'

/** What a fault does to a request it hits. */
export type FaultEffect =
  /**
   * Delays the answer by `ms`: `before` the request is handled (the default: a slow network or a
   * queue), or `after` it was handled (it took effect, and the answer is held open that long: the
   * window between a write's send and its answer, where a client that dies never learns it landed).
   */
  | { kind: 'latency'; ms: number; when?: 'before' | 'after' }
  /** Answers a 5xx (500 INTERNAL by default, 503 UNAVAILABLE) without handling the request. */
  | { kind: 'error'; status?: number }
  /** Answers 429 RATE_LIMITED with Retry-After, without handling the request. */
  | { kind: 'rate-limit'; retryAfterSeconds?: number }
  /**
   * Drops the connection: `before` the request is handled (nothing happened) or `after` it was
   * handled (it took effect). The caller sees the same network failure either way.
   */
  | { kind: 'drop'; when: 'before' | 'after' }

export interface FaultTarget {
  method: string
  path: string
}

/** Which requests a fault may hit: method (any case) and path prefix, or any predicate. */
export type FaultMatch = { method?: string; pathPrefix?: string } | ((request: FaultTarget) => boolean)

export type FaultRule = FaultEffect & {
  /** Default: every request (CORS preflights are never hit). */
  match?: FaultMatch
  /** Chance that a matching request is hit, drawn from the seeded PRNG. Default 1. */
  probability?: number
  /** Hits before the fault switches itself off. Default: unlimited. */
  count?: number
}

/** A fault in place: how often it hit, and a switch to remove it. */
export interface Fault {
  readonly rule: FaultRule
  readonly hits: number
  remove(): void
}

/** What the exchange does to one request: added delay (before and after handling), a canned failure, or a drop before or after. */
export interface FaultPlan {
  latencyMs: number
  /** Held after the request was handled, before the answer (or an after-drop) goes out. */
  latencyAfterMs: number
  answer: Extract<FaultEffect, { kind: 'error' | 'rate-limit' }> | undefined
  drop: 'before' | 'after' | undefined
}

/** Thrown by the exchange's `fetch` (a TypeError, as a real network failure); the Node adapter destroys the socket. */
export class DroppedConnection extends TypeError {
  constructor(when: 'before' | 'after') {
    super(`fetch failed: the reference exchange dropped the connection (${when} handling the request)`)
    this.name = 'DroppedConnection'
  }
}

interface ActiveFault extends Fault {
  hits: number
}

function validate(rule: FaultRule): void {
  const bad = (field: string, message: string) => new ReferenceExchangeError(field, 'range', `${field} ${message}`)
  if (rule.probability !== undefined && !(rule.probability >= 0 && rule.probability <= 1)) throw bad('probability', 'must be from 0 to 1')
  if (rule.count !== undefined && !(Number.isInteger(rule.count) && rule.count > 0)) throw bad('count', 'must be a positive integer')
  if (rule.kind === 'latency' && !(rule.ms >= 0 && Number.isFinite(rule.ms))) throw bad('ms', 'must be a non-negative number')
  if (rule.kind === 'latency' && rule.when !== undefined && rule.when !== 'before' && rule.when !== 'after') throw bad('when', 'must be "before" or "after"')
  if (rule.kind === 'error' && rule.status !== undefined && !(Number.isInteger(rule.status) && rule.status >= 500 && rule.status <= 599)) {
    throw bad('status', 'must be a 5xx status')
  }
  if (rule.kind === 'rate-limit' && rule.retryAfterSeconds !== undefined && !(Number.isInteger(rule.retryAfterSeconds) && rule.retryAfterSeconds >= 0)) {
    throw bad('retryAfterSeconds', 'must be a non-negative integer')
  }
  if (rule.kind === 'drop' && rule.when !== 'before' && rule.when !== 'after') throw bad('when', 'must be "before" or "after"')
}

function matches(match: FaultMatch | undefined, target: FaultTarget): boolean {
  if (!match) return true
  if (typeof match === 'function') return match(target)
  return (match.method === undefined || match.method.toUpperCase() === target.method)
    && (match.pathPrefix === undefined || target.path.startsWith(match.pathPrefix))
}

/**
 * Fault injection, off until a rule is added. Rules are tried in the order they were added; every
 * matching latency adds up (those `after` hold the answer of a request that was handled), the first
 * matching failure or drop decides. `clockOffsetMs` shifts the
 * server's clock and can change at any time.
 */
export class Faults {
  clockOffsetMs: number
  readonly #random: () => number
  #active: ActiveFault[] = []

  constructor(options: { seed?: number; clockOffsetMs?: number } = {}) {
    this.#random = seededRandom(options.seed ?? 0x1024)
    this.clockOffsetMs = options.clockOffsetMs ?? 0
  }

  add(rule: FaultRule): Fault {
    validate(rule)
    const fault: ActiveFault = {
      rule,
      hits: 0,
      remove: () => {
        this.#active = this.#active.filter((other) => other !== fault)
      },
    }
    this.#active.push(fault)
    return fault
  }

  /** Removes every rule (the clock offset stays). */
  clear(): void {
    this.#active = []
  }

  get active(): readonly Fault[] {
    return this.#active
  }

  /** @internal Decides what happens to one request, counting the hits. */
  plan(target: FaultTarget): FaultPlan {
    const plan: FaultPlan = { latencyMs: 0, latencyAfterMs: 0, answer: undefined, drop: undefined }
    for (const fault of [...this.#active]) {
      const { rule } = fault
      if (!matches(rule.match, target)) continue
      const decided = plan.answer !== undefined || plan.drop !== undefined
      if (rule.kind !== 'latency' && decided) continue
      if (rule.probability !== undefined && rule.probability < 1 && this.#random() >= rule.probability) continue
      fault.hits++
      if (rule.count !== undefined && fault.hits >= rule.count) fault.remove()
      if (rule.kind === 'latency' && rule.when === 'after') plan.latencyAfterMs += rule.ms
      else if (rule.kind === 'latency') plan.latencyMs += rule.ms
      else if (rule.kind === 'drop') plan.drop = rule.when
      else plan.answer = rule
    }
    return plan
  }
}
