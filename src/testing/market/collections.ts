/** Per-key lists (an account's orders, fills, records) kept oldest first and read newest first. */

export function append<T>(lists: Map<string, T[]>, key: string, value: T): T {
  const list = lists.get(key)
  if (list) list.push(value)
  else lists.set(key, [value])
  return value
}

export function newestFirst<T>(lists: ReadonlyMap<string, readonly T[]>, key: string): T[] {
  return [...(lists.get(key) ?? [])].reverse()
}
