import { ExchangeResponseError } from '../errors.ts'
import type { CallOptions } from './operation.ts'
import type { CursorPage, OffsetPage, Page } from './response-shapes.ts'

type List<T> = Page<T> | CursorPage<T> | OffsetPage<T>
type ListMethod<I, T> = (input: I, options?: CallOptions) => Promise<List<T>>

export interface PaginateOptions extends CallOptions {
  /** Pages fetched at most: past them, a list that has not ended throws. Default: no limit. */
  maxPages?: number
}

/**
 * Walks a paginated list item by item: page lists (`page`, `pagination.hasNext`), cursor lists
 * (`cursor`, `nextCursor`) and offset lists (`offset`, `total`) alike. Pages are fetched one at a
 * time, as the loop asks for them.
 *
 *   for await (const order of paginate(client.perp.listOrderHistory, { market: 'BTC-USDC' })) …
 */
export async function* paginate<I, T>(method: ListMethod<I, T>, input?: I, options?: PaginateOptions): AsyncGenerator<T, void, undefined> {
  // Anything but an object goes to the method as given, whose validation names what is wrong.
  const isObject = typeof input === 'object' && input !== null && !Array.isArray(input)
  let query = (isObject ? { ...input } : input ?? {}) as Record<string, unknown>
  for (let pages = 0; ; ) {
    if (++pages > (options?.maxPages ?? Infinity)) throw new ExchangeResponseError(200, `the list went past ${pages - 1} pages (maxPages)`)
    const data = await method(query as I, options)
    const next = Array.isArray(data?.items) ? nextQuery(data, query) : undefined
    if (next === undefined) {
      throw new ExchangeResponseError(200, 'paginate() needs a page list ({ items, pagination }), a cursor list ({ items, nextCursor }) or an offset list ({ items, total, offset })')
    }
    yield* data.items
    if (next === null) return
    query = next
  }
}

/** The query of the next page; `null` after the last one; `undefined` when `data` is no list paginate knows. */
function nextQuery<T>(data: List<T>, query: Record<string, unknown>): Record<string, unknown> | null | undefined {
  if (isPage(data)) return data.pagination.hasNext ? { ...query, page: (typeof query.page === 'number' ? query.page : 1) + 1 } : null
  if (isCursorPage(data)) {
    if (data.nextCursor === null) return null
    if (data.nextCursor === query.cursor) throw new ExchangeResponseError(200, `the list handed back the cursor it was given (${data.nextCursor})`)
    return { ...query, cursor: data.nextCursor }
  }
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
