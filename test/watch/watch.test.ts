// watch: change detection, backoff, abort, leaving the loop, no overlapping polls, no leaked timer.
// Fake timers move time; expected waits come from the documented rule (interval doubled per failure
// in a row, capped; the server's Retry-After first).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { watch } from '../../src/watch.ts'

const failure = (kind: string, status: number, retryAfterMs?: number) => Object.assign(new Error(`${kind} ${status}`), { kind, status, retryAfterMs })

/** A read answering from a script (a value, or an error to throw), recording when each poll started. */
function scripted<T>(answers: readonly (T | Error)[]) {
  const startedAt: number[] = []
  const signals: AbortSignal[] = []
  const read = vi.fn(async (_input: unknown, call?: { signal?: AbortSignal }) => {
    startedAt.push(Date.now())
    signals.push(call!.signal!)
    const answer = answers[Math.min(startedAt.length - 1, answers.length - 1)]!
    if (answer instanceof Error) throw answer
    return structuredClone(answer)
  })
  return { read, startedAt, signals }
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 })
})
afterEach(() => {
  vi.useRealTimers()
})

describe('watch yields fresh answers', () => {
  it('yields the first answer at once, then only answers whose JSON changed', async () => {
    const { read, startedAt } = scripted([{ bids: [['1', '2']] }, { bids: [['1', '2']] }, { bids: [['1', '3']] }, { bids: [['1', '3']] }, { bids: [['1', '2']] }])
    const seen = watch(read, { market: 'BTC-USDC' }, { intervalMs: 1000 })
    expect((await seen.next()).value).toEqual({ bids: [['1', '2']] })
    const second = seen.next()
    await vi.advanceTimersByTimeAsync(2000)
    expect((await second).value).toEqual({ bids: [['1', '3']] })
    const third = seen.next()
    await vi.advanceTimersByTimeAsync(2000)
    expect((await third).value).toEqual({ bids: [['1', '2']] })
    expect(startedAt).toEqual([0, 1000, 2000, 3000, 4000])
    expect(read).toHaveBeenCalledWith({ market: 'BTC-USDC' }, expect.objectContaining({ signal: expect.any(AbortSignal) }))
    await seen.return()
  })

  it('a caller changing a yielded answer does not hide the next change', async () => {
    const { read } = scripted([{ price: '1' }, { price: '2' }])
    const seen = watch(read, undefined, { intervalMs: 10 })
    const first = (await seen.next()).value as { price: string }
    first.price = '2'
    const next = seen.next()
    await vi.advanceTimersByTimeAsync(10)
    expect((await next).value).toEqual({ price: '2' })
    await seen.return()
  })
})

describe('watch backs off', () => {
  it('waits the Retry-After of a 429, then doubles the interval per 5xx in a row, and polls at the interval once answered', async () => {
    const { read, startedAt } = scripted<unknown>([failure('rate-limit', 429, 5000), failure('api', 503), failure('response', 502), 'ok', 'ok', 'changed'])
    const retries: number[] = []
    const seen = watch(read, undefined, { intervalMs: 1000, onRetry: (_error, delayMs) => retries.push(delayMs) })
    const first = seen.next()
    await vi.advanceTimersByTimeAsync(17_000)
    expect((await first).value).toBe('ok')
    expect(retries).toEqual([5000, 4000, 8000])
    const second = seen.next()
    await vi.advanceTimersByTimeAsync(2000)
    expect((await second).value).toBe('changed')
    expect(startedAt).toEqual([0, 5000, 9000, 17_000, 18_000, 19_000])
    await seen.return()
  })

  it('caps the pause at maxBackoffMs', async () => {
    const { read } = scripted<unknown>([failure('network', 0), failure('network', 0), failure('network', 0), failure('timeout', 0), 'ok'])
    const retries: number[] = []
    const seen = watch(read, undefined, { intervalMs: 1000, maxBackoffMs: 5000, onRetry: (_error, delayMs) => retries.push(delayMs) })
    const first = seen.next()
    await vi.advanceTimersByTimeAsync(60_000)
    expect((await first).value).toBe('ok')
    expect(retries).toEqual([2000, 4000, 5000, 5000])
    await seen.return()
  })

  it('ends by throwing on a failure that waiting does not cure (4xx, auth), with no timer left', async () => {
    const refused = failure('api', 400)
    const { read } = scripted<unknown>(['ok', refused])
    const seen = watch(read, undefined, { intervalMs: 1000 })
    await seen.next()
    const next = seen.next()
    const caught = next.catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(1000)
    expect(await caught).toBe(refused)
    expect(vi.getTimerCount()).toBe(0)
  })
})

describe('watch stops', () => {
  it('on abort during the pause: the loop ends quietly, no timer left, no further poll', async () => {
    const { read } = scripted(['a', 'b'])
    const controller = new AbortController()
    const seen = watch(read, undefined, { intervalMs: 1000, signal: controller.signal })
    await seen.next()
    const next = seen.next()
    await vi.advanceTimersByTimeAsync(500)
    controller.abort()
    expect(await next).toEqual({ done: true, value: undefined })
    expect(vi.getTimerCount()).toBe(0)
    await vi.advanceTimersByTimeAsync(10_000)
    expect(read).toHaveBeenCalledTimes(1)
  })

  it('on abort during a poll: the poll in flight is cancelled through its signal', async () => {
    const signals: AbortSignal[] = []
    const read = (_input: unknown, call?: { signal?: AbortSignal }) => new Promise<string>((_resolve, reject) => {
      signals.push(call!.signal!)
      call!.signal!.addEventListener('abort', () => reject(failure('aborted', 0)))
    })
    const controller = new AbortController()
    const seen = watch(read, undefined, { signal: controller.signal })
    const next = seen.next()
    await vi.advanceTimersByTimeAsync(0)
    controller.abort()
    expect(await next).toEqual({ done: true, value: undefined })
    expect(signals[0]!.aborted).toBe(true)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('never starts with a signal already aborted', async () => {
    const { read } = scripted(['a'])
    expect(await watch(read, undefined, { signal: AbortSignal.abort() }).next()).toEqual({ done: true, value: undefined })
    expect(read).not.toHaveBeenCalled()
  })

  it('on break: no timer left, no poll after, the caller\'s signal loses its listener', async () => {
    const { read } = scripted(['a', 'b', 'c'])
    const controller = new AbortController()
    const removed = vi.spyOn(controller.signal, 'removeEventListener')
    const values: string[] = []
    for await (const value of watch(read, undefined, { intervalMs: 100, signal: controller.signal })) {
      values.push(value)
      if (values.length === 1) break
    }
    expect(values).toEqual(['a'])
    expect(vi.getTimerCount()).toBe(0)
    expect(removed).toHaveBeenCalledWith('abort', expect.any(Function))
    await vi.advanceTimersByTimeAsync(10_000)
    expect(read).toHaveBeenCalledTimes(1)
  })
})

describe('watch never overlaps two polls', () => {
  it('a poll slower than the interval delays the next one; at most one is in flight', async () => {
    let inFlight = 0
    let most = 0
    let polls = 0
    const read = async () => {
      inFlight++
      most = Math.max(most, inFlight)
      await new Promise((resolve) => setTimeout(resolve, 5000))
      inFlight--
      return ++polls
    }
    const seen = watch(read, undefined, { intervalMs: 100 })
    const values: number[] = []
    const collected = (async () => {
      for await (const value of seen) {
        values.push(value)
        if (values.length === 4) break
      }
    })()
    await vi.advanceTimersByTimeAsync(30_000)
    await collected
    expect(values).toEqual([1, 2, 3, 4])
    expect(most).toBe(1)
    expect(Date.now()).toBe(30_000)
    expect(vi.getTimerCount()).toBe(0)
  })
})
