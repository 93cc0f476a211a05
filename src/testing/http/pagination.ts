import { failures } from './failures.ts'

function positiveInteger(query: URLSearchParams, name: string, fallback: number, max: number): number {
  const raw = query.get(name)
  const number = raw === null ? fallback : Number(raw)
  if (!Number.isInteger(number) || number < 1 || number > max) throw failures.invalidParams(name, `must be an integer from 1 to ${max}`)
  return number
}

/** A page list (`{ items, pagination }`) from the query's 1-based `page` and `pageSize` (default 20, max 100). */
export function pageList<T>(all: readonly T[], query: URLSearchParams) {
  const page = positiveInteger(query, 'page', 1, Number.MAX_SAFE_INTEGER)
  const pageSize = positiveInteger(query, 'pageSize', 20, 100)
  const totalPages = Math.ceil(all.length / pageSize)
  return {
    items: all.slice((page - 1) * pageSize, page * pageSize),
    pagination: { page, pageSize, totalItems: all.length, totalPages, hasNext: page < totalPages, hasPrev: page > 1 },
  }
}
