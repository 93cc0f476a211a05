// How a descriptor is called through a core: the functions of the area entries (`placeOrder(core,
// input)`), the client's groups (`client.perp`) and `bind(core, table)` all send through here, with
// the core's transport, response checks and routes as core-access holds them, read once per core.
import { callOperation, type Api, type ApiGroup, type CallOptions, type Operation, type OperationBinder, type OperationFunction, type Route } from '../api/operation.ts'
import { routesOf } from '../api/routes.ts'
import { accessOf, type CoreAccess } from '../core-access.ts'

type Group = ApiGroup | 'keys' | undefined

/**
 * The method of one operation, sent through a core under its response schema and `route` for
 * `group.name`: `(input, options)`, or `(options)` when it takes no input.
 */
function methodOf(access: CoreAccess, group: Group, name: string, op: Operation<any, any>, route: Route | undefined): (...args: any[]) => Promise<unknown> {
  const { transport, responses } = access
  const schema = group && responses !== 'off' ? responses[group]?.[name] : undefined
  const operation = group ? `${group}.${name}` : name
  const response = schema && { schema, operation }
  return (first?: unknown, second?: CallOptions) =>
    callOperation(transport, op, op.input ? first : undefined, (op.input ? second : first) as CallOptions | undefined, response, route, operation)
}

/**
 * The function of the operation `name` of a table, for the per-area entries (`exchange-client/perp`…).
 * Takes the table and the name (not `table.name`): a bundler drops an unused call whose arguments are
 * names, not one reading a property.
 */
/* @__NO_SIDE_EFFECTS__ */
export function operationFunction<Ops extends Record<string, Operation<any, any>>, Name extends keyof Ops & string>(
  group: ApiGroup | 'keys',
  ops: Ops,
  name: Name,
): OperationFunction<Ops[Name]> {
  const methods = new WeakMap<object, (...args: unknown[]) => Promise<unknown>>()
  // async: a route refused at the first call rejects it, as bad input does, rather than throwing.
  return (async (core: OperationBinder, ...args: unknown[]) => {
    let method = methods.get(core)
    if (!method) methods.set(core, (method = groupMethods(accessOf(core), group, { [name]: ops[name]! }, 'part')[name] as (...args: unknown[]) => Promise<unknown>))
    return method(...args)
  }) as OperationFunction<Ops[Name]>
}

/**
 * Every operation of a table (e.g. `perpOperations`) as a method of one object, sent through `core`.
 * `group` (`'perp'`) picks the table's response schemas when `validateResponses` has them, and the
 * table's `routes` (a route naming no operation of the table is refused here, unless `part`).
 */
export function bind<Ops extends Record<string, Operation<any, any>>>(core: OperationBinder, ops: Ops, group?: ApiGroup | 'keys', part?: 'part'): Api<Ops> {
  return groupMethods(accessOf(core), group, ops, part)
}

/**
 * Every operation of a table as a method of one object, sent through a core: a client group
 * (`client.perp`), or `bind(core, table)`. `group` picks the core's response schemas and routes; a
 * route of the group naming no operation of the table is refused, unless the table is a `part` of it.
 */
export function groupMethods<Ops extends Record<string, Operation<any, any>>>(access: CoreAccess, group: Group, ops: Ops, part?: 'part'): Api<Ops> {
  const routes = group === undefined ? {} : routesOf(access.routes, group, ops, part === 'part')
  const methods: Record<string, unknown> = {}
  for (const [name, op] of Object.entries(ops)) methods[name] = methodOf(access, group, name, op, routes[name])
  return methods as Api<Ops>
}
