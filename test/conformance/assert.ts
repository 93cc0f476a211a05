// A tiny assertion kit that runs anywhere: Node, Deno, Bun, browsers, workerd, edge VMs.
// (node:assert is not in browsers or edge runtimes; vitest's expect is not in a plain runner.)

export class AssertionError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'AssertionError'
  }
}

const show = (value: unknown): string => {
  if (typeof value === 'string') return JSON.stringify(value)
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}

export function ok(condition: unknown, message: string): asserts condition {
  if (!condition) throw new AssertionError(message)
}

export function equal<T>(actual: unknown, expected: T, what: string): asserts actual is T {
  if (!Object.is(actual, expected)) throw new AssertionError(`${what}: expected ${show(expected)}, got ${show(actual)}`)
}

export function includes(haystack: string, needle: string, what: string): void {
  if (!haystack.includes(needle)) throw new AssertionError(`${what}: expected to contain ${show(needle)}, got ${show(haystack)}`)
}

export function excludes(haystack: string, needle: string, what: string): void {
  if (haystack.includes(needle)) throw new AssertionError(`${what}: must not contain the value, but does`)
}

export function matches(actual: string | null | undefined, pattern: RegExp, what: string): void {
  if (typeof actual !== 'string' || !pattern.test(actual)) throw new AssertionError(`${what}: expected to match ${pattern}, got ${show(actual)}`)
}

/** Awaits `promise`, which must reject; returns what it rejected with. */
export async function rejects(promise: Promise<unknown>, what: string): Promise<unknown> {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new AssertionError(`${what}: expected a rejection, but it resolved`)
}

/** Calls `fn`, which must throw; returns what it threw. */
export function throws(fn: () => unknown, what: string): unknown {
  try {
    fn()
  } catch (error) {
    return error
  }
  throw new AssertionError(`${what}: expected a throw, but it returned`)
}
