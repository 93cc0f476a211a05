// One call's total time limit (totalTimeoutMs) on its own, with a fake clock: when it fires and what
// it says, how the caller's signal stops it, how a wait is raced against it, and that it lets go of
// the timer and of a caller's signal that outlives the call.
import { getEventListeners } from 'node:events'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ExchangeClient } from '../../src/index.ts'
import { Deadline } from '../../src/transport/deadline.ts'
import { ExchangeNetworkError } from '../../src/errors.ts'

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2027, 0, 1) })
})
afterEach(() => {
  vi.useRealTimers()
})

const never = new Promise<never>(() => undefined)

describe('the deadline itself', () => {
  it('fires exactly at totalMs with a timeout naming the call and the limit', () => {
    const deadline = new Deadline(1000, () => 'GET /api/v1/ticker')
    vi.advanceTimersByTime(999)
    expect(deadline.signal.aborted).toBe(false)
    expect(deadline.expired).toBe(false)
    vi.advanceTimersByTime(1)
    expect(deadline.signal.aborted).toBe(true)
    expect(deadline.expired).toBe(true)
    expect(deadline.error).toBeInstanceOf(ExchangeNetworkError)
    expect(deadline.error).toBe(deadline.signal.reason)
    expect(deadline.error).toMatchObject({
      kind: 'timeout',
      code: 'ETIMEDOUT',
      message: 'GET /api/v1/ticker did not finish within 1000 ms (totalTimeoutMs)',
    })
  })

  it('counts the time left down to zero, never below', () => {
    const deadline = new Deadline(1000, () => 'call')
    expect(deadline.remainingMs()).toBe(1000)
    vi.advanceTimersByTime(400)
    expect(deadline.remainingMs()).toBe(600)
    vi.advanceTimersByTime(1500)
    expect(deadline.remainingMs()).toBe(0)
  })
})

describe("the caller's signal", () => {
  it('stops the call with the caller\'s reason, which is no expiry', () => {
    const caller = new AbortController()
    const deadline = new Deadline(1000, () => 'call', caller.signal)
    const reason = new Error('user pressed cancel')
    caller.abort(reason)
    expect(deadline.signal.aborted).toBe(true)
    expect(deadline.signal.reason).toBe(reason)
    expect(deadline.expired).toBe(false)
  })

  it('already aborted, stops the call at once', () => {
    const caller = new AbortController()
    const reason = new Error('cancelled before the call')
    caller.abort(reason)
    const deadline = new Deadline(1000, () => 'call', caller.signal)
    expect(deadline.signal.aborted).toBe(true)
    expect(deadline.signal.reason).toBe(reason)
  })

  it('is let go of when the call ends: a signal shared by many calls keeps no listener of theirs', () => {
    const caller = new AbortController()
    const deadlines = [new Deadline(1000, () => 'a', caller.signal), new Deadline(1000, () => 'b', caller.signal)]
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(2)
    for (const deadline of deadlines) deadline.clear()
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(0)
    caller.abort(new Error('later'))
    expect(deadlines.map((deadline) => deadline.signal.aborted)).toEqual([false, false])
  })
})

describe('clear', () => {
  it('stops the timer: the deadline never fires after the call ended', () => {
    const deadline = new Deadline(1000, () => 'call')
    deadline.clear()
    vi.advanceTimersByTime(5000)
    expect(deadline.signal.aborted).toBe(false)
    expect(deadline.expired).toBe(false)
    expect(vi.getTimerCount()).toBe(0)
  })
})

describe('race (a wait that takes no signal)', () => {
  it("settles as the work does while the deadline holds, and lets go of the signal's listener", async () => {
    const deadline = new Deadline(1000, () => 'call')
    await expect(deadline.race(Promise.resolve('answer'))).resolves.toBe('answer')
    const failure = new Error('work failed')
    await expect(deadline.race(Promise.reject(failure))).rejects.toBe(failure)
    expect(getEventListeners(deadline.signal, 'abort')).toHaveLength(0)
  })

  it('rejects with the timeout when the deadline fires first', async () => {
    const deadline = new Deadline(1000, () => 'call')
    const raced = deadline.race(never)
    const settled = expect(raced).rejects.toMatchObject({ kind: 'timeout', code: 'ETIMEDOUT' })
    await vi.advanceTimersByTimeAsync(1000)
    await settled
  })

  it('rejects at once, with the reason, once the signal has already aborted', async () => {
    const caller = new AbortController()
    const reason = new Error('cancelled')
    const deadline = new Deadline(1000, () => 'call', caller.signal)
    caller.abort(reason)
    await expect(deadline.race(never)).rejects.toBe(reason)
    // Nothing left listening for an abort that already happened.
    expect(getEventListeners(deadline.signal, 'abort')).toHaveLength(0)
  })
})

describe('a call whose total time runs out while its answer is read', () => {
  it("fails with the total's timeout (totalTimeoutMs), not the body reader's", async () => {
    const stalled = (async () => new Response(new ReadableStream({ start: (controller) => controller.enqueue(new TextEncoder().encode('{"succ')) }), { status: 200 })) as typeof globalThis.fetch
    const client = new ExchangeClient({ baseUrl: 'https://api.example.test', fetch: stalled, retry: false, timeoutMs: 60_000, totalTimeoutMs: 200 })
    let failure: unknown
    let settled = false
    client.request({ method: 'GET', path: '/api/v1/perp/markets' }).catch((error: unknown) => (failure = error)).finally(() => (settled = true))
    for (let waited = 0; !settled && waited < 10_000; waited += 5) await vi.advanceTimersByTimeAsync(5)
    expect(failure).toMatchObject({
      kind: 'timeout',
      code: 'ETIMEDOUT',
      message: 'GET api.example.test:443 /api/v1/perp/markets did not finish within 200 ms (totalTimeoutMs)',
    })
  })
})
