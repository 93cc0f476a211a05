// How a descriptor is called through a core: the functions of the area entries (`placeOrder(core,
// input)`), the client's groups (`client.perp`) and `core.bind(table)` all send through here, reading
// the core's transport, response checks and routes straight from it (core-access), once per core.
import { callOperation, type Api, type ApiGroup, type CallOptions, type Operation, type OperationBinder, type OperationFunction } from '../api/operation.ts'
import { routeOf, routesOf } from '../api/routes.ts'
import { accessOf } from '../core-access.ts'

type Call = (input: unknown, options: CallOptions | undefined) => Promise<unknown>

/** One operation sent through one core, under the core's response schema and route for `group.name`. */
function callThrough(core: object, op: Operation<any, any>, group: ApiGroup | 'keys' | undefined, name: string): Call {
  const { transport, responses, routes } = accessOf(core)
  const schema = group && responses !== 'off' ? responses[group]?.[name] : undefined
  const response = schema && { schema, operation: `${group}.${name}` }
  const route = group && routeOf(routes, group, name, op)
  return (input, options) => callOperation(transport, op, input, options, response, route)
}

/** The method of one operation: `(input, options)`, or `(options)` when it takes no input. */
const methodOf = (op: Operation<any, any>, call: Call) => (op.input ? call : (options?: CallOptions) => call(undefined, options))

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
  const op = ops[name]!
  const calls = new WeakMap<object, (...args: unknown[]) => Promise<unknown>>()
  // async: a route refused at the first call rejects it, as bad input does, rather than throwing.
  return (async (core: OperationBinder, ...args: unknown[]) => {
    let method = calls.get(core)
    if (!method) calls.set(core, (method = methodOf(op, callThrough(core, op, group, name)) as (...args: unknown[]) => Promise<unknown>))
    return method(...args)
  }) as OperationFunction<Ops[Name]>
}

/**
 * Every operation of a table as a method of one object, sent through `core`: a client group
 * (`client.perp`), or `core.bind(table)`. `group` picks the core's response schemas and routes; a
 * route of the group naming no operation of the table is refused, unless the table is a `part` of it.
 */
export function groupMethods<Ops extends Record<string, Operation<any, any>>>(core: object, group: ApiGroup | 'keys' | undefined, ops: Ops, part?: 'part'): Api<Ops> {
  if (group !== undefined && part === undefined) routesOf(accessOf(core).routes, group, ops)
  const methods: Record<string, unknown> = {}
  for (const [name, op] of Object.entries(ops)) methods[name] = methodOf(op, callThrough(core, op, group, name))
  return methods as Api<Ops>
}
