import { ExchangeNetworkError, ExchangeResponseError } from '../errors.ts'

const decoder = /* @__PURE__ */ new TextDecoder()

/**
 * Reads a body as text, refusing one larger than `maxBytes` and one that stalls past `timeoutMs`
 * (a server that sends headers and then nothing must not hang the caller).
 * Not ky's: its `timeout` ends when the headers arrive, and it has no size limit.
 */
export async function readBodyText(response: Response, maxBytes: number, timeoutMs: number | false, signal?: AbortSignal): Promise<string> {
  const declared = Number(response.headers.get('content-length'))
  if (declared > maxBytes) {
    void response.body?.cancel().catch(() => undefined)
    throw new ExchangeResponseError(response.status, `the body is ${declared} bytes, over the ${maxBytes}-byte limit (maxResponseBytes)`)
  }
  const reader = response.body?.getReader()
  if (!reader) return ''
  // A stall cancels the reader, which ends the pending read: no race per chunk.
  let stalled: ExchangeNetworkError | undefined
  const timer = timeoutMs === false
    ? undefined
    : setTimeout(() => {
      stalled = new ExchangeNetworkError('timeout', `HTTP ${response.status}: the response body did not finish within ${timeoutMs} ms`, { code: 'ETIMEDOUT' })
      void reader.cancel(stalled).catch(() => undefined)
    }, timeoutMs)
  // A plugged-in fetch need not tie its body to the request's signal: cancel the reader on abort too.
  const onAbort = () => void reader.cancel(signal?.reason).catch(() => undefined)
  if (signal?.aborted) onAbort()
  else signal?.addEventListener('abort', onAbort, { once: true })
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (stalled) throw stalled
      if (signal?.aborted) throw signal.reason
      if (done) break
      size += value.byteLength
      if (size > maxBytes) {
        void reader.cancel().catch(() => undefined)
        throw new ExchangeResponseError(response.status, `the body is over the ${maxBytes}-byte limit (maxResponseBytes)`)
      }
      chunks.push(value)
    }
  } catch (cause) {
    if (cause instanceof ExchangeResponseError || cause instanceof ExchangeNetworkError) throw cause
    // fetch errors the body when the request's signal fires.
    const aborted = signal?.aborted === true
    throw new ExchangeNetworkError(aborted ? 'aborted' : 'network', `HTTP ${response.status}: the response body ${aborted ? 'was aborted' : 'broke off'}`, { cause })
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', onAbort)
  }
  if (chunks.length === 1) return decoder.decode(chunks[0])
  const all = new Uint8Array(size)
  let at = 0
  for (const chunk of chunks) {
    all.set(chunk, at)
    at += chunk.byteLength
  }
  return decoder.decode(all)
}
