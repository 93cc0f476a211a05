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

describe('watch waits within [intervalMs, maxBackoffMs] whatever the server hints', () => {
  it('a Retry-After of 0 waits the interval: 50 such answers take 50 intervals, not one burst', async () => {
    const { read, startedAt } = scripted<unknown>([...Array.from({ length: 50 }, () => failure('rate-limit', 429, 0)), 'ok'])
    const retries: number[] = []
    const seen = watch(read, undefined, { intervalMs: 1000, onRetry: (_error, delayMs) => retries.push(delayMs) })
    const first = seen.next()
    await vi.advanceTimersByTimeAsync(3000)
    // Polls at 0, 1000, 2000 and 3000 ms: four in three seconds.
    expect(read).toHaveBeenCalledTimes(4)
    expect(startedAt).toEqual([0, 1000, 2000, 3000])
    expect(retries).toEqual([1000, 1000, 1000, 1000])
    await vi.advanceTimersByTimeAsync(50_000)
    expect((await first).value).toBe('ok')
    await seen.return()
  })

  it('negative, non-finite, past-2^31 and day-long hints wait at least the interval and at most maxBackoffMs', async () => {
    const hints = [-5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 31 + 1000, 86_400_000, 4000]
    const { read, startedAt } = scripted<unknown>([...hints.map((hint) => failure('rate-limit', 429, hint)), 'ok'])
    const retries: number[] = []
    const seen = watch(read, undefined, { intervalMs: 1000, maxBackoffMs: 10_000, onRetry: (_error, delayMs) => retries.push(delayMs) })
    const first = seen.next()
    await vi.advanceTimersByTimeAsync(39_000)
    // A hint below or above the bounds is clamped; NaN is no hint (the interval doubles per failure in a row).
    expect(retries).toEqual([1000, 4000, 10_000, 10_000, 10_000, 4000])
    expect(startedAt).toEqual([0, 1000, 5000, 15_000, 25_000, 35_000, 39_000])
    expect((await first).value).toBe('ok')
    await seen.return()
  })

  it('refuses an interval or a cap that is no pause setTimeout keeps, before polling', async () => {
    const { read } = scripted(['a'])
    for (const [options, field] of [
      [{ intervalMs: 0 }, 'intervalMs'],
      [{ intervalMs: Number.NaN }, 'intervalMs'],
      [{ maxBackoffMs: 2 ** 31 }, 'maxBackoffMs'],
      [{ intervalMs: 5000, maxBackoffMs: 1000 }, 'maxBackoffMs'],
    ] as const) {
      await expect(watch(read, undefined, options).next()).rejects.toMatchObject({ kind: 'validation', field, message: expect.stringContaining('1 <= intervalMs <= maxBackoffMs < 2^31') })
    }
    expect(read).not.toHaveBeenCalled()
  })
})

describe('watch yields changes, not new timestamps', () => {
  it('an answer that differs from the last only by its own timestamp is not yielded', async () => {
    const { read } = scripted([
      { market: 'BTC-USDC', bids: [['1', '2']], timestamp: 1 },
      { market: 'BTC-USDC', bids: [['1', '2']], timestamp: 2 },
      { market: 'BTC-USDC', bids: [['1', '2']], timestamp: 3 },
      { market: 'BTC-USDC', bids: [['1', '3']], timestamp: 4 },
    ])
    const seen = watch(read, undefined, { intervalMs: 1000 })
    expect((await seen.next()).value).toMatchObject({ timestamp: 1 })
    const second = seen.next()
    await vi.advanceTimersByTimeAsync(3000)
    expect((await second).value).toEqual({ market: 'BTC-USDC', bids: [['1', '3']], timestamp: 4 })
    expect(read).toHaveBeenCalledTimes(4)
    await seen.return()
  })

  it('several answers read together (Promise.all) differ only by each one\'s timestamp: not yielded; a nested timestamp still counts', async () => {
    const { read } = scripted([
      [{ lastPrice: '10', timestamp: 1 }, { bids: [], timestamp: 1 }],
      [{ lastPrice: '10', timestamp: 2 }, { bids: [], timestamp: 2 }],
      [{ lastPrice: '10', timestamp: 3 }, { bids: [{ price: '9', timestamp: 3 }], timestamp: 3 }],
    ])
    const seen = watch(read, undefined, { intervalMs: 1000 })
    expect((await seen.next()).value).toEqual([{ lastPrice: '10', timestamp: 1 }, { bids: [], timestamp: 1 }])
    const second = seen.next()
    await vi.advanceTimersByTimeAsync(2000)
    expect((await second).value).toEqual([{ lastPrice: '10', timestamp: 3 }, { bids: [{ price: '9', timestamp: 3 }], timestamp: 3 }])
    expect(read).toHaveBeenCalledTimes(3)
    await seen.return()
  })

  it('takes the caller\'s equals: here, a change of lastPrice only', async () => {
    const { read } = scripted([
      { lastPrice: '10', volume: '1' },
      { lastPrice: '10', volume: '2' },
      { lastPrice: '11', volume: '2' },
    ])
    const compared: unknown[][] = []
    const seen = watch(read, undefined, {
      intervalMs: 1000,
      equals: (previous, next) => {
        compared.push([previous, next])
        return previous.lastPrice === next.lastPrice
      },
    })
    expect((await seen.next()).value).toEqual({ lastPrice: '10', volume: '1' })
    const second = seen.next()
    await vi.advanceTimersByTimeAsync(2000)
    expect((await second).value).toEqual({ lastPrice: '11', volume: '2' })
    expect(compared).toHaveLength(2)
    await seen.return()
  })
})

describe('watch surfaces an answer it cannot read as an SDK error', () => {
  it('an answer nested 200,000 deep: an ExchangeResponseError, not a RangeError', async () => {
    const deep = JSON.parse(`{"a":${'['.repeat(200_000)}${']'.repeat(200_000)}}`) as unknown
    const caught = await watch(async () => deep, undefined).next().catch((error: unknown) => error)
    expect(caught).not.toBeInstanceOf(RangeError)
    expect(caught).toMatchObject({ kind: 'response', name: 'ExchangeResponseError', message: expect.stringContaining('nested too deep to compare') })
    expect(vi.getTimerCount()).toBe(0)
  })
})
