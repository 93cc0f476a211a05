// The client option `routes`: an operation sent to another method and path than its descriptor's (the
// real service's clients call some operations elsewhere than the spec says). The route is used for the
// wire and for the signature alike; a bad one is refused when the client is built.
import { ExchangeValidationError } from '../errors.ts'
import { pathParams, type HttpMethod, type Operation, type Route } from './operation.ts'

/** Operation name (`'account.getOverview'`: the client group, then the method) → where to send it. */
export type Routes = Readonly<Record<string, Route>>

const METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'DELETE'] satisfies HttpMethod[]
const NAME = /^[a-z]+\.[A-Za-z]+$/
/**
 * Under /api/v1/, segments of unreserved characters or `:name` parameters: signed and sent as
 * written. No `.` or `..` segment (a URL parser resolves it away, so the path sent is not the one
 * signed), no empty one, no percent-encoding.
 */
const PATH = /^\/api\/v1(?:\/(?!\.\.?(?:\/|$))(?:[A-Za-z0-9._~-]+|:[A-Za-z]+))+$/

const refuse = (field: string, message: string): never => {
  throw new ExchangeValidationError(field, 'route', `${field}: ${message}`)
}

/**
 * The option's shape: names, methods, paths. Whether each name is an operation is checked when its
 * group binds. Returns a copy of what it checked: the caller's object, changed later, routes nothing.
 */
export function checkRoutes(routes: unknown): Routes {
  if (routes === undefined) return {}
  if (typeof routes !== 'object' || routes === null || Array.isArray(routes)) return refuse('routes', 'must be an object')
  const checked: Record<string, Route> = {}
  for (const [name, route] of Object.entries(routes as Record<string, unknown>)) {
    const field = `routes.${name}`
    if (!NAME.test(name)) refuse(field, 'must be named group.method')
    const { method, path } = (route ?? {}) as Partial<Route>
    if (!METHODS.includes(method!)) refuse(`${field}.method`, 'must be GET, POST, PUT or DELETE')
    if (typeof path !== 'string' || !PATH.test(path)) refuse(`${field}.path`, 'must be /api/v1/… of [A-Za-z0-9._~-] and :params')
    checked[name] = { method: method!, path: path! }
  }
  return checked
}

/**
 * The routes of one client group, by method name, each checked against its operation: it must exist
 * and take the same path parameters (a route cannot invent or drop one). `part`: `ops` is some of
 * the group's operations (a per-area function), so a route naming another is not this table's to refuse.
 */
export function routesOf(routes: Routes, group: string, ops: Readonly<Record<string, Operation<any, any>>>, part = false): Routes {
  const found: Record<string, Route> = {}
  for (const [name, route] of Object.entries(routes)) {
    const [routeGroup, method] = name.split('.') as [string, string]
    if (routeGroup !== group) continue
    const op = Object.hasOwn(ops, method) ? ops[method] : undefined
    if (!op && part) continue
    if (!op) refuse(`routes.${name}`, 'names no operation')
    if (pathParams(route.path).sort().join() !== pathParams(op!.path).sort().join()) refuse(`routes.${name}.path`, `must take the parameters of ${op!.path}`)
    found[method] = route
  }
  return found
}

/** After every group has bound: a route whose group the client does not have names no operation. */
export function refuseUnboundRoutes(routes: Routes, groups: readonly string[]): void {
  for (const name of Object.keys(routes)) {
    if (!groups.includes(name.split('.')[0]!)) refuse(`routes.${name}`, 'names no operation')
  }
}
