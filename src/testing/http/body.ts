import { failures } from './failures.ts'

const NO_BODY = new Uint8Array(0)

/**
 * The request body as the bytes that arrived, refused with 413 REQ_TOO_LARGE as soon as it passes
 * `maxBytes`: a declared Content-Length over the limit is refused before reading, a stream is
 * cancelled at the first chunk past it, so the rest is never read.
 */
export async function readBody(request: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = request.headers.get('content-length')
  if (declared !== null && Number(declared) > maxBytes) {
    await request.body?.cancel().catch(() => undefined)
    throw failures.tooLarge(maxBytes)
  }
  if (!request.body) return NO_BODY
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined)
      throw failures.tooLarge(maxBytes)
    }
    chunks.push(value)
  }
  if (chunks.length === 1) return chunks[0]!
  const body = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    body.set(chunk, offset)
    offset += chunk.byteLength
  }
  return body
}

/**
 * A body that starts with a UTF-8 byte order mark is refused (400 REQ_INVALID_JSON), before the
 * signature is checked: the signed bytes are the bytes sent, and a decoder that silently dropped the
 * mark would parse one text while the signature covered another. JSON has no BOM (RFC 8259 §8.1).
 */
export function refuseByteOrderMark(body: Uint8Array): void {
  if (body.length >= 3 && body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) {
    throw failures.invalidJson('the body starts with a UTF-8 byte order mark (EF BB BF); send JSON without one')
  }
}

/** Strict UTF-8 (no replacement characters, no BOM stripped), then JSON; undefined for an empty body. */
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

export function parseJsonBody(body: Uint8Array): unknown {
  if (body.length === 0) return undefined
  let text: string
  try {
    text = utf8.decode(body)
  } catch {
    throw failures.invalidJson('the body is not valid UTF-8')
  }
  try {
    return JSON.parse(text)
  } catch (error) {
    throw failures.invalidJson((error as Error).message)
  }
}
