/**
 * Positions of one market ordered by the mark price at which something happens to them (a trigger
 * fires or the position is liquidated): a price move finds the positions it reached without looking
 * at the others. Two heaps: thresholds reached by a fall (highest first) and by a rise (lowest first).
 */
import type { Decimal } from './decimal.ts'

/** The mark prices at which a position must be looked at: at or below `falls`, at or above `rises`. */
export interface Thresholds {
  falls: Decimal | undefined
  rises: Decimal | undefined
}

interface Entry<T> {
  key: Decimal
  readonly value: T
  index: number
}

/** A binary heap whose entries know their place, so one can be moved or removed in O(log n). */
class IndexedHeap<T> {
  readonly #entries: Entry<T>[] = []
  readonly #before: (a: Decimal, b: Decimal) => boolean

  constructor(before: (a: Decimal, b: Decimal) => boolean) {
    this.#before = before
  }

  peek(): Entry<T> | undefined {
    return this.#entries[0]
  }

  push(key: Decimal, value: T): Entry<T> {
    const entry = { key, value, index: this.#entries.length }
    this.#entries.push(entry)
    this.#up(entry.index)
    return entry
  }

  update(entry: Entry<T>, key: Decimal): void {
    entry.key = key
    this.#down(this.#up(entry.index))
  }

  remove(entry: Entry<T>): void {
    const last = this.#entries.pop()!
    if (last === entry) return
    this.#place(last, entry.index)
    this.#down(this.#up(last.index))
  }

  #place(entry: Entry<T>, index: number): void {
    this.#entries[index] = entry
    entry.index = index
  }

  #up(index: number): number {
    const entry = this.#entries[index]!
    while (index > 0) {
      const parent = this.#entries[(index - 1) >> 1]!
      if (!this.#before(entry.key, parent.key)) break
      this.#place(parent, index)
      index = (index - 1) >> 1
    }
    this.#place(entry, index)
    return index
  }

  #down(index: number): void {
    const entries = this.#entries
    const entry = entries[index]!
    for (;;) {
      let child = 2 * index + 1
      if (child >= entries.length) break
      if (child + 1 < entries.length && this.#before(entries[child + 1]!.key, entries[child]!.key)) child += 1
      if (!this.#before(entries[child]!.key, entry.key)) break
      this.#place(entries[child]!, index)
      index = child
    }
    this.#place(entry, index)
  }
}

export class PriceWatch<T> {
  readonly #falls = new IndexedHeap<T>((a, b) => a > b)
  readonly #rises = new IndexedHeap<T>((a, b) => a < b)
  readonly #watched = new Map<T, { falls: Entry<T> | undefined; rises: Entry<T> | undefined }>()

  /** Watches (or re-watches) `value` at these thresholds; none at all stops watching it. */
  set(value: T, thresholds: Thresholds): void {
    const watched = this.#watched.get(value) ?? { falls: undefined, rises: undefined }
    watched.falls = track(this.#falls, watched.falls, thresholds.falls, value)
    watched.rises = track(this.#rises, watched.rises, thresholds.rises, value)
    if (watched.falls || watched.rises) this.#watched.set(value, watched)
    else this.#watched.delete(value)
  }

  remove(value: T): void {
    this.set(value, { falls: undefined, rises: undefined })
  }

  /** Takes off the watch, nearest threshold first, every value whose threshold `mark` has reached. */
  reached(mark: Decimal): T[] {
    const found: T[] = []
    for (const [heap, crossed] of [[this.#falls, (key: Decimal) => mark <= key], [this.#rises, (key: Decimal) => mark >= key]] as const) {
      for (let top = heap.peek(); top && crossed(top.key); top = heap.peek()) {
        found.push(top.value)
        this.remove(top.value)
      }
    }
    return found
  }
}

function track<T>(heap: IndexedHeap<T>, entry: Entry<T> | undefined, key: Decimal | undefined, value: T): Entry<T> | undefined {
  if (key === undefined) {
    if (entry) heap.remove(entry)
    return undefined
  }
  if (!entry) return heap.push(key, value)
  heap.update(entry, key)
  return entry
}
