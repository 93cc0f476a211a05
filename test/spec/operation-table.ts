// The SDK's operation table, held against the spec fixture: a list of problems, empty when they agree.
// A function of the table (not of the SDK's modules), so the tests can break a copy and watch it fail.
import type { SpecNamedOperation, SpecPathOperation } from './spec-facts.ts'

/** One SDK operation as the check sees it. */
export interface TableEntry {
  /** `group.method` on the client: `perp.placeOrder`, `keys.rotate`. */
  name: string
  method: string
  path: string
  source: 'spec' | 'real' | 'ours'
  specName?: string
}

export interface SpecTable {
  paths: readonly SpecPathOperation[]
  named: readonly SpecNamedOperation[]
}

const route = (entry: { method: string; path: string }) => `${entry.method} ${entry.path}`
/** A path parameter's name never reaches the wire: `/orders/:id` and `/orders/:orderId` are one route. */
const sameRoute = (a: { method: string; path: string }, b: { method: string; path: string }) =>
  route(a).replace(/:[A-Za-z]+/g, ':') === route(b).replace(/:[A-Za-z]+/g, ':')

/** Every disagreement between the SDK's table and the spec, one line each, naming the operation. */
export function operationTableProblems(table: readonly TableEntry[], spec: SpecTable, extras: Readonly<Record<string, 'real' | 'ours'>>): string[] {
  const problems: string[] = []
  const inSpec = (entry: TableEntry) => spec.paths.some((wanted) => sameRoute(wanted, entry))
  const specNames = new Map(spec.named.map((named) => [named.name, named]))

  for (const wanted of spec.paths) {
    const found = table.filter((entry) => sameRoute(entry, wanted))
    if (found.length === 0) problems.push(`missing: ${route(wanted)} (spec group ${wanted.group})`)
    if (found.length > 1) problems.push(`${route(wanted)} is served by ${found.map((entry) => entry.name).join(' and ')}`)
    for (const entry of found) if (entry.source !== 'spec') problems.push(`${entry.name}: ${route(wanted)} is the spec's path, but its source says ${entry.source}`)
  }

  for (const wanted of spec.named) {
    const found = table.filter((entry) => entry.specName === wanted.name)
    if (found.length === 0) problems.push(`missing: "${wanted.name}" (spec group ${wanted.group}, ${wanted.method})`)
    if (found.length > 1) problems.push(`"${wanted.name}" is mapped to ${found.map((entry) => entry.name).join(' and ')}`)
    for (const entry of found) if (entry.method !== wanted.method) problems.push(`${entry.name}: "${wanted.name}" is a ${wanted.method} in the spec, not ${entry.method}`)
  }

  for (const entry of table) {
    if (entry.specName !== undefined && !specNames.has(entry.specName)) problems.push(`${entry.name}: specName "${entry.specName}" names no operation of the spec`)
    if (entry.specName !== undefined && inSpec(entry)) problems.push(`${entry.name}: both a spec path and a specName`)
    if (entry.specName !== undefined && entry.source === 'spec') problems.push(`${entry.name}: the spec shows no path for "${entry.specName}", so its path source cannot be spec`)
    const beyondSpec = entry.specName === undefined && !inSpec(entry)
    if (!beyondSpec) continue
    if (entry.source === 'spec') problems.push(`${entry.name}: ${route(entry)} is not in the spec, but its source says spec`)
    if (!(entry.name in extras)) problems.push(`new operation beyond the spec: ${entry.name} (${route(entry)}, source ${entry.source})`)
    else if (extras[entry.name] !== entry.source) problems.push(`${entry.name}: source ${entry.source}, expected ${extras[entry.name]}`)
  }
  for (const name of Object.keys(extras)) {
    if (!table.some((entry) => entry.name === name)) problems.push(`missing: ${name}, an operation beyond the spec the SDK had`)
  }
  return problems
}
