// One operation's documentation, rendered twice from the same facts: as the JSDoc of its method (the
// hover text editors show) and as its entry in docs/api.md.
import type { Operation, Permission } from '../../src/api/operation.ts'
import { fieldsOf, type Field } from './fields.ts'

/** The README's section on the API: where the published package's page shows it. */
export const README_URL = 'https://www.npmjs.com/package/exchange-client#the-api'
const ERRORS_URL = 'https://www.npmjs.com/package/exchange-client#errors'

const WHO: Record<Permission, string> = {
  none: 'public: no key needed, sent unsigned',
  any: 'any valid key (signed)',
  read: 'a key with the read permission (signed)',
  trade: 'a key with the trade permission (signed)',
  withdraw: 'a key with the withdraw permission (signed)',
}

export interface Documented {
  /** `client.perp`: where the method hangs; `''` for a function of a per-area entry, which takes the core first. */
  receiver: string
  group: string
  name: string
  op: Operation<any, any>
}

/** A value as TypeScript source: `{ market: 'BTC-USDC', size: '0.01' }`. */
function literal(value: unknown): string {
  if (typeof value === 'string') return `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`
  if (typeof value === 'number') return Number.isSafeInteger(value) && Math.abs(value) >= 10_000 ? value.toLocaleString('en-US').replaceAll(',', '_') : String(value)
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`
  if (value && typeof value === 'object') {
    const fields = Object.entries(value).map(([key, field]) => `${/^[A-Za-z_$][\w$]*$/.test(key) ? key : `'${key}'`}: ${literal(field)}`)
    return `{ ${fields.join(', ')} }`
  }
  return String(value)
}

export function exampleOf({ receiver, name, op }: Documented): string {
  const input = op.input ? literal(op.example) : ''
  return receiver ? `await ${receiver}.${name}(${input})` : `await ${name}(core${input ? `, ${input}` : ''})`
}

const valuesOf = (field: Field) => (field.values ? `; one of ${field.values.map((value) => `\`${literal(value)}\``).join(', ')}` : '')
const fieldLine = (field: Field) => `\`${field.name}\`${field.optional ? ' (optional)' : ''}: ${field.meaning}${valuesOf(field)}`

/** The error classes a call may throw, each with when. */
function throwsOf(op: Operation<any, any>): [string, string][] {
  return [
    ...(op.input ? [['ExchangeValidationError', 'the input breaks a rule (`field` names it); nothing was sent'] as [string, string]] : []),
    ['ExchangeApiError', op.auth === 'none'
      ? 'the service refused the call (`code`, `codeNum`, `status`; `kind` is `api` or `rate-limit`)'
      : 'the service refused the call (`code`, `codeNum`, `status`; `kind` is `auth`, `permission`, `rate-limit` or `api`)'],
    ['ExchangeNetworkError', 'no answer: the network failed, `timeoutMs` passed or `signal` aborted'],
    ...(op.method === 'GET'
      ? [['ExchangeRedirectError', 'the service answered with a redirect, which is never followed'] as [string, string]]
      : [['OrderOutcomeUnknownError', 'the request left and no answer proved it refused: it may have been applied; `reconcile` or look it up, never resend under a new id'] as [string, string]]),
    ['ExchangeResponseError', 'the answer is not the service\'s envelope, or (with `validateResponses`) breaks the response schema'],
  ]
}

const summaryOf = (op: Operation<any, any>) => {
  if (!op.summary) throw new Error(`${op.method} ${op.path} has no summary`)
  return `${op.summary.replace(/\.$/, '')}.`
}

/** The JSDoc block of the method, indented for an interface member. */
export function jsdoc(entry: Documented, indent = '  '): string {
  const { op } = entry
  const fields = fieldsOf(entry.group, entry.name, op)
  const lines = [
    summaryOf(op),
    '',
    `Who may call it: ${WHO[op.auth]}. HTTP: \`${op.method} ${op.path}\`.`,
    ...(fields.length ? ['', 'Input:', ...fields.map((field) => `- ${fieldLine(field)}`)] : []),
    '',
    '@example',
    '```ts',
    exampleOf(entry),
    '```',
    ...throwsOf(op).map(([name, when]) => `@throws {${name}} ${when}`),
    `@see {@link ${README_URL} README: The API} · {@link ${ERRORS_URL} Errors}`,
  ]
  return [`${indent}/**`, ...lines.map((line) => (line ? `${indent} * ${line}` : `${indent} *`)), `${indent} */`].join('\n')
}

/** The entry of docs/api.md. */
export function markdown(entry: Documented): string {
  const { op } = entry
  const fields = fieldsOf(entry.group, entry.name, op)
  return [
    `### \`${entry.receiver}.${entry.name}\``,
    '',
    summaryOf(op),
    '',
    `- Who may call it: ${WHO[op.auth]}`,
    `- HTTP: \`${op.method} ${op.path}\``,
    ...(fields.length ? ['- Input:', ...fields.map((field) => `  - ${fieldLine(field)}`)] : ['- Input: none']),
    `- Throws: ${throwsOf(op).map(([name]) => `\`${name}\``).join(', ')}`,
    '',
    '```ts',
    exampleOf(entry),
    '```',
  ].join('\n')
}
