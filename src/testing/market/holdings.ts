/**
 * Outcome shares an account holds: how many (from its balances), what they cost, and the PnL
 * realized by selling, redeeming or claiming them. Shares leave at their average cost.
 */
import type { Ledger } from './ledger.ts'
import type { Decimal } from './decimal.ts'

export interface Holding {
  shares: Decimal
  /** Shares locked by open sell orders (part of `shares`). */
  locked: Decimal
  /** What the shares still held cost. */
  cost: Decimal
  realized: Decimal
}

/** The account token that holds shares of one outcome. */
export function shareToken(marketId: string, outcomeIndex: number): string {
  return `shares:${marketId}:${outcomeIndex}`
}

export class Holdings {
  readonly #ledger: Ledger
  readonly #books = new Map<string, { cost: Decimal; realized: Decimal }>()

  constructor(ledger: Ledger) {
    this.#ledger = ledger
  }

  of(accountId: string, marketId: string, outcomeIndex: number): Holding {
    const { available, locked } = this.#ledger.peek(accountId, shareToken(marketId, outcomeIndex))
    const { cost, realized } = this.#books.get(key(accountId, marketId, outcomeIndex)) ?? { cost: 0n, realized: 0n }
    return { shares: available + locked, locked, cost, realized }
  }

  /** Books shares coming in (call once they are credited or about to be) at `cost`. */
  acquired(accountId: string, marketId: string, outcomeIndex: number, cost: Decimal): void {
    this.#entry(accountId, marketId, outcomeIndex).cost += cost
  }

  /** Books `shares` going out for `proceeds` (call while they are still held); returns the PnL realized. */
  released(accountId: string, marketId: string, outcomeIndex: number, shares: Decimal, proceeds: Decimal): Decimal {
    const held = this.of(accountId, marketId, outcomeIndex).shares
    const entry = this.#entry(accountId, marketId, outcomeIndex)
    const cost = held === 0n ? 0n : (entry.cost * shares) / held
    entry.cost -= cost
    entry.realized += proceeds - cost
    return proceeds - cost
  }

  #entry(accountId: string, marketId: string, outcomeIndex: number): { cost: Decimal; realized: Decimal } {
    const entryKey = key(accountId, marketId, outcomeIndex)
    let entry = this.#books.get(entryKey)
    if (!entry) {
      entry = { cost: 0n, realized: 0n }
      this.#books.set(entryKey, entry)
    }
    return entry
  }
}

function key(accountId: string, marketId: string, outcomeIndex: number): string {
  return `${accountId}\n${marketId}:${outcomeIndex}`
}
