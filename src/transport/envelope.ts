import { ExchangeApiError, ExchangeResponseError, type ApiErrorBody } from './errors.ts'

/** Every answer of the service: `{ success, data, error, meta }`. */
export interface Envelope<T = unknown> {
  success: boolean
  data?: T
  error?: ApiErrorBody | null
  meta?: { requestId: string; timestamp: number }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function parseJson(status: number, text: string, contentType: string | null): unknown {
  try {
    return JSON.parse(text)
  } catch (cause) {
    const looksHtml = /^\s*</.test(text) || contentType?.includes('html')
    const what = text.length === 0 ? 'an empty body' : looksHtml ? 'HTML (a proxy or gateway page?)' : 'text that is not JSON'
    throw new ExchangeResponseError(status, `expected the JSON envelope, got ${what}`, { cause })
  }
}

/** Reads an answer into its envelope, or throws the typed error it stands for. */
export function openEnvelope<T>(status: number, text: string, contentType: string | null, retryAfterMs?: number): Envelope<T> {
  const parsed = parseJson(status, text, contentType)
  if (!isRecord(parsed) || typeof parsed.success !== 'boolean') {
    throw new ExchangeResponseError(status, 'the body is JSON but not the { success, data, error, meta } envelope')
  }
  const envelope = parsed as unknown as Envelope<T>
  const meta = isRecord(envelope.meta) ? envelope.meta : undefined
  if (envelope.success && !envelope.error && status < 400) return envelope
  const error = isRecord(envelope.error) ? envelope.error : undefined
  const code = typeof error?.code === 'string' ? error.code : status >= 400 ? `HTTP_${status}` : 'UNKNOWN_ERROR'
  throw new ExchangeApiError(
    status,
    {
      code,
      codeNum: typeof error?.codeNum === 'number' ? error.codeNum : undefined,
      message: typeof error?.message === 'string' ? error.message : undefined,
      details: isRecord(error?.details) ? error.details : undefined,
    },
    typeof meta?.requestId === 'string' ? meta.requestId : undefined,
    retryAfterMs,
  )
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined
  const seconds = Number(value)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}
