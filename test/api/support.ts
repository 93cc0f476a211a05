// Helpers of the API tests: every descriptor with its place in the client, a recording fetch
// double, and the plan's table read from the copy in fixtures/.
import { readFileSync } from 'node:fs'
import { operationCatalog } from '../../src/api/catalog.ts'
import type { ApiGroup, Operation } from '../../src/api/operation.ts'
import { ExchangeClient, type ExchangeClientOptions } from '../../src/index.ts'
import { envelopeResponse, errorResponse, fetchDouble, type Sent } from '../support/fetch-double.ts'

export interface Described {
  group: ApiGroup
  section: string
  name: string
  op: Operation<any, any>
}

export const described: Described[] = operationCatalog.flatMap(({ group, section, operations }) =>
  Object.entries(operations).map(([name, op]) => ({ group, section, name, op })))

export const TEST_CREDENTIALS = { apiKey: `test_${'ab'.repeat(32)}`, secretKey: 'cd'.repeat(32) }

export type Recorded = Sent

/** The shared fetch double, answering from `respond` (default: success, `{}`); `index` counts from 0. */
export function recordingFetch(respond: (request: Recorded, index: number) => Response | Promise<Response> = () => envelope({})) {
  const { fetch, sent } = fetchDouble((request, attempt) => respond(request, attempt - 1))
  return { fetch, requests: sent }
}

/** A success envelope with `data`, or (status 400 and up) a 10503 UNAVAILABLE failure. */
export function envelope(data: unknown, status = 200): Response {
  return status < 400 ? envelopeResponse(data, { status }) : errorResponse(status, 'UNAVAILABLE', 10503)
}

export function testClient(fetch: typeof globalThis.fetch, options: Partial<ExchangeClientOptions> = {}): ExchangeClient {
  return new ExchangeClient({ baseUrl: 'http://exchange.test', ...TEST_CREDENTIALS, fetch, retry: false, ...options })
}

/** The method a descriptor became on the client. */
export function methodOf(client: ExchangeClient, { group, name }: Described): (...args: unknown[]) => Promise<unknown> {
  return (client as unknown as Record<string, Record<string, (...args: unknown[]) => Promise<unknown>>>)[group]![name]!
}

export interface PlanRow {
  group: string
  name: string
  method: string
  path: string
  auth: string
  source: string
  notes: string
}

/** The rows of the operations table in fixtures/operations-plan.md (a copy of the plan). */
export function planRows(): PlanRow[] {
  const text = readFileSync(new URL('./fixtures/operations-plan.md', import.meta.url), 'utf8')
  return text
    .split('\n')
    .filter((line) => /^\| [a-z(]/.test(line) && !line.startsWith('| client group'))
    .map((line) => {
      const [group, name, method, path, auth, source, notes] = line.slice(1).split(' | ').map((cell) => cell.trim())
      return { group: group!, name: name!, method: method!, path: path!, auth: auth!, source: source!, notes: (notes ?? '').replace(/\|$/, '').trim() }
    })
}

/** Authentication operations another part of the SDK provides. */
export const AUTH_OPERATIONS = ['onboard', 'rotate', 'getKeyInfo']
