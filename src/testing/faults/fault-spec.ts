/**
 * Fault rules written as text, for the command line (`--faults`): the same kinds and options as
 * `exchange.faults.add`. Rules are separated by `;`, the words of a rule by spaces:
 *
 *   drop-after POST /api/v1/perp/orders count=1     drop the connection after the order took effect, once
 *   drop-before /api/v1/spot p=0.2                  drop before handling, a fifth of spot requests
 *   error=503 GET                                   503 UNAVAILABLE for every GET (`error` alone: 500)
 *   rate-limit=5 /api/v1/prediction                 429 with Retry-After: 5
 *   latency=200                                     200 ms more on every answer
 *   latency-after=2000 POST /api/v1/perp/orders     hold an order's answer 2 s after it took effect
 *
 * The first word is the kind (`drop-before`, `drop-after`, `error[=<5xx>]`, `rate-limit[=<seconds>]`,
 * `latency=<ms>` (before handling; also `latency-before=<ms>`), `latency-after=<ms>`); then, in any order, a method (upper case), a path prefix (from `/`), `count=<n>`
 * (hits before it switches off) and `p=<0..1>` (chance of a hit). A JSON array (or object) of rules
 * shaped as `faults.add` takes them is read as it is.
 */
import type { FaultRule } from './faults.ts'

export const FAULT_SPEC_HELP = `--faults <rules>: fault injection, as exchange.faults.add; rules separated by ";", each
  <kind> [METHOD] [/path-prefix] [count=<n>] [p=<0..1>], kind one of
  drop-before | drop-after | error[=<5xx>] | rate-limit[=<seconds>] | latency=<ms> | latency-after=<ms>
  (latency=<ms> delays before handling, latency-after=<ms> holds the answer after the request took effect);
  e.g. --faults "drop-after POST /api/v1/perp/orders count=1; latency=50" (or a JSON array of rules)`

/** A rule of the text that cannot be read: the rule and the reason. */
export class FaultSpecError extends Error {}

function numberOf(text: string | undefined, word: string, rule: string): number {
  const value = text === undefined || text === '' ? Number.NaN : Number(text)
  if (!Number.isFinite(value)) throw new FaultSpecError(`"${rule}": ${word} needs a number, as ${word}=<n>`)
  return value
}

function kindOf(word: string, rule: string): FaultRule {
  const [kind, value] = word.split('=', 2) as [string, string | undefined]
  switch (kind) {
    case 'drop-before':
    case 'drop-after':
      if (value !== undefined) break
      return { kind: 'drop', when: kind === 'drop-before' ? 'before' : 'after' }
    case 'error':
      return value === undefined ? { kind: 'error' } : { kind: 'error', status: numberOf(value, 'error', rule) }
    case 'rate-limit':
      return value === undefined ? { kind: 'rate-limit' } : { kind: 'rate-limit', retryAfterSeconds: numberOf(value, 'rate-limit', rule) }
    case 'latency':
    case 'latency-before':
      return { kind: 'latency', ms: numberOf(value, kind, rule) }
    case 'latency-after':
      return { kind: 'latency', ms: numberOf(value, kind, rule), when: 'after' }
  }
  throw new FaultSpecError(`"${rule}": "${word}" is not a fault kind (drop-before, drop-after, error[=<5xx>], rate-limit[=<seconds>], latency=<ms>, latency-after=<ms>)`)
}

function ruleOf(text: string): FaultRule {
  const [first, ...words] = text.split(/\s+/)
  const rule = kindOf(first!, text)
  const match: { method?: string; pathPrefix?: string } = {}
  for (const word of words) {
    if (word.startsWith('/')) match.pathPrefix = word
    else if (/^[A-Z]+$/.test(word)) match.method = word
    else if (word.startsWith('count=')) rule.count = numberOf(word.slice(6), 'count', text)
    else if (word.startsWith('p=')) rule.probability = numberOf(word.slice(2), 'p', text)
    else throw new FaultSpecError(`"${text}": "${word}" is none of METHOD, /path-prefix, count=<n>, p=<0..1>`)
  }
  if (match.method !== undefined || match.pathPrefix !== undefined) rule.match = match
  return rule
}

/** The rules of a `--faults` text; a rule that cannot be read throws a FaultSpecError naming it. */
export function parseFaultSpec(spec: string): FaultRule[] {
  const text = spec.trim()
  if (text.startsWith('[') || text.startsWith('{')) {
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch (error) {
      throw new FaultSpecError(`not JSON (${error instanceof Error ? error.message : String(error)})`)
    }
    const rules = Array.isArray(parsed) ? parsed : [parsed]
    if (!rules.every((rule) => typeof rule === 'object' && rule !== null && typeof (rule as { kind?: unknown }).kind === 'string')) {
      throw new FaultSpecError('a JSON rule is an object with a "kind", as faults.add takes it')
    }
    return rules as FaultRule[]
  }
  const rules = text.split(';').map((rule) => rule.trim()).filter((rule) => rule !== '')
  if (rules.length === 0) throw new FaultSpecError('no rule given')
  return rules.map(ruleOf)
}
