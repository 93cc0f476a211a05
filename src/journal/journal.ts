// A journal over a store: what a client's `journal` option holds. It writes a record before each
// signed write leaves (again before each retry, with that attempt's timestamp), removes it once the
// answer is definite, and keeps the rest for `recover()` after a crash.
import type { JournalEntry, RequestSpec, WriteJournal } from '../transport/http.ts'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'
import * as v from 'valibot'
import { explained } from '../api/input-issues.ts'
import { parseInput } from '../api/operation.ts'
import { ExchangeValidationError } from '../errors.ts'
import { isSignal } from '../transport/prepare.ts'
import { recoverFrom, type RecoverOptions, type RecoveryReport } from './recover.ts'
import type { JournalRecord, JournalStore } from './store.ts'

/** 16 random bytes as hex: a record's id, a writer's name. */
const randomHex = (): string => bytesToHex(globalThis.crypto.getRandomValues(new Uint8Array(16)))

// Synchronous: WebCrypto's digest is a round trip through a thread pool per write, most of the journal's cost.
const sha256Hex = (text: string): string => bytesToHex(sha256(utf8ToBytes(text)))

/** The market a write names: a symbol, a prediction market's id, or the first order's of a batch. */
function marketOf(input: Readonly<Record<string, unknown>> | undefined): string | undefined {
  const first = (input?.orders as Record<string, unknown>[] | undefined)?.[0]
  const market = input?.market ?? input?.marketId ?? first?.market ?? first?.marketId
  return market === undefined ? undefined : String(market)
}

export interface JournalOptions {
  /**
   * Keep the record of an accepted write until `acknowledge()` drops it, not only until the answer:
   * a crash after the answer came and before your own records took it in loses nothing either, as
   * `recover()` reports it applied. For a bot that keeps its own ledger. Default false.
   */
  keepAccepted?: boolean
}

// Checked as every input is: a caller without types who writes `keepAcepted` or `wiat` hears which was meant.
const journalOptions = explained(v.optional(v.strictObject({ keepAccepted: v.optional(v.boolean('must be true or false')) })))
const recoverOptions = explained(v.optional(v.strictObject({
  wait: v.optional(v.boolean('must be true or false')),
  pollMs: v.optional(v.pipe(v.number('must be a number of ms'), v.integer('must be a whole number of ms'), v.minValue(1, 'must be 1 ms or more'), v.maxValue(2 ** 31 - 1, 'must be below 2^31 ms'))),
  signal: v.optional(v.custom<AbortSignal>(isSignal, 'must be an AbortSignal')),
})))

/** A client's journal: `memoryJournal()`, `indexedDbJournal(name)`, `fileJournal(path)`, or `journalOn(store)`. */
export class Journal implements WriteJournal {
  readonly #store: JournalStore & { close?(): Promise<void> }
  readonly #keepAccepted: boolean
  /** This journal object's name in its records: the calls it has in flight are its own to settle. */
  readonly #writer = randomHex()
  readonly #inFlight = new Set<string>()
  /** With keepAccepted: the records of accepted writes not yet acknowledged, with their clientOrderIds. */
  readonly #accepted = new Map<string, readonly string[]>()
  #recovery: Promise<RecoveryReport> | undefined

  constructor(store: JournalStore, options?: JournalOptions) {
    const methods = ['put', 'delete', 'list'] as const
    const missing = methods.find((name) => typeof (store as Partial<JournalStore> | undefined)?.[name] !== 'function')
    if (missing) throw new ExchangeValidationError('store', 'type', `store: must have put, delete and list (async functions); ${missing} is missing`)
    this.#store = store
    this.#keepAccepted = parseInput(journalOptions, options)?.keepAccepted === true
  }

  /** A signed write is about to be sent: its entry writes the record before each attempt leaves. */
  begin(spec: RequestSpec, { method, url }: { readonly method: string; readonly url: URL }, transport: { readonly baseUrl: string; readonly gate?: { readonly apiKey: string } | undefined }): JournalEntry {
    const store = this.#store
    const inFlight = this.#inFlight
    const id = randomHex()
    const clientOrderIds = spec.clientOrderIds ?? (spec.clientOrderId === undefined ? [] : [spec.clientOrderId])
    const [operation = `${method} ${url.pathname}`, input] = spec.intent ?? []
    let record: JournalRecord | undefined
    let written = false
    inFlight.add(id)
    return {
      signed: async (signedAt, body) => {
        record = record
          ? { ...record, lastSignedAt: signedAt }
          : {
              id,
              operation,
              method,
              path: url.pathname,
              clientOrderIds,
              market: marketOf(input),
              input,
              bodyDigest: sha256Hex(body),
              firstSignedAt: signedAt,
              lastSignedAt: signedAt,
              baseUrl: transport.baseUrl,
              apiKey: transport.gate?.apiKey,
              writer: this.#writer,
            }
        await store.put(record)
        written = true
      },
      end: async (outcome) => {
        try {
          if (!written || outcome === 'unknown') return
          if (outcome === 'accepted' && this.#keepAccepted) this.#accepted.set(id, clientOrderIds)
          else await store.delete(id)
        } catch {
          // The record stays: recover() settles it again, which is harmless.
        } finally {
          inFlight.delete(id)
        }
      },
    }
  }

  /**
   * With `keepAccepted`: drops the records of accepted writes, now that your own records hold their
   * answers: the one that carried `clientOrderId`, or every one accepted so far (when writes go out
   * one at a time; with several in flight, name each).
   */
  async acknowledge(clientOrderId?: string): Promise<void> {
    if (clientOrderId !== undefined && typeof clientOrderId !== 'string') {
      throw new ExchangeValidationError('clientOrderId', 'type', 'clientOrderId: must be the clientOrderId (a string) the write carried, or nothing for every accepted write')
    }
    for (const [id, clientOrderIds] of this.#accepted) {
      if (clientOrderId !== undefined && !clientOrderIds.includes(clientOrderId)) continue
      this.#accepted.delete(id)
      await this.#store.delete(id)
    }
  }

  /** Every record the store holds: writes whose outcome was not definite when last seen (and those in flight now). */
  list(): Promise<JournalRecord[]> {
    return this.#store.list()
  }

  /**
   * Settles the records of writes not in flight in this process through `core` (see `RecoveryReport`).
   * Calls made while one runs share it: two recoveries never settle one record twice.
   */
  recover(core: object, options?: RecoverOptions): Promise<RecoveryReport> {
    try {
      parseInput(recoverOptions, options)
    } catch (error) {
      return Promise.reject(error)
    }
    this.#recovery ??= recoverFrom(core, this.#store, (id) => this.#inFlight.has(id), options).finally(() => {
      this.#recovery = undefined
    })
    return this.#recovery
  }

  /** Lets go of the store (a file journal's lock); the journal is unusable after. */
  async close(): Promise<void> {
    await this.#store.close?.()
  }
}

/** A journal over a store of your own: any object with async put, delete and list (see `JournalStore`). */
export function journalOn(store: JournalStore, options?: JournalOptions): Journal {
  return new Journal(store, options)
}
