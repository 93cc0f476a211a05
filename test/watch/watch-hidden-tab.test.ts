// @vitest-environment happy-dom
// watch in a page: no poll while the tab is hidden; the first poll comes as soon as it is shown again.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { watch } from '../../src/watch.ts'

let visibility: 'visible' | 'hidden' = 'visible'
const show = (state: 'visible' | 'hidden') => {
  visibility = state
  document.dispatchEvent(new Event('visibilitychange'))
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 })
  visibility = 'visible'
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility })
})
afterEach(() => {
  vi.useRealTimers()
})

describe('watch in a hidden tab', () => {
  it('stops polling while hidden and polls at once when shown', async () => {
    const startedAt: number[] = []
    const read = async () => {
      startedAt.push(Date.now())
      return startedAt.length
    }
    const seen = watch(read, undefined, { intervalMs: 1000 })
    await seen.next()
    const next = seen.next()
    show('hidden')
    await vi.advanceTimersByTimeAsync(60_000)
    expect(startedAt).toEqual([0])
    show('visible')
    expect((await next).value).toBe(2)
    expect(startedAt).toEqual([0, 60_000])
    await seen.return()
    expect(vi.getTimerCount()).toBe(0)
  })

  it('hidden before the interval ran out: waits for the interval after it is shown again', async () => {
    const startedAt: number[] = []
    const seen = watch(async () => startedAt.push(Date.now()), undefined, { intervalMs: 1000 })
    await seen.next()
    const next = seen.next()
    show('hidden')
    await vi.advanceTimersByTimeAsync(300)
    show('visible')
    await vi.advanceTimersByTimeAsync(700)
    await next
    expect(startedAt).toEqual([0, 1000])
    await seen.return()
  })

  it('does not start while the tab is hidden, and an abort while hidden ends it with no listener or timer left', async () => {
    show('hidden')
    const removed = vi.spyOn(document, 'removeEventListener')
    const controller = new AbortController()
    const read = vi.fn(async () => 'a')
    const next = watch(read, undefined, { signal: controller.signal }).next()
    await vi.advanceTimersByTimeAsync(10_000)
    expect(read).not.toHaveBeenCalled()
    controller.abort()
    expect(await next).toEqual({ done: true, value: undefined })
    expect(removed).toHaveBeenCalledWith('visibilitychange', expect.any(Function))
    expect(vi.getTimerCount()).toBe(0)
  })
})
