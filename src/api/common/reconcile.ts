// After an OrderOutcomeUnknownError: was the order taken? "Not found" is only final once no attempt
// of the write can still be accepted, i.e. once the server's clock is past the latest signed
// timestamp plus the service's 30 s tolerance (plus a margin). Before that, a request held up on the
// way (a proxy, a retry queue) may still land.
import type { ClockReading } from '../../auth/clock-reading.ts'
import { TIMESTAMP_TOLERANCE_MS } from '../../auth/clock-rules.ts'
import { ExchangeNetworkError, ExchangeValidationError, type OrderOutcomeUnknownError } from '../../errors.ts'
import type { PaginateOptions } from '../paginate.ts'

/** Pages of each list a look-up by clientOrderId walks unless `maxPages` says otherwise: a list that never ends throws rather than loops. */
export const FIND_PAGES = 100

/** A look-up's walk of a list: the caller's options, `maxPages` FIND_PAGES unless given. */
export const findWalk = (options?: PaginateOptions): PaginateOptions => ({ ...options, maxPages: options?.maxPages === undefined ? FIND_PAGES : options.maxPages })

export { TIMESTAMP_TOLERANCE_MS } from '../../auth/clock-rules.ts'
/**
 * Added to the tolerance before "absent" is final: time for a request that passed the timestamp
 * check at the last moment to be recorded, and for clocks of the service's nodes to differ.
 */
export const RECONCILE_MARGIN_MS = 5_000

export type Reconciliation<O> =
  /** The exchange took the order. */
  | { status: 'found'; order: O }
  /** Final: no attempt can be accepted any more, and the order is nowhere. Safe to place it again. */
  | { status: 'absent' }
  /** Not found yet, but an attempt may still land until the server's clock passes `finalAt` (UTC ms). */
  | { status: 'pending'; finalAt: number | undefined }

export interface ReconcileOptions extends PaginateOptions {
  /** Which order of a batch (default: the error's first clientOrderId). */
  clientOrderId?: string
  /**
   * Keep looking until the answer is final (`found` or `absent`), or `signal` aborts (bound it with
   * `AbortSignal.timeout(ms)`: after a server clock step back, final may be minutes away). Default false.
   */
  wait?: boolean
  /** Between looks while waiting, in ms. Default 1000. */
  pollMs?: number
}

/** What reconciliation needs of a client: its estimate of the server's clock. */
export interface ServerTimeSource {
  readonly clock: ClockReading
  syncClock(): Promise<void>
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const aborted = () => {
      clearTimeout(timer)
      reject(new ExchangeNetworkError('aborted', 'reconciliation was aborted', { cause: signal?.reason }))
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', aborted)
      resolve()
    }, ms)
    if (signal?.aborted) aborted()
    else signal?.addEventListener('abort', aborted, { once: true })
  })
}

/**
 * Looks the order up by clientOrderId; "absent" only when the look-up began after `finalAt` by the
 * server's clock (the client's estimate less its uncertainty, so never early by the estimate's error).
 * An order only moves from open to history, so a look-up that begins after the last possible
 * acceptance cannot miss it.
 */
export async function reconcileOrder<O>(
  find: (clientOrderId: string, options: PaginateOptions) => Promise<O | undefined>,
  time: ServerTimeSource,
  error: Pick<OrderOutcomeUnknownError, 'clientOrderId' | 'clientOrderIds' | 'lastSignedAt'>,
  options?: ReconcileOptions,
): Promise<Reconciliation<O>> {
  // Its name, not instanceof: the error may come from another copy of the SDK (ESM beside a script tag).
  if ((error as Partial<Error> | undefined)?.name !== 'OrderOutcomeUnknownError') {
    throw new ExchangeValidationError('error', 'type', 'error: must be the OrderOutcomeUnknownError the write threw (findOrder looks an order up)')
  }
  const clientOrderId = options?.clientOrderId ?? error.clientOrderId ?? error.clientOrderIds[0]
  if (clientOrderId === undefined) throw new ExchangeValidationError('clientOrderId', 'missing', 'clientOrderId: the write carried none to look up')
  return settleWrite((call) => find(clientOrderId, call), time, error.lastSignedAt, options)
}

/**
 * Whether a write whose latest attempt was signed at `signedAt` (server-clock ms) took effect, by
 * `look` (what the exchange shows of it, or undefined while it shows nothing): `found`, `absent` only
 * when the look began after the last moment an attempt could be accepted (by a fresh, confirmed
 * measurement of the server's clock), else `pending`. A write's effect, once shown, stays shown
 * (an order moves from open to history; a withdrawal stays listed), so a look begun after that moment cannot miss it.
 */
export async function settleWrite<T>(
  look: (options: PaginateOptions) => Promise<T | undefined>,
  time: ServerTimeSource,
  signedAt: number | undefined,
  options?: Omit<ReconcileOptions, 'clientOrderId'>,
): Promise<Reconciliation<T>> {
  const pollMs = options?.pollMs ?? 1000
  // A poll that is not a sane number of ms would hammer the service.
  if (!(pollMs >= 1 && pollMs < 2 ** 31)) throw new ExchangeValidationError('pollMs', 'type', 'pollMs: must be a number of ms from 1 to 2^31')
  const finalAt = Number.isFinite(signedAt) ? signedAt! + TIMESTAMP_TOLERANCE_MS + RECONCILE_MARGIN_MS : undefined
  const { signal, timeoutMs, totalTimeoutMs, maxPages } = options ?? {}
  const earliestServerNow = () => time.clock.now() - time.clock.uncertaintyMs
  let lookedAgain = false
  for (;;) {
    if (!time.clock.synced) await time.syncClock()
    let serverNow = earliestServerNow()
    // "absent" rests on a fresh measurement: the server's clock may have stepped back since the last
    // one, making the signed timestamp acceptable again.
    if (finalAt !== undefined && serverNow > finalAt) {
      await time.syncClock()
      serverNow = earliestServerNow()
    }
    // … and on a confirmed one: a measurement altered forward would say "absent" while the write can still land.
    const confirmed = time.clock.confirmed
    const order = await look({ signal, timeoutMs, totalTimeoutMs, maxPages })
    if (order !== undefined) return { status: 'found', order }
    if (finalAt !== undefined && serverNow > finalAt) {
      if (confirmed) return { status: 'absent' }
      // The look-up, a signed read the service accepted, confirmed a right clock: look once more by it.
      if (!lookedAgain) {
        lookedAgain = true
        continue
      }
    }
    // Without a signed timestamp (an unsigned write) absence can never be proven.
    if (options?.wait !== true || finalAt === undefined) return { status: 'pending', finalAt }
    // Past the window here only by a clock no signed call confirmed: a poll's wait, not the window's rest.
    await pause(serverNow > finalAt ? pollMs : Math.min(pollMs, finalAt - serverNow + 1), signal)
  }
}
