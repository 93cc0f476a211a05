/** The list shapes of the operations table in docs/operations.md: page lists, cursor lists and plain `limit`. */
import { invalidParams } from './errors.ts'
import { Fields } from './input.ts'

/** A page list: the items of one page, and where it sits among the others. */
export interface Page<T> {
  items: T[]
  pagination: { page: number; pageSize: number; totalItems: number; totalPages: number; hasNext: boolean; hasPrev: boolean }
}

export interface CursorPage<T> {
  items: T[]
  nextCursor: string | null
}

/** Lists cut to pages no larger than the exchange's `maxPageSize` policy. */
export class Lists {
  readonly maxPageSize: number

  constructor(maxPageSize: number) {
    this.maxPageSize = maxPageSize
  }

  /** `limit` from the query: default `fallback`, at most `most` (default: the page size policy). */
  limit(query: URLSearchParams, fallback = 50, most = this.maxPageSize): number {
    return Fields.query(query).optionalCount('limit', most) ?? Math.min(fallback, most)
  }

  page<T>(items: readonly T[], query: URLSearchParams): Page<T> {
    return pageOf(items, query, this.maxPageSize)
  }

  /** `limit` items after the one whose key is `cursor` (items come newest first). */
  cursor<T>(items: readonly T[], query: URLSearchParams, key: (item: T) => string): CursorPage<T> {
    const limit = this.limit(query)
    const cursor = Fields.query(query).optionalString('cursor')
    let start = 0
    if (cursor !== undefined) {
      const index = items.findIndex((item) => key(item) === cursor)
      if (index < 0) throw invalidParams('cursor', 'cursor is not one this list handed out')
      start = index + 1
    }
    const slice = items.slice(start, start + limit)
    const more = start + limit < items.length
    return { items: slice, nextCursor: more && slice.length > 0 ? key(slice[slice.length - 1]!) : null }
  }
}

/** `page` (1-based) and `pageSize` (default 20, at most `maxPageSize`; `limit` is read as pageSize too). */
export function pageOf<T>(items: readonly T[], query: URLSearchParams, maxPageSize = 100): Page<T> {
  const fields = Fields.query(query)
  const page = fields.optionalInteger('page', 1, 1_000_000) ?? 1
  const pageSize = fields.optionalCount('pageSize', maxPageSize) ?? fields.optionalCount('limit', maxPageSize) ?? Math.min(20, maxPageSize)
  const totalItems = items.length
  const totalPages = Math.ceil(totalItems / pageSize)
  return {
    items: items.slice((page - 1) * pageSize, page * pageSize),
    pagination: { page, pageSize, totalItems, totalPages, hasNext: page < totalPages, hasPrev: page > 1 },
  }
}
