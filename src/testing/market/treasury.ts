/** Deposits and withdrawals: credited or paid out at once (the reference exchange has no chain). */
import type { Ledger } from './ledger.ts'
import { append, newestFirst } from './collections.ts'
import { type Decimal, formatDecimal } from './decimal.ts'
import type { IdSequence } from './venue.ts'

export interface Transfer {
  id: string
  token: string
  amount: string
  status: 'completed'
  txHash: string | null
  address: string | null
  createdAt: number
}

export class Treasury {
  readonly #ledger: Ledger
  readonly #ids: IdSequence
  readonly #deposits = new Map<string, Transfer[]>()
  readonly #withdrawals = new Map<string, Transfer[]>()

  constructor(ledger: Ledger, ids: IdSequence) {
    this.#ledger = ledger
    this.#ids = ids
  }

  deposit(accountId: string, token: string, amount: Decimal, txHash: string | undefined, now: number): Transfer {
    this.#ledger.credit(accountId, token, amount)
    return append(this.#deposits, accountId, { id: this.#ids.next(), token, amount: formatDecimal(amount), status: 'completed', txHash: txHash ?? null, address: null, createdAt: now })
  }

  /** Pays out from available; TRADE_INSUFFICIENT_BALANCE when short. */
  withdraw(accountId: string, token: string, amount: Decimal, address: string, now: number): Transfer {
    this.#ledger.debit(accountId, token, amount)
    return append(this.#withdrawals, accountId, { id: this.#ids.next(), token, amount: formatDecimal(amount), status: 'completed', txHash: null, address, createdAt: now })
  }

  /** Newest first. */
  deposits(accountId: string): Transfer[] {
    return newestFirst(this.#deposits, accountId)
  }

  withdrawals(accountId: string): Transfer[] {
    return newestFirst(this.#withdrawals, accountId)
  }
}
