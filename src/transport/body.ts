import { ExchangeNetworkError, ExchangeResponseError } from './errors.ts'

const decoder = /* @__PURE__ */ new TextDecoder()

/**
 * Reads a body as text, refusing one larger than `maxBytes` and one that stalls past `timeoutMs`
 * (a server that sends headers and then nothing must not hang the caller), and stopping when
 * `signal` fires.
 */
export async function readBodyText(response: Response, maxBytes: number, timeoutMs: number | false, signal?: AbortSignal): Promise<string> {
  const declared = Number(response.headers.get('content-length'))
  if (declared > maxBytes) {
    void response.body?.cancel().catch(() => undefined)
    throw new ExchangeResponseError(response.status, `the body is ${declared} bytes, over the ${maxBytes}-byte limit (maxResponseBytes)`)
  }
  const reader = response.body?.getReader()
  if (!reader) return ''
  const status = `HTTP ${response.status}`
  let timer: ReturnType<typeof setTimeout> | undefined
  let onAbort: (() => void) | undefined
  const stopped = new Promise<never>((_, reject) => {
    const stop = (error: ExchangeNetworkError) => {
      reject(error)
      void reader.cancel().catch(() => undefined)
    }
    if (timeoutMs !== false) {
      timer = setTimeout(() => stop(new ExchangeNetworkError('timeout', `${status}: the response body did not finish within ${timeoutMs} ms`)), timeoutMs)
    }
    onAbort = () => stop(new ExchangeNetworkError('aborted', `${status}: reading the response body was aborted`, { cause: signal?.reason }))
    signal?.addEventListener('abort', onAbort, { once: true })
  })
  stopped.catch(() => undefined) // only read while racing
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    for (;;) {
      if (signal?.aborted) onAbort!()
      const { done, value } = await Promise.race([reader.read(), stopped])
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
    throw new ExchangeNetworkError('network', `${status}: the connection broke while reading the response body`, { cause })
  } finally {
    clearTimeout(timer)
    if (onAbort) signal?.removeEventListener('abort', onAbort)
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
