// What a journal keeps, and the store it keeps it in: three async calls a user can implement for any
// storage (a database table, a KV namespace). The SDK's adapters (memory, IndexedDB, a file) are
// stores; `journalOn(store)` makes any of them the `journal` a client takes.

/**
 * One write that left, or was about to leave, and whose outcome is not yet known to be definite.
 * Written before the request is sent (and again before each retry, with its new `lastSignedAt`);
 * removed when the answer is definite (accepted or refused). Holds no secret: the API key's public
 * identifier, the validated input and a digest of the body.
 */
export interface JournalRecord {
  /** Unique: random, one per write (a caller's reused clientOrderId must not let one write's end remove another's record). */
  readonly id: string
  /** The client's group and method (`perp.placeOrder`), or `POST /api/v1/…` for `request()`. */
  readonly operation: string
  readonly method: string
  /** The path as sent (no query string). */
  readonly path: string
  /** Every clientOrderId the write carried: the order's, or one per order of a batch. */
  readonly clientOrderIds: readonly string[]
  /** The market (symbol, or a prediction market's id) the write concerns, when it names one. */
  readonly market?: string
  /** The validated input, as the typed method sent it: what recovery reads (amounts, addresses, order ids). */
  readonly input?: Readonly<Record<string, unknown>>
  /** SHA-256 of the body bytes as signed and sent, lowercase hex (of the empty string for no body). */
  readonly bodyDigest: string
  /** X-TIMESTAMP of the first signed attempt (server-clock ms; for a proxy-signed client, when it left). */
  readonly firstSignedAt: number
  /** X-TIMESTAMP of the latest signed attempt: the service may accept it until its clock passes this + 30 s. */
  readonly lastSignedAt: number
  /** The exchange's base URL, and the API key (its public identifier) the write was signed with. */
  readonly baseUrl: string
  readonly apiKey: string | undefined
  /**
   * Which journal object wrote it (random, one per journal and process): tells apart, in a store several
   * processes share, the records each left. recover() leaves alone the calls its own journal has in flight.
   */
  readonly writer: string
}

/**
 * Where a journal's records live. `put` must not resolve before the record is durable (it is awaited
 * before the request leaves); `delete` of an id that is not there is no error; `list` returns every
 * record put and not deleted.
 */
export interface JournalStore {
  put(record: JournalRecord): Promise<void>
  delete(id: string): Promise<void>
  list(): Promise<JournalRecord[]>
}
