import { ExchangeResponseError, ExchangeValidationError } from '../errors.ts'
import type { CallOptions } from './operation.ts'
import type { CursorPage, OffsetPage, Page } from './response-shapes.ts'

type List<T> = Page<T> | CursorPage<T> | OffsetPage<T>
export type ListMethod<I, T> = (input: I, options?: CallOptions) => Promise<List<T>>

/** Pages a walk fetches unless `maxPages` says otherwise: a list that never ends throws rather than loops. */
const DEFAULT_MAX_PAGES = 1_000

export interface PaginateOptions extends CallOptions {
  /**
   * Pages fetched at most: past them, a list that has not ended throws (an `ExchangeResponseError`;
   * the items already yielded stay yours). Default 1,000; `Infinity` walks without a bound.
   */
  maxPages?: number
}

/**
 * Walks a paginated list item by item: page lists (`page`, `pagination.hasNext`), cursor lists
 * (`cursor`, `nextCursor`) and offset lists (`offset`, `total`) alike. Pages are fetched one at a
 * time, as the loop asks for them. A list that does not end within `maxPages` pages (default 1,000),
 * or a cursor list whose service hands back a cursor it gave before, throws an `ExchangeResponseError`
 * rather than loop.
 *
 *   for await (const order of paginate(client.perp.listOrderHistory, { market: 'BTC-USDC' })) …
 */
export async function* paginate<I, T>(method: ListMethod<I, T>, input?: I, options?: PaginateOptions): AsyncGenerator<T, void, undefined> {
  // Anything but an object goes to the method as given, whose validation names what is wrong.
  const isObject = typeof input === 'object' && input !== null && !Array.isArray(input)
  let query = (isObject ? { ...input } : input ?? {}) as Record<string, unknown>
  const maxPages = pageLimit(options?.maxPages)
  // Every cursor sent: one handed back again (the same, or an earlier one) would walk in a circle.
  const cursors = new Set<unknown>([query.cursor])
  for (let pages = 0; ; ) {
    if (++pages > maxPages) throw new ExchangeResponseError(200, `the list went past ${maxPages} pages (maxPages); raise maxPages to walk further`)
    const data = await method(query as I, options)
    const next = Array.isArray(data?.items) ? nextQuery(data, query) : undefined
    if (next === undefined) {
      throw new ExchangeResponseError(200, 'paginate() needs a page list ({ items, pagination }), a cursor list ({ items, nextCursor }) or an offset list ({ items, total, offset })')
    }
    yield* data.items
    if (next === null) return
    if (!isPage(data) && isCursorPage(data)) {
      if (cursors.has(next.cursor)) throw new ExchangeResponseError(200, `the service repeated cursor ${JSON.stringify(next.cursor)}: the list would be walked in a circle`)
      cursors.add(next.cursor)
    }
    query = next
  }
}

/** `maxPages`, checked before any request: a whole number from 1, or `Infinity`. */
function pageLimit(maxPages: unknown = DEFAULT_MAX_PAGES): number {
  if (maxPages === Infinity || (Number.isSafeInteger(maxPages) && (maxPages as number) >= 1)) return maxPages as number
  throw new ExchangeValidationError('maxPages', typeof maxPages === 'number' ? 'range' : 'type', 'maxPages: must be a whole number of pages from 1, or Infinity')
}

/** The query of the next page; `null` after the last one; `undefined` when `data` is no list paginate knows. */
function nextQuery<T>(data: List<T>, query: Record<string, unknown>): Record<string, unknown> | null | undefined {
  if (isPage(data)) return data.pagination.hasNext ? { ...query, page: (typeof query.page === 'number' ? query.page : 1) + 1 } : null
  if (isCursorPage(data)) return data.nextCursor === null ? null : { ...query, cursor: data.nextCursor }
  if (isOffsetPage(data)) {
    const offset = data.offset + data.items.length
    return data.items.length > 0 && offset < data.total ? { ...query, offset } : null
  }
  return undefined
}

function isPage<T>(data: List<T>): data is Page<T> {
  return typeof (data as Page<T>).pagination?.hasNext === 'boolean'
}

function isCursorPage<T>(data: List<T>): data is CursorPage<T> {
  const next = (data as Partial<CursorPage<T>>).nextCursor
  return typeof next === 'string' || next === null
}

function isOffsetPage<T>(data: List<T>): data is OffsetPage<T> {
  const { total, offset } = data as Partial<OffsetPage<T>>
  return typeof total === 'number' && typeof offset === 'number'
}
