import { ExchangeApiError, ExchangeResponseError, type ApiErrorBody } from '../errors.ts'
import { isObject } from './prepare.ts'
import { retryHintMs } from './retry-hint.ts'

/** Every answer of the service: `{ success, data, error, meta }`. */
export interface Envelope<T = unknown> {
  success: boolean
  data?: T
  error?: ApiErrorBody | null
  meta?: { requestId: string; timestamp: number }
}

function parseJson(status: number, text: string, headers: Headers): unknown {
  try {
    return JSON.parse(text)
  } catch (cause) {
    const looksHtml = /^\s*</.test(text) || headers.get('content-type')?.includes('html')
    const what = text.length === 0 ? 'an empty body' : looksHtml ? 'HTML (a proxy or gateway page?)' : 'text that is not JSON'
    throw new ExchangeResponseError(status, `expected the JSON envelope, got ${what}`, { cause })
  }
}

/** The server's wait hint, when it is one that can be read. */
function retryAfterMs(headers: Headers): number | undefined {
  const hint = retryHintMs(headers)
  return Number.isNaN(hint) ? undefined : hint
}

/** Reads an answer into its envelope, or throws the typed error it stands for. Headers are read only for an error. */
export function openEnvelope<T>(status: number, text: string, headers: Headers): Envelope<T> {
  let parsed: unknown
  try {
    parsed = parseJson(status, text, headers)
    if (!isObject(parsed) || typeof parsed.success !== 'boolean') {
      throw new ExchangeResponseError(status, 'the body is JSON but not the { success, data, error, meta } envelope')
    }
  } catch (error) {
    // A 429 is a rate limit whoever wrote its body (a gateway's page): its wait hint still counts.
    if (status === 429) throw new ExchangeApiError(429, { code: 'HTTP_429' }, undefined, retryAfterMs(headers))
    throw error
  }
  const envelope = parsed as unknown as Envelope<T>
  const meta = isObject(envelope.meta) ? envelope.meta : undefined
  if (envelope.success && !envelope.error && status < 400) return envelope
  const error = isObject(envelope.error) ? envelope.error : undefined
  const code = typeof error?.code === 'string' ? error.code : status >= 400 ? `HTTP_${status}` : 'UNKNOWN_ERROR'
  throw new ExchangeApiError(
    status,
    {
      code,
      codeNum: typeof error?.codeNum === 'number' ? error.codeNum : undefined,
      message: typeof error?.message === 'string' ? error.message : undefined,
      details: isObject(error?.details) ? error.details : undefined,
    },
    typeof meta?.requestId === 'string' ? meta.requestId : undefined,
    retryAfterMs(headers),
  )
}
