/**
 * Balances per account and token: `available` can be spent or locked, `locked` backs open orders.
 * Prediction shares are tokens here too (see `shareToken`), so selling shares locks them the same way.
 */
import { type Decimal, formatDecimal, min, parseDecimal } from './decimal.ts'
import { insufficientBalance } from './errors.ts'

/** The built-in market maker: quotes without balances; fills never settle against it. */
export const MARKET_MAKER = 'market-maker'

/**
 * Free USDC an account must keep (what its perp positions lack of their initial margin at the mark):
 * `check` refuses a use of `amount` out of `free` that would leave less.
 */
export interface HoldBack {
  amount: Decimal
  /** `words` name the use in the refusal (the request's field, "withdrawing", "can be withdrawn"); else it speaks of using USDC. */
  check(amount: Decimal, free: Decimal, words?: { field?: string; doing: string; may: string }): void
}

export interface Balance {
  available: Decimal
  locked: Decimal
}

/** Funds an order holds while it lives. `amount` is what is still locked. */
export interface Reserve {
  readonly accountId: string
  readonly token: string
  amount: Decimal
}

export class Ledger {
  readonly #byAccount = new Map<string, Map<string, Balance>>()
  /** Accounts whose balances something has used (a credit, debit or lock, even a refused one). */
  readonly #touched = new Set<string>()
  /** The hold-back on an account's token, applied to every debit and lock that passes none of its own. */
  holdBack: (accountId: string, token: string) => HoldBack | null = () => null

  /** Creates (or resets) an account with these balances, e.g. `{ USDC: "10000" }`. */
  open(accountId: string, balances: Record<string, string>): void {
    const tokens = new Map<string, Balance>()
    for (const [token, text] of Object.entries(balances)) {
      const available = parseDecimal(text)
      if (available === undefined || available < 0n) throw new Error(`balance of ${token} for ${accountId} is not a decimal: ${text}`)
      tokens.set(token, { available, locked: 0n })
    }
    this.#byAccount.set(accountId, tokens)
  }

  /** An account's balances; an account never opened starts empty on first use. */
  tokens(accountId: string): Map<string, Balance> {
    let tokens = this.#byAccount.get(accountId)
    if (!tokens) {
      tokens = new Map()
      this.#byAccount.set(accountId, tokens)
    }
    return tokens
  }

  balance(accountId: string, token: string): Balance {
    this.#touched.add(accountId)
    const tokens = this.tokens(accountId)
    let balance = tokens.get(token)
    if (!balance) {
      balance = { available: 0n, locked: 0n }
      tokens.set(token, balance)
    }
    return balance
  }

  /** True until something uses the account's balances (they are still as opened). */
  untouched(accountId: string): boolean {
    return !this.#touched.has(accountId)
  }

  /** Forgets the account's balances. */
  close(accountId: string): void {
    this.#byAccount.delete(accountId)
    this.#touched.delete(accountId)
  }

  /** A balance to read: zero when the account never held the token (nothing is stored). */
  peek(accountId: string, token: string): Balance {
    const balance = this.#byAccount.get(accountId)?.get(token)
    return balance ? { ...balance } : { available: 0n, locked: 0n }
  }

  credit(accountId: string, token: string, amount: Decimal): void {
    this.balance(accountId, token).available += amount
  }

  /**
   * Takes from available; TRADE_INSUFFICIENT_BALANCE when there is not enough. `held` is the
   * hold-back to respect: the account's by default, null for none.
   */
  debit(accountId: string, token: string, amount: Decimal, held?: HoldBack | null): void {
    this.requireAvailable(accountId, token, amount, 0n, held)
    this.balance(accountId, token).available -= amount
  }

  lock(accountId: string, token: string, amount: Decimal, held?: HoldBack | null): Reserve {
    this.requireAvailable(accountId, token, amount, 0n, held)
    const balance = this.balance(accountId, token)
    balance.available -= amount
    balance.locked += amount
    return { accountId, token, amount }
  }

  /** Gives back what the reserve still holds. */
  release(reserve: Reserve): void {
    const balance = this.balance(reserve.accountId, reserve.token)
    balance.locked -= reserve.amount
    balance.available += reserve.amount
    reserve.amount = 0n
  }

  /** Pays `amount` out of the reserve, the rest from available (as far as it goes); returns what was paid. */
  spend(reserve: Reserve, amount: Decimal): Decimal {
    const balance = this.balance(reserve.accountId, reserve.token)
    const fromReserve = min(amount, reserve.amount)
    reserve.amount -= fromReserve
    balance.locked -= fromReserve
    const fromAvailable = min(amount - fromReserve, balance.available)
    balance.available -= fromAvailable
    return fromReserve + fromAvailable
  }

  /**
   * Adds a signed amount (a profit or a loss) to available; a loss takes at most what is there.
   * Returns what a loss could not take (0 when it was all there).
   */
  adjust(accountId: string, token: string, amount: Decimal): Decimal {
    const balance = this.balance(accountId, token)
    const taken = amount >= 0n ? amount : -min(-amount, balance.available)
    balance.available += taken
    return taken - amount
  }

  /**
   * TRADE_INSUFFICIENT_BALANCE unless available (plus `freed`, about to be given back) covers
   * `amount`; then the hold-back's refusal unless what is left keeps it (the account's by default).
   */
  requireAvailable(accountId: string, token: string, amount: Decimal, freed: Decimal = 0n, held?: HoldBack | null): void {
    const available = this.peek(accountId, token).available + freed
    if (available < amount) throw insufficientBalance(token, formatDecimal(amount), formatDecimal(available))
    ;(held === undefined ? this.holdBack(accountId, token) : held)?.check(amount, available)
  }
}
