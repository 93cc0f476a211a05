/** The list shapes of the operations table in README.md: page lists, cursor lists and plain `limit`. */
import { invalidParams } from './errors.ts'
import { Fields } from './input.ts'

/** A page list: the items of one page, and where it sits among the others. */
export interface Page<T> {
  items: T[]
  pagination: { page: number; pageSize: number; totalItems: number; totalPages: number; hasNext: boolean; hasPrev: boolean }
}

/** A cursor list: `nextCursor` is passed back as `cursor`; `null` on the last page. */
export interface CursorPage<T> {
  items: T[]
  nextCursor: string | null
}

/** `limit` from the query: default `fallback`, at most `most`. */
export function limitOf(query: URLSearchParams, fallback = 50, most = 100): number {
  return Fields.query(query).optionalInteger('limit', 1, most) ?? fallback
}

/** `page` (1-based) and `pageSize` (default 20, at most 100; `limit` is read as pageSize too). */
export function pageOf<T>(items: readonly T[], query: URLSearchParams): Page<T> {
  const fields = Fields.query(query)
  const page = fields.optionalInteger('page', 1, 1_000_000) ?? 1
  const pageSize = fields.optionalInteger('pageSize', 1, 100) ?? fields.optionalInteger('limit', 1, 100) ?? 20
  const totalItems = items.length
  const totalPages = Math.ceil(totalItems / pageSize)
  return {
    items: items.slice((page - 1) * pageSize, page * pageSize),
    pagination: { page, pageSize, totalItems, totalPages, hasNext: page < totalPages, hasPrev: page > 1 },
  }
}

/** `limit` items after the one whose key is `cursor` (items come newest first). */
export function cursorOf<T>(items: readonly T[], query: URLSearchParams, key: (item: T) => string): CursorPage<T> {
  const limit = limitOf(query)
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
