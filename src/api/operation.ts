import * as v from 'valibot'
import type { HttpMethod, RequestSpec, Transport } from '../transport/http.ts'
import { explained } from './input-issues.ts'
import { ExchangeResponseError, ExchangeValidationError, type ValidationIssue } from '../errors.ts'

/** What a call needs: nothing (open market data), any valid key, or a key with that permission. */
export type Permission = 'none' | 'any' | 'read' | 'trade' | 'withdraw'

/**
 * What an operation does, by effect, which is what a signing proxy lets a page do (`allow`):
 * - `public`: open market data and system calls;
 * - `read`: the account's own data;
 * - `trade`: placing, changing and cancelling orders and TP/SL, leverage and position margin, within the account;
 * - `moves-value`: moves value out of the account or locks it for a third party (withdrawals, deposits,
 *   market creation and oracle challenges with their bonds, mints, redemptions, claims…): in no class, a
 *   proxy passes it only when named one by one;
 * - `issues-secret`: answers with a new secret (onboarding, rotation): never passed through a proxy.
 */
export type Effect = 'public' | 'read' | 'trade' | 'moves-value' | 'issues-secret'
/** Where a path comes from: our spec, the real service's clients, or our own choice. */
export type PathSource = 'spec' | 'real' | 'ours'
export type { HttpMethod }

/**
 * One endpoint, described once. Methods, the operation table (docs/operations.md) and the conformance tests
 * are all derived from these descriptions.
 */
export interface Operation<Input = undefined, Output = unknown> {
  readonly method: HttpMethod
  /** `:name` segments are filled from the input's field of that name. */
  readonly path: string
  readonly auth: Permission
  /** What it does, by effect: a proxy's `allow` classes are made of these (see `Effect`). Every operation declares one. */
  readonly effect: Effect
  readonly source: PathSource
  /**
   * The spec's name of the operation, for the operations the spec names without a path (its
   * prediction, championship and oracle groups). Sources only, like `summary`.
   */
  readonly specName?: string
  /** What it does, for the docs. Sources only: the published build strips it (scripts/strip-operation-docs.ts). */
  readonly summary?: string
  /** Checks what the caller passes; `Input` is what the caller may pass (before conversions). */
  readonly input?: v.GenericSchema<Input, unknown>
  /** A valid input, sent by the request-shape and conformance tests. Sources only, like `summary`. */
  readonly example?: Input
  /** Input fields sent as query parameters even though the call carries a body. */
  readonly query?: readonly string[]
  /** A DELETE whose remaining fields travel as a JSON body rather than a query string. */
  readonly deleteBody?: boolean
  /** camelCase input name → the name the service wants on the wire (e.g. take_profit_price). */
  readonly wire?: Readonly<Record<string, string>>
  /** A placement: give it a clientOrderId (each order of a batch, under this field) and retry safely. */
  readonly placement?: 'order' | 'orders'
  /**
   * Told of each answer before its schema check, with the call's options: throws when the answer is
   * not what the input asked for (an order placed earlier under its clientOrderId), or keeps it
   * (rotation's secret must not be lost to a failed check).
   */
  answered?(input: Record<string, unknown> | undefined, data: Output, options: CallOptions | undefined): void
  /** Type only: what `data` holds. */
  readonly output?: Output
}

/** Options every typed method takes as its last argument. */
export interface CallOptions {
  signal?: AbortSignal
  timeoutMs?: number
  totalTimeoutMs?: number
}

export type OperationMethod<O> = O extends Operation<infer Input, infer Output>
  ? [Input] extends [undefined]
    ? (options?: CallOptions) => Promise<Output>
    : undefined extends Input
      ? (input?: Input, options?: CallOptions) => Promise<Output>
      : (input: Input, options?: CallOptions) => Promise<Output>
  : never

export type Api<Ops> = { readonly [K in keyof Ops]: OperationMethod<Ops[K]> }

/** The client's groups of operations: `client.perp`, `client.spot`… */
export type ApiGroup = 'system' | 'account' | 'perp' | 'spot' | 'prediction' | 'championship'

/** What an operation's call resolves to (its `data`). */
export type OutputOf<Op> = Op extends Operation<any, infer Output> ? Output : unknown

/**
 * The response schemas of a table of operations, by operation name. Each schema's output must be its
 * operation's declared output, so a schema and the type it is the source of cannot drift apart.
 */
export type ResponseTable<Ops = Record<string, unknown>> = { readonly [Name in keyof Ops]: v.GenericSchema<any, OutputOf<Ops[Name]>> }

/** Response schemas by group, then by operation name: `responseSchemas` of `exchange-client/strict`. */
export type ResponseSchemas = { readonly [Group in ApiGroup | 'keys']?: ResponseTable }

/** `off` trusts the declared types; with schemas, each answer that has one is checked against it. */
export type ResponseChecking = 'off' | ResponseSchemas

/** The `validateResponses` option, refused when it is neither `off` nor schemas (the old `'strict'`). */
export function responseChecking(value: unknown = 'off'): ResponseChecking {
  if (value === 'off') return value
  // A copy: the caller's object, changed later, does not change which answers are checked.
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return { ...value } as ResponseSchemas
  throw new ExchangeValidationError('validateResponses', 'format', "validateResponses must be 'off' or responseSchemas from exchange-client/strict")
}

/**
 * The core an operation's function or group is sent through: an `ExchangeCore` (or `ExchangeClient`).
 * `bind(core, table)` of `exchange-client/advanced` makes methods of any table of descriptions.
 */
export interface OperationBinder {
  request<T = unknown>(spec: RequestSpec): Promise<T>
}

/** One operation as a function of the core it goes through: `placeOrder(core, input, options)`. */
export type OperationFunction<O> = O extends Operation<infer Input, infer Output>
  ? [Input] extends [undefined]
    ? (core: OperationBinder, options?: CallOptions) => Promise<Output>
    : undefined extends Input
      ? (core: OperationBinder, input?: Input, options?: CallOptions) => Promise<Output>
      : (core: OperationBinder, input: Input, options?: CallOptions) => Promise<Output>
  : never

/**
 * Declares an operation; `Output` is the type of its `data`. Its input schema is `explained`, so a
 * bad input names every problem (and this stays out of a program that binds no operation).
 */
/* @__NO_SIDE_EFFECTS__ */
export function operation<Output = unknown, Input = undefined>(
  description: Omit<Operation<Input, Output>, 'output'>,
): Operation<Input, Output> {
  return description.input ? { ...description, input: explained(description.input) } : description
}

/**
 * Checks an input against a schema that `explained` wrapped (every operation's, through `operation`):
 * its failure lists every problem as `{ field, rule, message }`.
 */
export function parseInput<T>(schema: v.GenericSchema<any, T>, input: unknown): T {
  const result = v.safeParse(schema, input)
  if (result.success) return result.output
  const issues = result.issues as unknown as ValidationIssue[]
  throw new ExchangeValidationError(issues[0]!.field, issues[0]!.rule, issues.map((issue) => issue.message).join('; '), issues)
}

const TOKEN = /:([A-Za-z]+)/g

/**
 * What a path parameter may hold: unreserved URL characters (and ':'), so the path signed and the
 * path sent are the same bytes with no percent-encoding, and no value is a dot segment a URL parser
 * would resolve away.
 */
export const PATH_VALUE = /^(?!\.{1,2}$)[A-Za-z0-9._~:-]+$/

/** The `:name` parameters of a path, in order. */
export const pathParams = (path: string): string[] => Array.from(path.matchAll(TOKEN), (match) => match[1]!)

/** Where a call goes instead of its descriptor's method and path (the client's `routes` option). */
export interface Route {
  readonly method: HttpMethod
  readonly path: string
}

/**
 * Splits validated input into the path, the query and the body, as the description says. A `route`
 * moves the call to another method and path; which fields travel in the body stays the
 * descriptor's (a POST moved to a DELETE keeps its JSON body, as the real service's cancel does).
 */
export function toRequest(op: Operation<any, unknown>, input: Record<string, unknown> | undefined, route?: Route) {
  const rest: Record<string, unknown> = { ...input }
  const path = (route?.path ?? op.path).replace(TOKEN, (_, name: string) => {
    const value = String(rest[name])
    delete rest[name]
    if (!PATH_VALUE.test(value)) {
      throw new ExchangeValidationError(name, 'path_segment', `${name}: must be [A-Za-z0-9._~:-], not "." or ".." (sent unencoded)`)
    }
    return value
  })
  const query: Record<string, unknown> = {}
  const body: Record<string, unknown> = {}
  const inQuery = op.method === 'GET' || (op.method === 'DELETE' && !op.deleteBody)
  for (const [name, value] of Object.entries(rest)) {
    if (value === undefined) continue
    const wireName = op.wire?.[name] ?? name
    if (inQuery || op.query?.includes(name)) query[wireName] = value
    else body[wireName] = value
  }
  // No fields, no body: the signed body part is then the empty string, never `{}`.
  const hasBody = !inQuery && Object.keys(body).length > 0
  return { method: route?.method ?? op.method, path, query: query as Record<string, string>, body: hasBody ? body : undefined }
}

/** A fresh idempotency key: time-ordered, 26 characters of [0-9a-z], from a cryptographic source. */
function newClientOrderId(): string {
  const random = globalThis.crypto.getRandomValues(new Uint8Array(16))
  let id = Date.now().toString(36).padStart(10, '0')
  for (const byte of random) id += (byte % 36).toString(36)
  return id.slice(0, 26)
}

function withClientOrderIds(op: Operation<any, unknown>, input: Record<string, unknown>): { input: Record<string, unknown>; clientOrderId?: string; clientOrderIds?: string[] } {
  if (op.placement === 'order') {
    const clientOrderId = (input.clientOrderId as string | undefined) ?? newClientOrderId()
    return { input: { ...input, clientOrderId }, clientOrderId }
  }
  const orders = (input.orders as Record<string, unknown>[]).map((order) => ({
    ...order,
    clientOrderId: (order.clientOrderId as string | undefined) ?? newClientOrderId(),
  }))
  // A batch carries one id per order; the caller needs all of them to look the orders up.
  return { input: { ...input, orders }, clientOrderIds: orders.map((order) => order.clientOrderId) }
}

/** A response schema, and the name of the operation it checks (for the error). */
export interface ResponseCheck {
  readonly schema: v.GenericSchema
  readonly operation: string
}

/** The data must pass the operation's response schema, or the call fails naming the operation and the field. */
export function checkResponse(check: ResponseCheck, data: unknown): void {
  const result = v.safeParse(check.schema, data)
  if (result.success) return
  const issue = result.issues[0]
  const field = issue.path?.map((item) => item.key).join('.') ?? ''
  // A schema's message shows the value it got: an issued secret's (not text, or it would pass) is never shown.
  const message = issue.path?.some((item) => item.key === 'secretKey') ? `must be ${issue.expected}` : issue.message
  throw new ExchangeResponseError(200, `${check.operation}: data${field ? `.${field}` : ''} ${message} (validateResponses)`, {
    operation: check.operation,
    field,
  })
}

/** Validates, then sends one operation. Nothing goes on the wire when the input is bad. */
export async function callOperation<Output>(
  transport: Transport,
  op: Operation<any, Output>,
  rawInput: unknown,
  options: CallOptions | undefined,
  response?: ResponseCheck,
  route?: Route,
  name?: string,
): Promise<Output> {
  let input = op.input ? (parseInput(op.input, rawInput) as Record<string, unknown>) : undefined
  let clientOrderId: string | undefined
  let clientOrderIds: string[] | undefined
  if (op.placement && input) ({ input, clientOrderId, clientOrderIds } = withClientOrderIds(op, input))
  const request = toRequest(op, input, route)
  const data = await transport.send<Output>({
    ...request,
    auth: op.auth !== 'none',
    idempotent: op.placement !== undefined,
    clientOrderId,
    clientOrderIds,
    intent: [name, input],
    signal: options?.signal,
    timeoutMs: options?.timeoutMs,
    totalTimeoutMs: options?.totalTimeoutMs,
  })
  op.answered?.(input, data, options)
  if (response) checkResponse(response, data)
  return data
}
