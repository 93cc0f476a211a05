import { ExchangeResponseError } from '../transport/errors.ts'
import type { CallOptions } from './operation.ts'
import type { CursorPage, Page } from './schemas.ts'

type ListMethod<I, T> = (input: I, options?: CallOptions) => Promise<Page<T> | CursorPage<T>>

/**
 * Walks a paginated list item by item: page lists (`page`, `pagination.hasNext`) and cursor lists
 * (`cursor`, `nextCursor`) alike. Pages are fetched one at a time, as the loop asks for them.
 *
 *   for await (const order of paginate(client.perp.getOrderHistory, { market: 'BTC-USDC' })) …
 */
export async function* paginate<I, T>(method: ListMethod<I, T>, input?: I, options?: CallOptions): AsyncGenerator<T, void, undefined> {
  let query = { ...input } as Record<string, unknown>
  let page = typeof query.page === 'number' ? query.page : 1
  for (;;) {
    const data = await method(query as I, options)
    if (!Array.isArray(data?.items) || !(isPage(data) || isCursorPage(data))) {
      throw new ExchangeResponseError(200, 'paginate() needs a page list ({ items, pagination }) or a cursor list ({ items, nextCursor })')
    }
    yield* data.items
    if (isPage(data)) {
      if (!data.pagination.hasNext) return
      page += 1
      query = { ...query, page }
    } else {
      if (data.nextCursor === null) return
      if (data.nextCursor === query.cursor) throw new ExchangeResponseError(200, `the list handed back the cursor it was given (${data.nextCursor})`)
      query = { ...query, cursor: data.nextCursor }
    }
  }
}

function isPage<T>(data: Page<T> | CursorPage<T>): data is Page<T> {
  return typeof (data as Page<T>).pagination?.hasNext === 'boolean'
}

function isCursorPage<T>(data: Page<T> | CursorPage<T>): data is CursorPage<T> {
  return typeof data.nextCursor === 'string' || data.nextCursor === null
}
