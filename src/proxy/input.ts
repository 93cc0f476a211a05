// An incoming call turned back into its operation's input (path parameters, query, JSON body, wire
// names back to the client's), then checked by the operation's own schema, as the client checks it.
import { parseInput } from '../api/operation.ts'
import { ExchangeValidationError } from '../errors.ts'
import type { Match } from './operations.ts'

const NUMBER = /^-?\d+(\.\d+)?$/

/** A query carries text: a field the schema wants as a number or boolean is read as one. */
function typed(text: string): unknown {
  return NUMBER.test(text) ? Number(text) : text === 'true' ? true : text === 'false' ? false : undefined
}

const invalid = (field: string, message: string) => new ExchangeValidationError(field, 'input', message)

/**
 * The operation's input, validated (its schema's output, as the client sends it), or an
 * ExchangeValidationError naming the field. `body` is the request's text ('' for none).
 */
export function inputOf({ operation: { op }, params }: Match, url: URL, body: string): Record<string, unknown> | undefined {
  const inQuery = op.method === 'GET' || (op.method === 'DELETE' && !op.deleteBody)
  const nameOf = Object.fromEntries(Object.entries(op.wire ?? {}).map(([name, wire]) => [wire, name]))
  const raw: Record<string, unknown> = { ...params }
  const fromQuery = new Set<string>()
  for (const wire of new Set(url.searchParams.keys())) {
    const name = nameOf[wire] ?? wire
    if (name in params) throw invalid(wire, `${wire}: given in the path already`)
    if (!inQuery && !op.query?.includes(name)) throw invalid(wire, `${wire}: goes in the body, not the query`)
    const values = url.searchParams.getAll(wire)
    raw[name] = values.length === 1 ? values[0] : values
    fromQuery.add(name)
  }
  if (body !== '') {
    if (inQuery) throw invalid('body', `body: ${op.method} ${op.path} takes no body`)
    let parsed: unknown
    try {
      parsed = JSON.parse(body)
    } catch {
      throw invalid('body', 'body: not JSON')
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw invalid('body', 'body: must be a JSON object')
    for (const [wire, value] of Object.entries(parsed)) {
      const name = nameOf[wire] ?? wire
      if (name in raw) throw invalid(wire, `${wire}: given in the ${name in params ? 'path' : 'query'} already`)
      raw[name] = value
    }
  }
  if (!op.input) {
    const extra = Object.keys(raw)[0]
    if (extra !== undefined) throw invalid(extra, `${extra}: unknown field (${op.method} ${op.path} takes no input)`)
    return undefined
  }
  const given = Object.keys(raw).length > 0 ? raw : undefined
  // Query text read as a number or boolean only where the schema refused it as text, one field at a time.
  for (;;) {
    try {
      return parseInput(op.input, given) as Record<string, unknown>
    } catch (error) {
      const field = error instanceof ExchangeValidationError ? error.field : ''
      const value = fromQuery.has(field) && typeof raw[field] === 'string' ? typed(raw[field] as string) : undefined
      if (value === undefined) throw error
      raw[field] = value
      fromQuery.delete(field)
    }
  }
}
