import { ReferenceExchangeError } from './setup-error.ts'

/** The kinds of wallet onboarding verifies: EIP-191 on EVM chains, ed25519 on Solana. */
export type WalletType = 'evm' | 'solana'

export interface Account {
  id: string
  walletType: WalletType | null
  walletAddress: string | null
  createdAt: number
}

/** EVM addresses are case-insensitive (checksum casing); base58 Solana addresses are not. */
export const walletKey = (type: WalletType, address: string) => `${type}:${type === 'evm' ? address.toLowerCase() : address}`

/** Accounts and the wallets that own them. Balances and positions belong to the modules. */
export class AccountBook {
  readonly #byId = new Map<string, Account>()
  readonly #byWallet = new Map<string, Account>()
  /** Onboarded accounts that may expire, oldest first (a Map keeps insertion order). */
  readonly #expiring = new Map<string, Account>()
  #nextId = 1

  add(account: Account): Account {
    if (this.#byId.has(account.id)) throw new ReferenceExchangeError('accountId', 'unique', `the account ${account.id} exists already`)
    this.#byId.set(account.id, account)
    if (account.walletType && account.walletAddress) this.#byWallet.set(walletKey(account.walletType, account.walletAddress), account)
    return account
  }

  /** Adds an onboarded account that expires if it is still idle `ttlMs` after its creation. */
  addExpiring(account: Account): Account {
    this.add(account)
    this.#expiring.set(account.id, account)
    return account
  }

  /**
   * Looks at up to `most` of the oldest expiring accounts created `ttlMs` or more before `now`:
   * those still idle are removed (their ids returned), the others are kept for good.
   */
  expire(now: number, ttlMs: number, idle: (accountId: string) => boolean, most: number): string[] {
    const removed: string[] = []
    let looked = 0
    for (const account of this.#expiring.values()) {
      if (looked++ === most || account.createdAt + ttlMs > now) break
      this.#expiring.delete(account.id)
      if (!idle(account.id)) continue
      this.#byId.delete(account.id)
      if (account.walletType && account.walletAddress) this.#byWallet.delete(walletKey(account.walletType, account.walletAddress))
      removed.push(account.id)
    }
    return removed
  }

  /** When the oldest expiring account may expire (undefined: none may). */
  nextExpiry(ttlMs: number): number | undefined {
    const oldest = this.#expiring.values().next().value
    return oldest === undefined ? undefined : oldest.createdAt + ttlMs
  }

  /** A fresh account id that no seeded account uses. */
  nextId(): string {
    let id: string
    do id = `acc_${String(this.#nextId++).padStart(6, '0')}`
    while (this.#byId.has(id))
    return id
  }

  get(id: string): Account | undefined {
    return this.#byId.get(id)
  }

  byWallet(type: WalletType, address: string): Account | undefined {
    return this.#byWallet.get(walletKey(type, address))
  }

  get size(): number {
    return this.#byId.size
  }
}
