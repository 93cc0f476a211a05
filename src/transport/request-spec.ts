// What a call (`RequestSpec`) and a client's transport settings (`TransportOptions`) are: the types
// the transport and its checks (prepare.ts) share.
import type { RetryOptions } from './retry.ts'

export type QueryScalar = string | number | boolean
export type QueryValue = QueryScalar | readonly QueryScalar[] | null | undefined

/** The service's four methods, uppercase (the signing payload carries it as sent). */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** One call: what `client.request` takes and every typed method ends in. */
export interface RequestSpec {
  method: HttpMethod
  /** Path under the base URL, e.g. `/api/v1/perp/orders`. A `?query` here is sent, never signed. */
  path: string
  query?: Record<string, QueryValue>
  /** An object is serialized once as compact JSON; a string is sent verbatim. Both are signed as sent. */
  body?: unknown
  /** Sign the call. Default: sign when the client has credentials. */
  auth?: boolean
  signal?: AbortSignal
  /** Safe to send again after a failure (a placement carrying a clientOrderId). */
  idempotent?: boolean
  /** Carried by the error when a write's outcome is unknown. */
  clientOrderId?: string
  /** A batch's clientOrderIds, one per order: carried by the error, and by a journal's record. */
  clientOrderIds?: readonly string[]
  /** What a journal records of the write: the typed method's name (`perp.placeOrder`) and its validated input. */
  intent?: WriteIntent
  /** Per attempt, in ms, the body read included. Default: the client's `timeoutMs`. */
  timeoutMs?: number
  /** The whole call, retries and waits included, in ms. Default: the client's `totalTimeoutMs`. */
  totalTimeoutMs?: number
}

/** A write as its typed method saw it, for a journal's record (src/journal): its name (`perp.placeOrder`) and validated input. */
export type WriteIntent = readonly [operation: string | undefined, input: Readonly<Record<string, unknown>> | undefined]

/** One write's record in a journal: written before each attempt leaves, removed once the outcome is definite. */
export interface JournalEntry {
  /** Resolves once the record, dated `signedAt` (this attempt's X-TIMESTAMP), is durable: the attempt leaves after. */
  signed(signedAt: number, body: string): Promise<void>
  /** How the call ended: a refusal's record goes, an unknown outcome's stays for `recover()`, an acceptance's as the journal keeps it. Never rejects. */
  end(outcome: 'accepted' | 'refused' | 'unknown'): Promise<void>
}

/** What a transport asks of the `journal` option (made by exchange-client/journal): an entry per signed write. */
export interface WriteJournal {
  begin(spec: RequestSpec, request: { readonly method: string; readonly url: URL }, transport: { readonly baseUrl: string; readonly gate?: { readonly apiKey: string } | undefined }): JournalEntry
}

export interface TransportOptions {
  baseUrl: string
  fetch?: typeof globalThis.fetch
  /** Per attempt (sending, waiting and reading the whole answer), in ms. Default 10000. */
  timeoutMs?: number
  /**
   * The whole call (every attempt, retry waits, clock re-measurement), in ms. Default 3 × timeoutMs
   * (30 s), the time the default three attempts may take.
   */
  totalTimeoutMs?: number
  retry?: RetryOptions | number | false
  /** Larger answers are refused. Default 16 MiB. */
  maxResponseBytes?: number
  /** Attach what was signed to authentication failures (`error.signing`), to debug a 401. */
  debugSignatures?: boolean
  /**
   * How far from this host's clock, in ms, the server's time as measured from /system/time may be for
   * a write or a login message to be dated by it before a signed call has confirmed it. Default (and
   * least) 30000, the service's tolerance: an altered or cached /system/time answer cannot get a write
   * signed for later. Raise it only on a host whose clock is known to be wrong, for onboarding there
   * (it has no key to confirm with); with a key, the client confirms by a signed read on its own.
   */
  maxUnconfirmedClockOffsetMs?: number
  /**
   * `'proxy'`: a backend signs this client's calls (a `signingProxy` at `baseUrl`). Calls that need a key
   * go out with no `X-API-KEY`, `X-TIMESTAMP` or `X-SIGNATURE` at all (a cross-origin GET then needs no
   * preflight), instead of being refused for lack of one; an unknown write outcome still carries the
   * time it left (`lastSignedAt`), so `reconcile` through the proxy can tell when "not found" is final.
   */
  signedBy?: 'proxy'
  /**
   * Records every signed write before it leaves, until its outcome is definite, so a process that
   * crashes mid-request can settle it on restart (`recover()`): `memoryJournal()`, `indexedDbJournal(name)`
   * or `journalOn(store)` of exchange-client/journal, `fileJournal(path)` of exchange-client/journal-file.
   */
  journal?: WriteJournal
}
