// watch in real Chromium against the reference exchange: it yields live answers, and once the loop
// is left no further request goes out.
import { describe, expect, inject, it } from 'vitest'
import { ExchangeClient, watch } from '../../src/index.ts'

describe('watch in Chromium', () => {
  it('yields the ticker, then sends nothing after break', async () => {
    let requests = 0
    const counting: typeof fetch = (input, init) => {
      requests++
      return fetch(input, init)
    }
    const client = new ExchangeClient({ baseUrl: inject('exchangeUrl'), fetch: counting, retry: false })
    const seen: string[] = []
    for await (const ticker of watch(client.perp.getTicker, { market: 'BTC-USDC' }, { intervalMs: 10 })) {
      seen.push(ticker.market)
      break
    }
    expect(seen).toEqual(['BTC-USDC'])
    const sent = requests
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(requests).toBe(sent)
  })

  it('aborting ends the loop and cancels the request in flight', async () => {
    const client = new ExchangeClient({ baseUrl: inject('exchangeUrl'), retry: false })
    const controller = new AbortController()
    const books = watch(client.perp.getOrderbook, { market: 'BTC-USDC' }, { signal: controller.signal })
    const first = books.next()
    controller.abort()
    expect(await first).toEqual({ done: true, value: undefined })
  })
})
