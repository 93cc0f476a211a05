// The real fetch, counting what crosses the wire: every attempt (retries included), clock
// measurements, and the error code numbers the exchange answered with.

export function countingFetch(inner: typeof globalThis.fetch = globalThis.fetch) {
  const counts = { attempts: 0, clockSyncs: 0, codes: new Map<number, number>() }
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    counts.attempts++
    const url = new URL(input instanceof Request ? input.url : String(input))
    if (url.pathname === '/api/v1/system/time') counts.clockSyncs++
    const response = await inner(input, init)
    if (response.status >= 400) {
      const codeNum = await response.clone().json().then((body: { error?: { codeNum?: number } }) => body.error?.codeNum, () => undefined)
      if (typeof codeNum === 'number') counts.codes.set(codeNum, (counts.codes.get(codeNum) ?? 0) + 1)
    }
    return response
  }
  return {
    fetch: fetch as typeof globalThis.fetch,
    get attempts() {
      return counts.attempts
    },
    get clockSyncs() {
      return counts.clockSyncs
    },
    codes: counts.codes,
  }
}
