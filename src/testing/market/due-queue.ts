/** A min-heap of ids by time: what is due is found without looking at what is not. */
export class DueQueue {
  readonly #heap: { at: number; id: string }[] = []

  get size(): number {
    return this.#heap.length
  }

  push(at: number, id: string): void {
    const heap = this.#heap
    heap.push({ at, id })
    let index = heap.length - 1
    while (index > 0) {
      const parent = (index - 1) >> 1
      if (heap[parent]!.at <= heap[index]!.at) break
      ;[heap[parent], heap[index]] = [heap[index]!, heap[parent]!]
      index = parent
    }
  }

  /** The id with the earliest time if it is at or before `now`, taken off the queue; else undefined. */
  popDue(now: number): string | undefined {
    const heap = this.#heap
    const top = heap[0]
    if (!top || top.at > now) return undefined
    const last = heap.pop()!
    if (heap.length > 0) {
      heap[0] = last
      let index = 0
      for (;;) {
        const left = 2 * index + 1
        const right = left + 1
        let smallest = index
        if (left < heap.length && heap[left]!.at < heap[smallest]!.at) smallest = left
        if (right < heap.length && heap[right]!.at < heap[smallest]!.at) smallest = right
        if (smallest === index) break
        ;[heap[smallest], heap[index]] = [heap[index]!, heap[smallest]!]
        index = smallest
      }
    }
    return top.id
  }
}
