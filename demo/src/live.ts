// The page's live data: each view is a `watch` loop of the SDK, restarted when its input changes or an
// action wants fresh numbers at once.
import { watch, type CallOptions } from 'exchange-client'

export interface LiveView {
  /** Stops the running loop and starts a new one: the first poll goes out at once. */
  restart(): void
  stop(): void
}

export interface LiveOptions<T> {
  read(call: CallOptions): Promise<T>
  show(value: T): void
  /** A passing failure (the watch waits and tries again), or, with `ended`, one that stopped the loop. */
  failed(error: unknown, ended: boolean): void
  intervalMs: number
}

export function live<T>(options: LiveOptions<T>): LiveView {
  let running: AbortController | undefined
  const stop = () => running?.abort()
  const restart = () => {
    stop()
    const mine = (running = new AbortController())
    void (async () => {
      try {
        const loop = watch((_input: undefined, call?: CallOptions) => options.read(call ?? {}), undefined, {
          intervalMs: options.intervalMs,
          signal: mine.signal,
          onRetry: (error) => options.failed(error, false),
        })
        for await (const value of loop) options.show(value)
      } catch (error) {
        if (!mine.signal.aborted) options.failed(error, true)
      }
    })()
  }
  return { restart, stop }
}
