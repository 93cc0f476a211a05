// A fetch test double for transport unit tests: records every request as it would go on the wire.

export interface Sent {
  method: string
  url: URL
  headers: Headers
  body: string
}

export type Reply = Response | Error | ((sent: Sent, attempt: number) => Response | Error | Promise<Response | Error>)

export function envelopeResponse(data: unknown, init: { status?: number; headers?: Record<string, string>; serverTime?: number } = {}): Response {
  return new Response(
    JSON.stringify({ success: true, data, error: null, meta: { requestId: 'req-1', timestamp: init.serverTime ?? Date.now() } }),
    { status: init.status ?? 200, headers: { 'content-type': 'application/json', ...init.headers } },
  )
}

export function errorResponse(status: number, code: string, codeNum: number, headers: Record<string, string> = {}, serverTime = Date.now()): Response {
  return new Response(
    JSON.stringify({ success: false, data: null, error: { code, codeNum, message: `${code} happened` }, meta: { requestId: 'req-err', timestamp: serverTime } }),
    { status, headers: { 'content-type': 'application/json', ...headers } },
  )
}

/** Answers with `replies` in turn (the last one repeats); `sent` holds what was sent. */
export function fetchDouble(...replies: Reply[]) {
  const sent: Sent[] = []
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init)
    const record: Sent = { method: request.method, url: new URL(request.url), headers: request.headers, body: await request.text() }
    sent.push(record)
    const reply = replies[Math.min(sent.length - 1, replies.length - 1)]!
    const result = typeof reply === 'function' ? await reply(record, sent.length) : reply
    if (result instanceof Error) throw result
    return result.clone()
  }
  return { fetch: fetch as typeof globalThis.fetch, sent }
}

/** A server that never answers; like a real fetch, it rejects when the request's signal aborts. */
export const hangingFetch: typeof globalThis.fetch = (input) => new Promise((_, reject) => {
  const { signal } = input as Request
  if (signal.aborted) reject(signal.reason)
  signal.addEventListener('abort', () => reject(signal.reason))
})
