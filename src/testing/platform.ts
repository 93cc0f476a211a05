import type { Account, AccountBook, WalletType } from './accounts.ts'
import type { KeyStore } from './auth/keys.ts'

/** What the built-in modules share: the clock, the service's name, accounts and keys. */
export interface Platform {
  readonly serviceName: string
  now(): number
  readonly accounts: AccountBook
  readonly keys: KeyStore
  /** Keys an account keeps at most; onboarding one more forgets its oldest. */
  readonly maxKeysPerAccount: number
  /** Forgets idle accounts past their lifetime; throws 503 UNAVAILABLE with the wait when still full. */
  makeRoomForAccount(): void
  /** Creates the account of a wallet seen for the first time and lets every module set it up. */
  openWalletAccount(walletType: WalletType, walletAddress: string): Account
}
