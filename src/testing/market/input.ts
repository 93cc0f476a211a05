/**
 * Reading request fields on the server side. Every bad value becomes REQ_INVALID_PARAMS naming
 * the field, so a client sees which input the exchange refused. A body names the fields its route
 * knows; any other field is refused, so a misspelt `reduce_only` cannot be dropped in silence.
 */
import { type Decimal, MAX_DIGITS, MAX_PLACES, parseDecimal } from './decimal.ts'
import { bodyShapeIssues, failures, type InputIssue, type InputRule, refuseBadShape } from '../http/failures.ts'
import { ApiFailure } from '../http/router.ts'
import { overLimit } from './errors.ts'

const CLIENT_ORDER_ID = /^[A-Za-z0-9_-]{1,64}$/

/**
 * The fields of a JSON body (typed values) or of a query string (text values). A bad field throws
 * REQ_INVALID_PARAMS at once, except while collecting (`Fields.collect`): then each fault is noted,
 * the read gives `undefined`, and `done()` throws them all in one answer.
 */
export class Fields {
  readonly #read: (name: string) => unknown
  readonly #fromQuery: boolean
  /** While collecting: every fault so far (the body's shape first). */
  #issues: InputIssue[] | undefined

  private constructor(read: (name: string) => unknown, fromQuery: boolean, issues?: InputIssue[]) {
    this.#read = read
    this.#fromQuery = fromQuery
    this.#issues = issues
  }

  /**
   * A JSON object body read field by field, collecting every fault: its shape's (fields unknown
   * or missing) and each read's (type, value). Reads give `undefined` for a faulty field, so a
   * reader reads every field first, calls `done()`, and only then trusts and combines the values.
   * A body that is not an object is refused at once.
   */
  static collect(body: unknown, known: readonly string[], required?: readonly string[]): Fields {
    const issues = bodyShapeIssues(body, known, required)
    if (issues[0]?.rule === 'not_object') throw failures.invalidInput(issues)
    const record = body as Record<string, unknown>
    return new Fields((name) => (Object.hasOwn(record, name) ? record[name] : undefined), false, issues)
  }

  /** Ends collecting: throws REQ_INVALID_PARAMS listing every fault noted, if any; later faults throw at once. */
  done(): void {
    const issues = this.#issues
    this.#issues = undefined
    if (issues && issues.length > 0) throw failures.invalidInput(issues)
  }

  /** A check of its own (a market's existence …): its REQ_INVALID_PARAMS is noted like a field's while collecting. */
  check<T>(read: () => T): T {
    try {
      return read()
    } catch (error) {
      return this.#failWith(error) as never
    }
  }

  /** A fault: thrown, or noted while collecting (once per field). */
  #fail(field: string, reason: string, rule: InputRule = 'value'): undefined {
    if (!this.#issues) throw failures.invalidParams(field, reason, rule)
    if (!this.#faulted(field)) this.#issues.push({ field, rule, reason })
    return undefined
  }

  #faulted(field: string): boolean {
    return this.#issues?.some((issue) => issue.field === field || issue.field.startsWith(`${field}[`)) ?? false
  }

  /** A fault thrown as an ApiFailure by a check outside this class (a limit): noted like the others while collecting. */
  #failWith(error: unknown): undefined {
    if (!this.#issues || !(error instanceof ApiFailure) || error.code !== 'REQ_INVALID_PARAMS') throw error
    for (const issue of (error.details?.issues as InputIssue[] | undefined) ?? []) {
      if (!this.#faulted(issue.field)) this.#issues.push(issue)
    }
    return undefined
  }

  /** A required field's value; "<name> is required" when it was left out (and is not already at fault). */
  #required<T>(name: string, value: T | undefined, hint = ''): T {
    if (value === undefined && !this.#faulted(name)) this.#fail(name, `${name} is required${hint}`, 'missing')
    return value as T
  }

  /**
   * A JSON object body whose fields are all among `known` and has every `required` one: otherwise
   * REQ_INVALID_PARAMS naming every field at fault (unknown, with the one probably meant, or missing).
   */
  static body(body: unknown, known: readonly string[], required?: readonly string[]): Fields {
    refuseBadShape(body, known, required)
    const record = body as Record<string, unknown>
    return new Fields((name) => (Object.hasOwn(record, name) ? record[name] : undefined), false)
  }

  /** A route that takes no body: none, or an empty object; any field is refused naming it. */
  static none(body: unknown): void {
    if (body !== undefined) Fields.body(body, [])
  }

  static query(query: URLSearchParams): Fields {
    return new Fields((name) => {
      const value = query.get(name)
      return value === null || value === '' ? undefined : value
    }, true)
  }

  has(name: string): boolean {
    const value = this.#read(name)
    return value !== undefined && value !== null
  }

  string(name: string): string {
    return this.#required(name, this.optionalString(name))
  }

  optionalString(name: string): string | undefined {
    if (!this.has(name)) return undefined
    const value = this.#read(name)
    if (typeof value !== 'string' || value === '') return this.#fail(name, `${name} must be a non-empty string`, typeof value === 'string' ? 'value' : 'type')
    return value
  }

  /** A positive decimal sent as text (`"0.01"`), as the real service requires. */
  decimal(name: string): Decimal {
    return this.#required(name, this.optionalDecimal(name))
  }

  optionalDecimal(name: string): Decimal | undefined {
    if (!this.has(name)) return undefined
    const raw = this.#read(name)
    if (typeof raw !== 'string') return this.#fail(name, `${name} must be a decimal number written as a string, such as "0.01"`, 'type')
    const value = parseDecimal(raw)
    if (value === undefined) return this.#fail(name, `${name} must be a decimal number written as a string, at most ${MAX_DIGITS} digits and ${MAX_PLACES} after the point`)
    if (value <= 0n) return this.#fail(name, `${name} must be greater than zero`)
    return value
  }

  integer(name: string, low: number, high: number): number {
    return this.#required(name, this.optionalInteger(name, low, high))
  }

  optionalInteger(name: string, low: number, high: number): number | undefined {
    if (!this.has(name)) return undefined
    const raw = this.#read(name)
    const value = this.#fromQuery && typeof raw === 'string' && /^-?\d+$/.test(raw) ? Number(raw) : raw
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) return this.#fail(name, `${name} must be an integer`, typeof value === 'number' ? 'value' : 'type')
    if (value < low || value > high) return this.#fail(name, `${name} must be between ${low} and ${high}`)
    return value
  }

  oneOf<T extends string>(name: string, values: readonly T[]): T {
    return this.#required(name, this.optionalOneOf(name, values), ` (${values.join(', ')})`)
  }

  optionalOneOf<T extends string>(name: string, values: readonly T[]): T | undefined {
    if (!this.has(name)) return undefined
    const value = this.#read(name)
    if (!values.includes(value as T)) return this.#fail(name, `${name} must be one of ${values.join(', ')}`)
    return value as T
  }

  optionalBoolean(name: string): boolean | undefined {
    if (!this.has(name)) return undefined
    const raw = this.#read(name)
    const value = this.#fromQuery ? { true: true, false: false }[String(raw)] : raw
    if (typeof value !== 'boolean') return this.#fail(name, `${name} must be true or false`, 'type')
    return value
  }

  /** An id: a string, or an integer (ids are strings on the wire, string-or-number on input). */
  id(name: string): string {
    if (!this.has(name)) return this.#required<string>(name, undefined)
    return this.check(() => toId(this.#read(name), name))
  }

  /** A list of ids, at most `limit` of them. */
  ids(name: string, limit: number): string[] {
    return this.check(() => this.list(name, limit)?.map((entry, index) => toId(entry, `${name}[${index}]`)))
  }

  /** An optional list of non-empty strings, at most `limit` of them. */
  optionalStrings(name: string, limit: number): string[] | undefined {
    if (!this.has(name)) return undefined
    const value = this.list(name, limit)
    if (value === undefined) return undefined
    const bad = value.findIndex((entry) => typeof entry !== 'string' || entry === '')
    if (bad >= 0) return this.#fail(`${name}[${bad}]`, `${name}[${bad}] must be a non-empty string`)
    return value as string[]
  }

  /** A non-empty list, at most `limit` entries (over it: REQ_INVALID_PARAMS with the limit in its details). */
  list(name: string, limit: number): unknown[] {
    const value = this.#read(name)
    if (!Array.isArray(value) || value.length === 0) return this.#fail(name, `${name} must be a non-empty array`, Array.isArray(value) ? 'value' : this.has(name) ? 'type' : 'missing') as never
    if (value.length > limit) return this.#failWith(overLimit(name, limit, `${name} takes at most ${limit} entries; this exchange's limit`)) as never
    return value
  }

  /** An optional count such as a page size: a positive integer, at most `limit` (the exchange's policy). */
  optionalCount(name: string, limit: number): number | undefined {
    const value = this.optionalInteger(name, 1, Number.MAX_SAFE_INTEGER)
    if (value !== undefined && value > limit) return this.#failWith(overLimit(name, limit, `${name} must be at most ${limit}; this exchange's limit`))
    return value
  }

  /** The idempotency key: 1–64 characters from [A-Za-z0-9_-], optional. */
  clientOrderId(): string | undefined {
    const value = this.optionalString('clientOrderId')
    if (value !== undefined && !CLIENT_ORDER_ID.test(value)) {
      return this.#fail('clientOrderId', 'clientOrderId must be 1-64 characters from A-Z, a-z, 0-9, _ and -')
    }
    return value
  }
}

/**
 * An id as a decimal or text string. A JSON number is taken only while it is a safe integer: a
 * larger one has already lost digits in JSON.parse and would name another order.
 */
function toId(value: unknown, name: string): string {
  if (typeof value === 'string' && value !== '') return value
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value)
  const reason = typeof value === 'number' && Number.isInteger(value) && !Number.isSafeInteger(value) ? `${name} is beyond 2^53 as a JSON number; send it as a string` : `${name} must be an id (a string)`
  throw failures.invalidParams(name, reason, typeof value === 'string' || typeof value === 'number' ? 'value' : 'type')
}
