/**
 * Reading request fields on the server side. Every bad value becomes REQ_INVALID_PARAMS naming
 * the field, so a client sees which input the exchange refused.
 */
import { type Decimal, parseDecimal } from './decimal.ts'
import { invalidParams } from './errors.ts'

const CLIENT_ORDER_ID = /^[A-Za-z0-9_-]{1,64}$/

/** The fields of a JSON body (typed values) or of a query string (text values). */
export class Fields {
  readonly #read: (name: string) => unknown
  readonly #fromQuery: boolean

  private constructor(read: (name: string) => unknown, fromQuery: boolean) {
    this.#read = read
    this.#fromQuery = fromQuery
  }

  static body(body: unknown): Fields {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalidParams('body', 'the body must be a JSON object')
    const record = body as Record<string, unknown>
    return new Fields((name) => (Object.hasOwn(record, name) ? record[name] : undefined), false)
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
    return required(name, this.optionalString(name))
  }

  optionalString(name: string): string | undefined {
    if (!this.has(name)) return undefined
    const value = this.#read(name)
    if (typeof value !== 'string' || value === '') throw invalidParams(name, `${name} must be a non-empty string`)
    return value
  }

  /** A positive decimal sent as text (`"0.01"`), as the real service requires. */
  decimal(name: string): Decimal {
    return required(name, this.optionalDecimal(name))
  }

  optionalDecimal(name: string): Decimal | undefined {
    if (!this.has(name)) return undefined
    const raw = this.#read(name)
    const value = typeof raw === 'string' ? parseDecimal(raw) : undefined
    if (value === undefined) throw invalidParams(name, `${name} must be a decimal number written as a string`)
    if (value <= 0n) throw invalidParams(name, `${name} must be greater than zero`)
    return value
  }

  integer(name: string, low: number, high: number): number {
    return required(name, this.optionalInteger(name, low, high))
  }

  optionalInteger(name: string, low: number, high: number): number | undefined {
    if (!this.has(name)) return undefined
    const raw = this.#read(name)
    const value = this.#fromQuery && typeof raw === 'string' && /^-?\d+$/.test(raw) ? Number(raw) : raw
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw invalidParams(name, `${name} must be an integer`)
    if (value < low || value > high) throw invalidParams(name, `${name} must be between ${low} and ${high}`)
    return value
  }

  oneOf<T extends string>(name: string, values: readonly T[]): T {
    return required(name, this.optionalOneOf(name, values), ` (${values.join(', ')})`)
  }

  optionalOneOf<T extends string>(name: string, values: readonly T[]): T | undefined {
    if (!this.has(name)) return undefined
    const value = this.#read(name)
    if (!values.includes(value as T)) throw invalidParams(name, `${name} must be one of ${values.join(', ')}`)
    return value as T
  }

  optionalBoolean(name: string): boolean | undefined {
    if (!this.has(name)) return undefined
    const raw = this.#read(name)
    const value = this.#fromQuery ? { true: true, false: false }[String(raw)] : raw
    if (typeof value !== 'boolean') throw invalidParams(name, `${name} must be true or false`)
    return value
  }

  /** An id: a string, or an integer (ids are strings on the wire, string-or-number on input). */
  id(name: string): string {
    const value = this.#read(name)
    if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value)
    if (typeof value === 'string' && value !== '') return value
    throw invalidParams(name, `${name} is required`)
  }

  /** A list of ids, at most `limit` of them. */
  ids(name: string, limit: number): string[] {
    const value = this.#read(name)
    if (!Array.isArray(value)) throw invalidParams(name, `${name} must be an array`)
    if (value.length > limit) throw invalidParams(name, `${name} takes at most ${limit} entries`)
    return value.map((entry, index) => {
      if (typeof entry === 'string' && entry !== '') return entry
      if (typeof entry === 'number' && Number.isSafeInteger(entry)) return String(entry)
      throw invalidParams(`${name}[${index}]`, `${name}[${index}] must be an id`)
    })
  }

  /** An optional list of non-empty strings, at most `limit` of them. */
  optionalStrings(name: string, limit: number): string[] | undefined {
    if (!this.has(name)) return undefined
    const value = this.#read(name)
    if (!Array.isArray(value) || value.length > limit || !value.every((entry) => typeof entry === 'string' && entry !== '')) {
      throw invalidParams(name, `${name} must be an array of at most ${limit} non-empty strings`)
    }
    return value as string[]
  }

  /** A list of objects, at most `limit` of them. */
  list(name: string, limit: number): unknown[] {
    const value = this.#read(name)
    if (!Array.isArray(value) || value.length === 0) throw invalidParams(name, `${name} must be a non-empty array`)
    if (value.length > limit) throw invalidParams(name, `${name} takes at most ${limit} entries`)
    return value
  }

  /** The idempotency key: 1–64 characters from [A-Za-z0-9_-], optional. */
  clientOrderId(): string | undefined {
    const value = this.optionalString('clientOrderId')
    if (value !== undefined && !CLIENT_ORDER_ID.test(value)) {
      throw invalidParams('clientOrderId', 'clientOrderId must be 1-64 characters from A-Z, a-z, 0-9, _ and -')
    }
    return value
  }
}

/** A required field's value; REQ_INVALID_PARAMS "<name> is required" when it was left out. */
function required<T>(name: string, value: T | undefined, hint = ''): T {
  if (value === undefined) throw invalidParams(name, `${name} is required${hint}`)
  return value
}
