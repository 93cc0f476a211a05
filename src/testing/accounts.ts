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
  #nextId = 1

  add(account: Account): Account {
    if (this.#byId.has(account.id)) throw new ReferenceExchangeError('accountId', 'unique', `the account ${account.id} exists already`)
    this.#byId.set(account.id, account)
    if (account.walletType && account.walletAddress) this.#byWallet.set(walletKey(account.walletType, account.walletAddress), account)
    return account
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
